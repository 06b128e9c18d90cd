import { SqlClient } from "@effect/sql"
import { DeliveryHealth, JobQueueHealth, MailHealth } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"
import { DatabaseInfo } from "../db/database.js"
import { databaseStatus, latestMigration } from "../db/migrations.js"
import { mailAttempts, retryWindow } from "../mail/mailer.js"
import { ServerInstance } from "./instances.js"

const decodeJobs = Schema.decodeUnknown(
  Schema.Struct({
    ...JobQueueHealth.omit("oldestReady").fields,
    oldestTask: Schema.NullOr(Schema.String),
    oldestRunAt: Schema.NullOr(Schema.DateFromSelf),
  }),
)
const decodeMail = Schema.decodeUnknown(
  Schema.Struct({ ...MailHealth.fields, oldestUnsentAt: Schema.NullOr(Schema.DateFromSelf) }),
)
const decodeDeliveries = Schema.decodeUnknown(DeliveryHealth)

/**
 * An outbox message no retry will claim: not sent, it failed, and it is out of attempts or past
 * the retry window (mail/mailer.ts). Messages sent for an email delivery (`next_attempt_at` is
 * 'infinity') are the delivery's to retry, so neither figure counts them.
 */
export const failedMailCondition = (sql: SqlClient.SqlClient) =>
  sql`(o.last_error is not null and (o.attempts >= ${mailAttempts} or o.created_at <= now() - ${retryWindow}::interval))`

/** The figures of the control panel's health section: one instance's view of the installation. */
export class ControlPanelHealthCheck extends Effect.Service<ControlPanelHealthCheck>()(
  "@folio/server/ControlPanelHealthCheck",
  {
    effect: Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const config = yield* AppConfig
      const { embedded } = yield* DatabaseInfo
      const instance = yield* ServerInstance

      // graphile-worker's own tables (0.17): `is_available` is "not locked and attempts left".
      const jobs = sql`
        select c.*, oldest.task as oldest_task, oldest.run_at as oldest_run_at
        from (select count(*) filter (where j.is_available and j.run_at <= now())::int as ready,
                     count(*) filter (where j.is_available and j.run_at > now())::int as scheduled,
                     count(*) filter (where j.locked_at is not null)::int as running,
                     count(*) filter (where j.is_available and j.attempts > 0)::int as retrying,
                     count(*) filter (where j.attempts >= j.max_attempts and j.locked_at is null)::int as failed
              from graphile_worker._private_jobs j) c
        left join lateral (
          select t.identifier as task, o.run_at
          from graphile_worker._private_jobs o
          join graphile_worker._private_tasks t on t.id = o.task_id
          where o.is_available and o.run_at <= now()
          order by o.run_at limit 1
        ) oldest on true`.pipe(
        Effect.flatMap((rows) => decodeJobs(rows[0])),
        Effect.map(({ oldestTask, oldestRunAt, ...counts }) => ({
          ...counts,
          oldestReady:
            oldestTask !== null && oldestRunAt !== null ? { task: oldestTask, runAt: oldestRunAt } : null,
        })),
      )

      const mail = sql`
        select count(*) filter (where not o.failed)::int as unsent,
               min(o.created_at) filter (where not o.failed) as oldest_unsent_at,
               count(*) filter (where o.failed)::int as failed
        from (select o.created_at, ${failedMailCondition(sql)} as failed
              from outbox o where o.sent_at is null and o.next_attempt_at <> 'infinity') o`.pipe(
        Effect.flatMap((rows) => decodeMail({ ...rows[0], smtpConfigured: Option.isSome(config.smtpUrl) })),
      )

      const deliveries = sql`
        select count(*) filter (where status in ('pending', 'sending'))::int as pending,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'dead')::int as dead
        from deliveries where status in ('pending', 'sending', 'failed', 'dead')`.pipe(
        Effect.flatMap((rows) => decodeDeliveries(rows[0])),
      )

      const check = Effect.gen(function* () {
        const started = performance.now()
        const status = yield* databaseStatus
        const latencyMs = Math.round((performance.now() - started) * 100) / 100
        const [instances, jobQueue, outbox, deliveryCounts] = yield* Effect.all(
          [instance.list, jobs, mail, deliveries],
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
    dependencies: [ServerInstance.Default],
  },
) {}
