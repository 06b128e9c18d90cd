import { Effect, Option, Schema } from "effect"
import { Mailer } from "../mail/mailer.js"
import { NotificationsRepo } from "./repo.js"

/**
 * Queues the new sign-in notice for a session just opened, in the caller's transaction, when
 * its user keeps the notice on and the sign-in comes from a new device: a user agent none of the
 * user's other sessions (live or ended within the last 30 days, as housekeeping keeps them) had.
 * The account's first sign-in sends nothing: there is no device yet to call it new against.
 */
export const queueSignInNotice = (sessionId: string) =>
  Effect.flatMap(NotificationsRepo, (repo) => repo.queueSignInNotice(sessionId)).pipe(
    // Made on the caller's SqlClient, so the caller's transaction covers the job.
    Effect.provide(NotificationsRepo.Default),
    Effect.orDie,
  )

const NoticeJob = Schema.Struct({ sessionId: Schema.UUID })

/**
 * The `sign_in_notice` job: mails the user the time (in their time zone), the client address
 * and the user agent of the sign-in, with a link to their sessions in /profile. Sent through
 * the outbox, whose retry tries again if the relay refuses it for now.
 */
export const signInNoticeTask = (payload: unknown) =>
  Effect.gen(function* () {
    const repo = yield* NotificationsRepo
    const mailer = yield* Mailer
    const { sessionId } = yield* Schema.decodeUnknown(NoticeJob)(payload)
    const row = yield* repo.findSignIn(sessionId)
    if (Option.isNone(row)) return
    const found = row.value
    yield* mailer.send(found.email, {
      template: "sign_in_notice",
      userId: found.userId,
      name: found.name,
      at: found.createdAt.toISOString(),
      ip: found.ip,
      userAgent: found.userAgent,
      client: found.kind,
      timezone: found.timezone,
    })
  }).pipe(
    // The repository is made on the caller's SqlClient: the task needs only that and the Mailer.
    Effect.provide(NotificationsRepo.Default),
  )
