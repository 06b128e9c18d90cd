import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, ServiceUnavailable } from "@folio/core"
import { Effect } from "effect"
import { startedAt, version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"
import { DatabaseInfo } from "../db/database.js"
import { databaseStatus, latestMigration } from "../db/migrations.js"

export const HealthLive = HttpApiBuilder.group(FolioApi, "health", (handlers) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const { embedded } = yield* DatabaseInfo
    const deploymentId = deploymentIdOf(config)
    return handlers.handle("health", () =>
      Effect.gen(function* () {
        const started = performance.now()
        const status = yield* databaseStatus
        const latencyMs = Math.round((performance.now() - started) * 100) / 100
        return {
          status: "ok" as const,
          version,
          deploymentId,
          database: { ok: true, latencyMs, engine: status.engine, embedded },
          migration: { current: status.migration, latest: latestMigration },
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        }
      }).pipe(
        Effect.timeoutFail({
          duration: "5 seconds",
          onTimeout: () =>
            new ServiceUnavailable({ message: "The database did not answer within 5 seconds." }),
        }),
        Effect.catchTag("SqlError", (error) =>
          Effect.logError("Health check failed", error).pipe(
            Effect.zipRight(new ServiceUnavailable({ message: "The database is unreachable." })),
          ),
        ),
      ),
    )
  }),
)
