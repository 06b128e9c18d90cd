import { Effect, Option } from "effect"
import { version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"
import { DatabaseInfo } from "../db/database.js"
import { databaseStatus, latestMigration } from "../db/migrations.js"
import { ServerInstance } from "./instances.js"
import { ControlPanelRepo } from "./repo.js"

/** The figures of the control panel's health section: one instance's view of the installation. */
export class ControlPanelHealthCheck extends Effect.Service<ControlPanelHealthCheck>()(
  "@folio/server/ControlPanelHealthCheck",
  {
    effect: Effect.gen(function* () {
      const repo = yield* ControlPanelRepo
      const config = yield* AppConfig
      const { embedded } = yield* DatabaseInfo
      const instance = yield* ServerInstance

      const mail = repo.mailCounts.pipe(
        Effect.map((counts) => ({ smtpConfigured: Option.isSome(config.smtpUrl), ...counts })),
      )

      const check = Effect.gen(function* () {
        const started = performance.now()
        const status = yield* databaseStatus
        const latencyMs = Math.round((performance.now() - started) * 100) / 100
        const [instances, jobQueue, outbox, deliveryCounts] = yield* Effect.all(
          [instance.list, repo.jobQueue, mail, repo.deliveryCounts],
          { concurrency: "unbounded" },
        )
        return {
          checkedAt: new Date(),
          version,
          deploymentId: deploymentIdOf(config),
          database: { latencyMs, engine: status.engine, embedded },
          migration: { current: status.migration, latest: latestMigration },
          instances,
          jobs: jobQueue,
          mail: outbox,
          deliveries: deliveryCounts,
        }
      }).pipe(Effect.orDie)

      return { check } as const
    }),
    dependencies: [ServerInstance.Default, ControlPanelRepo.Default],
  },
) {}
