import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option, Redacted, Schedule } from "effect"
import nodemailer from "nodemailer"
import { AppConfig } from "../config.js"
import type { Message } from "./templates.js"

/** Attempts per message: at once, then after 1, 2, 4 and 8 minutes. */
export const mailAttempts = 5

/** No retry after this: the links a message carries may have expired, and the person moved on. */
const retryWindow = "30 minutes"

/** How many messages one instance sends at once; a retry claims no more than it is about to send. */
const retryConcurrency = 4

/** Claims run one after another in a retry round until none is due, at most this many. */
const retryRoundsPerRun = 25

/**
 * The most one attempt may take, start to end. Shorter than the smallest gap before the same
 * message is due again (a minute after the first attempt, then 2, 4, 8), so a message is never
 * being sent by two attempts at once.
 */
const attemptTimeout = "45 seconds"

/** The SMTP server's reply code of a failure, when it gave one (nodemailer's `responseCode`). */
const replyCodeOf = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === "number" ? code : undefined
}

interface Failure {
  readonly message: string
  /** A 5xx reply: the address or the message is refused for good; trying again cannot help. */
  readonly permanent: boolean
}

/**
 * Every message is first written to the outbox table. With `SMTP_URL` it is then delivered in
 * the background (so answering "we sent you a link" takes the same time whether or not the
 * account exists), and a failed delivery is tried again by `retryDue` (`MailRetryLive` runs it)
 * with a growing pause; without SMTP it stays in the outbox and the log prints it for development.
 */
export class Mailer extends Effect.Service<Mailer>()("@folio/server/Mailer", {
  scoped: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    // Short timeouts (nodemailer waits up to 2 and 10 minutes by default): an attempt is over
    // well within the minute before the same message is due again, so a slow relay is never
    // sent one message by two attempts at once.
    const transport = Option.map(config.smtpUrl, (url) =>
      nodemailer.createTransport({
        url: Redacted.value(url),
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 20_000,
      }),
    )
    yield* Effect.addFinalizer(() => Effect.sync(() => Option.map(transport, (t) => t.close())))

    /** One attempt; the outcome is written to the message's row. True when it was sent. */
    const deliver = (id: string, to: string, message: Message) =>
      Option.match(transport, {
        onNone: () =>
          Effect.logInfo(`Mail kept in the outbox (no SMTP_URL): "${message.subject}" to ${to}`).pipe(
            Effect.annotateLogs({ to, subject: message.subject, text: message.text }),
            Effect.as(false),
          ),
        onSome: (t) =>
          Effect.tryPromise({
            try: () =>
              t.sendMail({
                from: config.mailFrom,
                to,
                subject: message.subject,
                text: message.text,
                html: message.html,
              }),
            // The relay's own words (e.g. "451 Try again later") are what an operator needs.
            catch: (error): Failure => {
              const code = replyCodeOf(error)
              return {
                message: error instanceof Error ? error.message : String(error),
                permanent: code !== undefined && code >= 500 && code < 600,
              }
            },
          }).pipe(
            Effect.timeoutFail({
              duration: attemptTimeout,
              onTimeout: (): Failure => ({
                message: `No answer from the SMTP server within ${attemptTimeout}`,
                permanent: false,
              }),
            }),
            Effect.matchEffect({
              onSuccess: () =>
                sql`update outbox set sent_at = now(), last_error = null where id = ${id}`.pipe(
                  Effect.as(true),
                ),
              onFailure: (failure) =>
                Effect.logError(`Could not send mail: ${failure.message}`).pipe(
                  Effect.annotateLogs({ to, subject: message.subject, permanent: failure.permanent }),
                  Effect.zipRight(
                    // A permanent failure uses up the attempts: no retry will claim it.
                    sql`update outbox set last_error = ${failure.message.slice(0, 1000)},
                          attempts = case when ${failure.permanent} then greatest(attempts, ${mailAttempts})
                                          else attempts end
                        where id = ${id}`,
                  ),
                  Effect.as(false),
                ),
            }),
            // The database could not record the outcome: the log has it; a retry may send again.
            Effect.catchAll((error) =>
              Effect.logError("Could not record a mail delivery", error).pipe(Effect.as(false)),
            ),
          ),
      })

    const send = (to: string, message: Message) =>
      Effect.gen(function* () {
        // The first attempt is this one: the next is due a minute on, unless it succeeds.
        const rows = yield* sql<{ id: string }>`
          insert into outbox (to_address, subject, text_body, html_body, attempts, next_attempt_at)
          values (${to}, ${message.subject}, ${message.text}, ${message.html}, 1, now() + interval '1 minute')
          returning id`
        yield* Effect.forkDaemon(deliver(rows[0]!.id, to, message))
      }).pipe(Effect.orDie)

    /**
     * Claims up to `retryConcurrency` due messages: undelivered, younger than the retry window,
     * with attempts left, and not superseded by a newer message of the same subject to the same
     * address (a second sign-in link retires the first; sending the first late would only
     * confuse). A claim moves the next attempt on (2, 4, 8 minutes after the attempts so far),
     * so no other instance takes the message while this one sends it.
     */
    const claimDue = sql<{
      id: string
      toAddress: string
      subject: string
      textBody: string
      htmlBody: string
    }>`
      update outbox o
      set attempts = o.attempts + 1,
          next_attempt_at = now() + make_interval(mins => power(2, o.attempts)::int)
      from (select id from outbox d
            where sent_at is null and next_attempt_at <= now() and attempts < ${mailAttempts}
              and created_at > now() - ${retryWindow}::interval
              and not exists (select 1 from outbox n
                              where n.to_address = d.to_address and n.subject = d.subject
                                and n.created_at > d.created_at)
            order by next_attempt_at
            limit ${retryConcurrency}
            for update skip locked) claimed
      where o.id = claimed.id
      returning o.id, o.to_address, o.subject, o.text_body, o.html_body`

    /** Tries again the messages that are due, a claim at a time; returns how many were sent. */
    const retryDue = Effect.gen(function* () {
      if (Option.isNone(transport)) return 0
      let sent = 0
      for (let round = 0; round < retryRoundsPerRun; round++) {
        const due = yield* claimDue
        if (due.length === 0) break
        const outcomes = yield* Effect.forEach(
          due,
          (row) =>
            deliver(row.id, row.toAddress, { subject: row.subject, text: row.textBody, html: row.htmlBody }),
          { concurrency: retryConcurrency },
        )
        sent += outcomes.filter(Boolean).length
      }
      return sent
    }).pipe(Effect.orDie)

    return { send, retryDue } as const
  }),
}) {}

/** Looks for mail to try again every 15 seconds, for as long as the server runs. */
export const MailRetryLive = Layer.scopedDiscard(
  Effect.gen(function* () {
    const mailer = yield* Mailer
    yield* mailer.retryDue.pipe(
      Effect.catchAllCause((cause) => Effect.logError("Retrying mail failed", cause)),
      Effect.repeat(Schedule.spaced("15 seconds")),
      Effect.delay("15 seconds"),
      Effect.forkScoped,
    )
  }),
)
