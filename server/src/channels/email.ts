import { Effect, Option } from "effect"
import { AppConfig } from "../config.js"
import { Mailer, type SendOutcome } from "../mail/mailer.js"
import type { Attempt } from "./deliver.js"
import { type ClaimedDelivery, DeliveriesRepo } from "./deliveriesRepo.js"

/** Messages one attempt has in flight at once, and so recipients it claims at a time. */
const sendConcurrency = 8

/**
 * How long a claimed recipient is left to the attempt that claimed it: longer than one message
 * can take (the mailer gives up on a message after 45 s), so two attempts of one delivery that
 * run at once (a retry while the last attempt still sends) never mail one person twice.
 */
const claimLease = "2 minutes"

/** A channel test: can the server reach the mail relay? Nobody is mailed. */
const testAttempt = Effect.gen(function* () {
  const mailer = yield* Mailer
  const config = yield* AppConfig
  if (Option.isNone(config.smtpUrl))
    return { kind: "dead", message: "SMTP_URL is not set, so no email can be sent" } satisfies Attempt
  const problem = yield* mailer.verify
  return Option.match(problem, {
    onNone: (): Attempt => ({ kind: "delivered", recipients: 0 }),
    onSome: (message): Attempt => ({ kind: "failed", message: `The mail server: ${message}` }),
  })
})

/**
 * One attempt of an email delivery. Its recipients are worked out anew (someone who unsubscribed
 * since the last attempt is not mailed; someone who joined is) and recorded in
 * `delivery_recipients`; the attempt then mails, through the outbox, those not yet sent, a few at
 * a time, each claimed first. A recipient the relay accepted is marked sent and never mailed
 * again by this delivery; one it refused for good (5xx) is marked refused and not tried again;
 * one it refused for now makes the attempt `failed`, and the delivery's next attempt (with its
 * back-off) tries those again. Nobody is mailed twice unless the server stops between the relay
 * accepting a message and the mark being written.
 */
export const deliverEmail = (delivery: ClaimedDelivery) =>
  Effect.gen(function* () {
    if (delivery.reportId === null) return yield* testAttempt
    const reportId = delivery.reportId
    const deliveries = yield* DeliveriesRepo
    const mailer = yield* Mailer
    const config = yield* AppConfig
    if ((yield* deliveries.reportStatus(reportId)) !== "published")
      return {
        kind: "dead",
        message: "The report is no longer published, so it is not mailed",
      } satisfies Attempt

    const eligible = yield* deliveries.eligibleRecipients(delivery, reportId)
    yield* deliveries.addRecipients(delivery.id, eligible)
    // No longer eligible and not mailed yet (unsubscribed, left the team, company suspended…).
    yield* deliveries.dropRecipientsOtherThan(
      delivery.id,
      eligible.map((r) => r.userId),
    )

    const failures: Array<string> = []
    const failedIds: Array<string> = []
    let kept = false
    for (;;) {
      const batch = yield* deliveries.claimRecipients(delivery.id, failedIds, sendConcurrency, claimLease)
      if (batch.length === 0) break
      yield* Effect.forEach(
        batch,
        (recipient) =>
          Effect.gen(function* () {
            const outcome: SendOutcome = yield* mailer.sendNow(recipient.email, {
              template: "report",
              userId: recipient.userId,
              name: recipient.name,
              reportId,
              event: delivery.event === "report.corrected" ? "report.corrected" : "report.published",
              changeNote: delivery.changeNote,
            })
            // Without SMTP_URL nothing is sent; the development mail log counts as the transport.
            if (outcome.kind === "sent" || (outcome.kind === "kept" && outcome.printed)) {
              yield* deliveries.markSent(delivery.id, recipient.userId)
              return
            }
            const message =
              outcome.kind === "kept"
                ? "SMTP_URL is not set: the message is kept in the outbox, unsent"
                : outcome.message.slice(0, 1000)
            if (outcome.kind === "kept") kept = true
            failures.push(message)
            failedIds.push(recipient.userId)
            yield* deliveries.markUnsent(
              delivery.id,
              recipient.userId,
              message,
              outcome.kind === "failed" && outcome.permanent ? new Date() : null,
            )
          }),
        { concurrency: sendConcurrency, discard: true },
      )
    }

    const { sent, refused, waiting, claimed } = (yield* deliveries.recipientCounts(delivery.id)) ?? {
      sent: 0,
      refused: 0,
      waiting: 0,
      claimed: 0,
    }
    if (waiting === 0) return { kind: "delivered", recipients: sent } satisfies Attempt
    if (kept && !config.devMailLog)
      return {
        kind: "dead",
        message: `SMTP_URL is not set, so no report email can be sent (${waiting} waiting); retry once it is`,
      } satisfies Attempt
    const first = failures[0]
    return {
      kind: "failed",
      message:
        `${waiting} of ${sent + refused + waiting} recipients not mailed yet` +
        (claimed > 0 ? ` (${claimed} being sent by another attempt)` : "") +
        (first ? `: ${first}` : "") +
        (refused > 0 ? `; ${refused} refused for good` : ""),
    } satisfies Attempt
  }).pipe(Effect.orDie)
