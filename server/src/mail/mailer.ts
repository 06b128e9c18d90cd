import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option, Redacted, Schedule } from "effect"
import nodemailer from "nodemailer"
import { AppConfig } from "../config.js"
import type { Message } from "./templates.js"

/** Attempts per message: at once, then after 1, 2, 4 and 8 minutes. */
export const mailAttempts = 5

/** No retry after this: the links a message carries may have expired, and the person moved on. */
const retryWindow = "30 minutes"

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
            catch: (error) => (error instanceof Error ? error.message : String(error)),
          }).pipe(
            Effect.matchEffect({
              onSuccess: () =>
                sql`update outbox set sent_at = now(), last_error = null where id = ${id}`.pipe(
                  Effect.as(true),
                ),
              onFailure: (error) =>
                Effect.logError(`Could not send mail: ${error}`).pipe(
                  Effect.annotateLogs({ to, subject: message.subject }),
                  Effect.zipRight(
                    sql`update outbox set last_error = ${error.slice(0, 1000)} where id = ${id}`,
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
     * Tries again every undelivered message that is due, younger than the retry window, with
     * attempts left; returns how many were sent. Each is claimed first (its next attempt moved
     * on: 1, 2, 4, 8 minutes after the attempts so far), so instances never send one twice at once.
     */
    const retryDue = Effect.gen(function* () {
      if (Option.isNone(transport)) return 0
      const due = yield* sql<{
        id: string
        toAddress: string
        subject: string
        textBody: string
        htmlBody: string
      }>`
        update outbox o
        set attempts = o.attempts + 1,
            next_attempt_at = now() + make_interval(mins => power(2, o.attempts)::int)
        from (select id from outbox
              where sent_at is null and next_attempt_at <= now() and attempts < ${mailAttempts}
                and created_at > now() - ${retryWindow}::interval
              order by next_attempt_at
              limit 50
              for update skip locked) claimed
        where o.id = claimed.id
        returning o.id, o.to_address, o.subject, o.text_body, o.html_body`
      const sent = yield* Effect.forEach(
        due,
        (row) =>
          deliver(row.id, row.toAddress, { subject: row.subject, text: row.textBody, html: row.htmlBody }),
        { concurrency: 4 },
      )
      return sent.filter(Boolean).length
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
