import { SqlClient } from "@effect/sql"
import { type Actor, decodeCursor, encodeCursor, type FailedListParams, ValidationError } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { enqueueWith } from "../jobs/worker.js"
import { ControlPanelRepo } from "./repo.js"

const defaultLimit = 25
const badCursor = () =>
  ValidationError.field("cursor", "The page cursor is not valid; start again from the first page.")

/**
 * Background work that failed for good, and trying it again by hand: graphile-worker jobs out of
 * attempts, and outbox messages no retry will claim. Deliveries have their own log and retry
 * (channels/service.ts). Every retry is audited.
 */
export class FailedWork extends Effect.Service<FailedWork>()("@folio/server/FailedWork", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ControlPanelRepo
    const audit = yield* Audit

    /** Jobs out of attempts (and not running), newest first, keyset-paged by id. */
    const jobs = (params: FailedListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        const before = params.cursor === undefined ? undefined : decodeCursor(params.cursor)?.[0]
        if (params.cursor !== undefined && (typeof before !== "string" || !/^\d{1,19}$/.test(before))) {
          return yield* badCursor()
        }
        const rows = yield* repo.failedJobs(typeof before === "string" ? before : undefined, limit)
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
        const rows = yield* repo.rescheduleFailedJobs(ids)
        if (rows.length > 0) {
          yield* repo.notifyJobsInserted(rows.length)
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
        const rows = yield* repo.failedMail(after, limit)
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
        const rows = yield* repo.resetFailedMail(ids)
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
  dependencies: [ControlPanelRepo.Default, Audit.Default],
}) {}
