import { SqlClient } from "@effect/sql"
import {
  type Actor,
  decodeCursor,
  encodeCursor,
  FailedJob,
  type FailedListParams,
  FailedMail,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { enqueueWith } from "../jobs/worker.js"
import { failedMailCondition } from "./health.js"

const decodeJobs = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({ ...FailedJob.fields, createdAt: Schema.DateFromSelf, failedAt: Schema.DateFromSelf }),
  ),
)
const decodeMail = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...FailedMail.fields,
      createdAt: Schema.DateFromSelf,
      /** created_at at µs precision, the page cursor's key. */
      createdKey: Schema.String,
    }),
  ),
)

const defaultLimit = 25
const badCursor = () =>
  ValidationError.field("cursor", "The page cursor is not valid; start again from the first page.")

/** The last error as an operator reads it: a stack trace's first lines are enough. */
const errorExcerpt = 2000

/**
 * Background work that failed for good, and trying it again by hand: graphile-worker jobs out of
 * attempts, and outbox messages no retry will claim. Deliveries have their own log and retry
 * (channels/service.ts). Every retry is audited.
 */
export class FailedWork extends Effect.Service<FailedWork>()("@folio/server/FailedWork", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit

    /** Jobs out of attempts (and not running), newest first, keyset-paged by id. */
    const jobs = (params: FailedListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        const before = params.cursor === undefined ? undefined : decodeCursor(params.cursor)?.[0]
        if (params.cursor !== undefined && (typeof before !== "string" || !/^\d{1,19}$/.test(before))) {
          return yield* badCursor()
        }
        const rows = yield* sql`
          select j.id::text, t.identifier as task, j.attempts, j.max_attempts,
                 left(j.last_error, ${errorExcerpt}) as last_error, j.created_at, j.updated_at as failed_at, j.key
          from graphile_worker._private_jobs j
          join graphile_worker._private_tasks t on t.id = j.task_id
          where j.attempts >= j.max_attempts and j.locked_at is null
            and ${before === undefined ? sql`true` : sql`j.id < ${before}::bigint`}
          order by j.id desc limit ${limit + 1}`.pipe(Effect.flatMap(decodeJobs), Effect.orDie)
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null }
      })

    /**
     * Puts failed jobs back in the queue with their attempts reset, due now, and wakes the
     * workers (graphile-worker listens on `jobs:insert`). Jobs with attempts left, running or
     * gone are left alone: only what was retried is counted and audited.
     */
    const retryJobs = (actor: Actor, ids: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ id: string; task: string }>`
          select r.id::text, t.identifier as task
          from graphile_worker.reschedule_jobs(
            array(select id from graphile_worker._private_jobs
                  where id = any(${ids}::bigint[]) and attempts >= max_attempts and locked_at is null),
            run_at => now(), attempts => 0) r
          join graphile_worker._private_tasks t on t.id = r.task_id`
        if (rows.length > 0) {
          yield* sql`select pg_notify('jobs:insert', json_build_object('r', random(), 'count', ${rows.length}::int)::text)`
          yield* audit.record({
            action: "job.retry",
            actor: actor.user,
            target: { type: "job", id: rows.length === 1 ? rows[0]!.id : "many" },
            after: { jobs: rows.map((row) => ({ id: row.id, task: row.task })) },
          })
        }
        return { retried: rows.length }
      }).pipe(sql.withTransaction, Effect.orDie)

    /** Outbox messages no retry will claim, newest first, keyset-paged by (created_at, id). */
    const mail = (params: FailedListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        const after = yield* timeCursor(params.cursor, "uuid")
        const rows = yield* sql`
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
          Effect.flatMap(decodeMail),
          Effect.orDie,
        )
        const page = timePage(rows, limit, (row) => ({ at: row.createdKey, id: row.id }))
        return { items: page.items.map(({ createdKey: _, ...row }) => row), nextCursor: page.nextCursor }
      })

    /**
     * Sends failed messages again as if newly written: one attempt now (the `mail_send` job, in
     * this transaction), then the usual retries. A link letter gets a newly issued link when it
     * is rendered, so nothing old is reused.
     */
    const retryMail = (actor: Actor, ids: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ id: string; template: string | null }>`
          update outbox o
          set attempts = 1, last_error = null, created_at = now(), next_attempt_at = now() + interval '1 minute'
          where o.id = any(${ids}::uuid[]) and o.sent_at is null and o.next_attempt_at <> 'infinity'
            and ${failedMailCondition(sql)}
          returning o.id, o.template`
        yield* Effect.forEach(
          rows,
          (row) => enqueueWith(sql, "mail_send", { id: row.id }, { maxAttempts: 1 }),
          {
            discard: true,
          },
        )
        if (rows.length > 0) {
          yield* audit.record({
            action: "mail.retry",
            actor: actor.user,
            target: { type: "mail", id: rows.length === 1 ? rows[0]!.id : "many" },
            after: { messages: rows.map((row) => ({ id: row.id, template: row.template })) },
          })
        }
        return { retried: rows.length }
      }).pipe(sql.withTransaction, Effect.orDie)

    return { jobs, retryJobs, mail, retryMail } as const
  }),
  dependencies: [Audit.Default],
}) {}
