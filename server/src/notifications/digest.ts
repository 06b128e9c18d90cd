import { Effect, Schema } from "effect"
import { Mailer } from "../mail/mailer.js"
import { NotificationsRepo } from "./repo.js"

/** Reports listed in one digest; the rest are counted ("and 12 more"). */
const listedPerDigest = 20

/** Digests in flight at once. */
const sendConcurrency = 8

/** graphile-worker puts the time a cron job was due in its payload; a retry keeps it. */
const CronPayload = Schema.Struct({
  _cron: Schema.optional(Schema.Struct({ ts: Schema.String })),
})

/**
 * The weekly digest (the `digest` job, Mondays 07:00 UTC): to each active user who turned the
 * digest on, the reports that became readable to them in the 7 days before the job was due —
 * for a client reader, published reports whose audience names them (all clients, their company,
 * one of their teams), once the entry's embargo passed, in a sector their company is entitled to;
 * for the publisher's people, every report published. A week with nothing for someone sends them
 * nothing. `digest_sends` records each digest sent (one per person and week), so a job that runs
 * again mails only those it has not; a digest the relay refused for now is unrecorded again and
 * the job fails, so graphile-worker retries it for them.
 */
export const digestTask = (payload: unknown) =>
  Effect.gen(function* () {
    const repo = yield* NotificationsRepo
    const mailer = yield* Mailer
    const cron = Schema.decodeUnknownOption(CronPayload)(payload)
    const dueAt = cron._tag === "Some" && cron.value._cron ? new Date(cron.value._cron.ts) : new Date()
    const until = Number.isNaN(dueAt.getTime()) ? new Date() : dueAt
    const since = new Date(until.getTime() - 7 * 24 * 3_600_000)
    const rows = yield* repo.digestsDue(since, until, listedPerDigest)
    const outcomes = yield* Effect.forEach(
      rows,
      (row) =>
        Effect.gen(function* () {
          const claimed = yield* repo.claimDigest(row.userId, row.weekOf, row.total)
          if (!claimed) return "skipped" as const
          const outcome = yield* mailer.sendNow(row.email, {
            template: "digest",
            userId: row.userId,
            name: row.name,
            weekOf: row.weekOf,
            reportIds: row.reportIds,
            more: row.total - row.reportIds.length,
          })
          if (outcome.kind === "failed" && !outcome.permanent) {
            yield* repo.releaseDigest(row.userId, row.weekOf)
            return "retry" as const
          }
          // Refused for good (5xx) or kept without SMTP_URL: recorded, not tried again.
          return outcome.kind === "sent" ? ("sent" as const) : ("skipped" as const)
        }),
      { concurrency: sendConcurrency },
    )
    const retry = outcomes.filter((o) => o === "retry").length
    if (retry > 0)
      return yield* Effect.fail(new Error(`${retry} of ${rows.length} digests could not be sent yet`))
    return { sent: outcomes.filter((o) => o === "sent").length }
  }).pipe(
    // The repository is made on the caller's SqlClient: the task needs only that and the Mailer.
    Effect.provide(NotificationsRepo.Default),
  )
