import { SqlClient } from "@effect/sql"
import {
  ActiveSession,
  DeliveryHealth,
  FailedJob,
  FailedMail,
  instanceGoneAfterSeconds,
  JobQueueHealth,
  MailHealth,
  ServerInstance as ServerInstanceRow,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { containsPattern } from "../db/keyset.js"
import type { TimeKey } from "../db/timeCursor.js"
import { mailAttempts, retryWindow } from "../mail/mailer.js"

const decodeInstances = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...ServerInstanceRow.fields,
      startedAt: Schema.DateFromSelf,
      lastHeartbeatAt: Schema.DateFromSelf,
      stoppedAt: Schema.NullOr(Schema.DateFromSelf),
    }),
  ),
)
const decodeJobQueue = Schema.decodeUnknown(
  Schema.Struct({
    ...JobQueueHealth.omit("oldestReady").fields,
    oldestTask: Schema.NullOr(Schema.String),
    oldestRunAt: Schema.NullOr(Schema.DateFromSelf),
  }),
)
const decodeMailCounts = Schema.decodeUnknown(
  Schema.Struct({
    ...MailHealth.omit("smtpConfigured").fields,
    oldestUnsentAt: Schema.NullOr(Schema.DateFromSelf),
  }),
)
const decodeDeliveryCounts = Schema.decodeUnknown(DeliveryHealth)
const decodeFailedJobs = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({ ...FailedJob.fields, createdAt: Schema.DateFromSelf, failedAt: Schema.DateFromSelf }),
  ),
)
const decodeFailedMail = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...FailedMail.fields,
      createdAt: Schema.DateFromSelf,
      /** created_at at µs precision, the page cursor's key. */
      createdKey: Schema.String,
    }),
  ),
)
const decodeSessions = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...ActiveSession.fields,
      createdAt: Schema.DateFromSelf,
      lastSeenAt: Schema.DateFromSelf,
      expiresAt: Schema.DateFromSelf,
      /** last_seen_at at µs precision, the page cursor's key. */
      seenKey: Schema.String,
    }),
  ),
)

/** The last error as an operator reads it: a stack trace's first lines are enough. */
const errorExcerpt = 2000

/**
 * An outbox message no retry will claim: not sent, it failed, and it is out of attempts or past
 * the retry window (mail/mailer.ts). Messages sent for an email delivery (`next_attempt_at` is
 * 'infinity') are the delivery's to retry, so neither figure counts them.
 */
const failedMailCondition = (sql: SqlClient.SqlClient) =>
  sql`(o.last_error is not null and (o.attempts >= ${mailAttempts} or o.created_at <= now() - ${retryWindow}::interval))`

/** A server instance's row as it registers. */
export interface NewInstance {
  readonly id: string
  readonly deploymentId: string
  readonly version: string
  readonly hostname: string
  readonly pid: number
}

/** What the live sessions are filtered and paged by. */
export interface ActiveSessionQuery {
  /** Sessions idle longer than this are over. */
  readonly idleSeconds: number
  /** Part of the user's email or name, trimmed and not empty. */
  readonly search: string | undefined
  readonly after: Option.Option<TimeKey>
  readonly limit: number
  /** The session asking, marked `current`. */
  readonly current: Option.Option<string>
}

/**
 * The control panel's SQL: server instances and their heartbeats, the health figures (the job
 * queue, the mail outbox, deliveries), work that failed for good and trying it again, and the
 * live sessions.
 */
export class ControlPanelRepo extends Effect.Service<ControlPanelRepo>()("@folio/server/ControlPanelRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** Deletes the rows of instances not heard from for `interval` (a PostgreSQL interval). */
    const forgetInstances = (interval: string) =>
      sql`delete from server_instances where last_heartbeat_at < now() - ${interval}::interval`.pipe(
        Effect.asVoid,
      )

    const insertInstance = (row: NewInstance) =>
      sql`
        insert into server_instances (id, deployment_id, version, hostname, pid)
        values (${row.id}, ${row.deploymentId}, ${row.version}, ${row.hostname}, ${row.pid})`.pipe(
        Effect.asVoid,
      )

    const heartbeat = (id: string) =>
      sql`update server_instances set last_heartbeat_at = now() where id = ${id}`.pipe(Effect.asVoid)

    const markStopped = (id: string) =>
      sql`update server_instances set stopped_at = now(), last_heartbeat_at = now() where id = ${id}`.pipe(
        Effect.asVoid,
      )

    /** Instances heard from in the last day, the running ones first, then newest first; `current` marked. */
    const instances = (current: string) =>
      sql`
        select id, deployment_id, version, hostname, pid, started_at, last_heartbeat_at, stopped_at,
               case when stopped_at is not null then 'stopped'
                    when last_heartbeat_at < now() - make_interval(secs => ${instanceGoneAfterSeconds}) then 'gone'
                    else 'running' end as state,
               id = ${current} as current
        from server_instances
        where last_heartbeat_at > now() - interval '1 day'
        order by (stopped_at is null and last_heartbeat_at >= now() - make_interval(secs => ${instanceGoneAfterSeconds})) desc,
                 started_at desc
        limit 50`.pipe(Effect.flatMap(decodeInstances), Effect.orDie)

    // graphile-worker's own tables (0.17): `is_available` is "not locked and attempts left".
    const jobQueue = sql`
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
      Effect.flatMap((rows) => decodeJobQueue(rows[0])),
      Effect.map(({ oldestTask, oldestRunAt, ...counts }) => ({
        ...counts,
        oldestReady:
          oldestTask !== null && oldestRunAt !== null ? { task: oldestTask, runAt: oldestRunAt } : null,
      })),
    )

    /** The outbox's figures: unsent (and the oldest of those) and failed for good. */
    const mailCounts = sql`
      select count(*) filter (where not o.failed)::int as unsent,
             min(o.created_at) filter (where not o.failed) as oldest_unsent_at,
             count(*) filter (where o.failed)::int as failed
      from (select o.created_at, ${failedMailCondition(sql)} as failed
            from outbox o where o.sent_at is null and o.next_attempt_at <> 'infinity') o`.pipe(
      Effect.flatMap((rows) => decodeMailCounts(rows[0])),
    )

    const deliveryCounts = sql`
      select count(*) filter (where status in ('pending', 'sending'))::int as pending,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'dead')::int as dead
      from deliveries where status in ('pending', 'sending', 'failed', 'dead')`.pipe(
      Effect.flatMap((rows) => decodeDeliveryCounts(rows[0])),
    )

    /** Jobs out of attempts (and not running), newest first, below job `before`; one more than `limit`. */
    const failedJobs = (before: string | undefined, limit: number) =>
      sql`
        select j.id::text, t.identifier as task, j.attempts, j.max_attempts,
               left(j.last_error, ${errorExcerpt}) as last_error, j.created_at, j.updated_at as failed_at, j.key
        from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where j.attempts >= j.max_attempts and j.locked_at is null
          and ${before === undefined ? sql`true` : sql`j.id < ${before}::bigint`}
        order by j.id desc limit ${limit + 1}`.pipe(Effect.flatMap(decodeFailedJobs), Effect.orDie)

    /**
     * Puts those of `ids` that failed for good (and are not running) back in the queue with their
     * attempts reset, due now; the jobs rescheduled.
     */
    const rescheduleFailedJobs = (ids: ReadonlyArray<string>) =>
      sql<{ id: string; task: string }>`
        select r.id::text, t.identifier as task
        from graphile_worker.reschedule_jobs(
          array(select id from graphile_worker._private_jobs
                where id = any(${ids}::bigint[]) and attempts >= max_attempts and locked_at is null),
          run_at => now(), attempts => 0) r
        join graphile_worker._private_tasks t on t.id = r.task_id`

    /** Wakes the workers: graphile-worker listens on `jobs:insert`. */
    const notifyJobsInserted = (count: number) =>
      sql`select pg_notify('jobs:insert', json_build_object('r', random(), 'count', ${count}::int)::text)`.pipe(
        Effect.asVoid,
      )

    /** Outbox messages no retry will claim, newest first, after `after`; one more than `limit`. */
    const failedMail = (after: Option.Option<TimeKey>, limit: number) =>
      sql`
        select o.id, o.to_address as to, coalesce(o.template, 'message') as template, o.attempts,
               left(o.last_error, ${errorExcerpt}) as last_error, o.created_at,
               to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
        from outbox o
        where o.sent_at is null and o.next_attempt_at <> 'infinity' and ${failedMailCondition(sql)}
          and ${Option.match(after, {
            onNone: () => sql`true`,
            onSome: (key) => sql`(o.created_at, o.id) < (${key.at}::timestamptz, ${key.id}::uuid)`,
          })}
        order by o.created_at desc, o.id desc limit ${limit + 1}`.pipe(
        Effect.flatMap(decodeFailedMail),
        Effect.orDie,
      )

    /**
     * Those of `ids` that failed for good, made as if newly written with one attempt made; the
     * messages reset.
     */
    const resetFailedMail = (ids: ReadonlyArray<string>) =>
      sql<{ id: string; template: string | null }>`
        update outbox o
        set attempts = 1, last_error = null, created_at = now(), next_attempt_at = now() + interval '1 minute'
        where o.id = any(${ids}::uuid[]) and o.sent_at is null and o.next_attempt_at <> 'infinity'
          and ${failedMailCondition(sql)}
        returning o.id, o.template`

    /**
     * Live sessions across users, most recently active first: not revoked, not expired, not idle
     * past the timeout, of an active account; one more than `limit`.
     */
    const activeSessions = (query: ActiveSessionQuery) => {
      const clauses = [
        sql`s.revoked_at is null`,
        sql`s.expires_at > now()`,
        sql`s.last_seen_at > now() - make_interval(secs => ${query.idleSeconds})`,
        sql`u.status = 'active'`,
      ]
      if (query.search !== undefined) {
        const pattern = containsPattern(query.search)
        clauses.push(sql`(lower(u.email) like ${pattern} or lower(u.name) like ${pattern})`)
      }
      if (Option.isSome(query.after)) {
        clauses.push(
          sql`(s.last_seen_at, s.id) < (${query.after.value.at}::timestamptz, ${query.after.value.id}::uuid)`,
        )
      }
      return sql`
        select s.id, s.user_id, u.email as user_email, u.name as user_name, c.name as company_name,
               s.kind, s.ip, s.user_agent, s.created_at, s.last_seen_at, s.expires_at,
               coalesce(s.id = ${Option.getOrNull(query.current)}::uuid, false) as current,
               to_char(s.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as seen_key
        from sessions s
        join users u on u.id = s.user_id
        join companies c on c.id = u.company_id
        where ${sql.and(clauses)}
        order by s.last_seen_at desc, s.id desc limit ${query.limit + 1}`.pipe(
        Effect.flatMap(decodeSessions),
        Effect.orDie,
      )
    }

    return {
      forgetInstances,
      insertInstance,
      heartbeat,
      markStopped,
      instances,
      jobQueue,
      mailCounts,
      deliveryCounts,
      failedJobs,
      rescheduleFailedJobs,
      notifyJobsInserted,
      failedMail,
      resetFailedMail,
      activeSessions,
    } as const
  }),
}) {}
