import { SqlClient } from "@effect/sql"
import { Effect, Option, Redacted } from "effect"
import nodemailer from "nodemailer"
import { AppConfig } from "../config.js"
import type { Message } from "./templates.js"

/**
 * Every message is first written to the outbox table. With `SMTP_URL` it is then delivered in
 * the background (so answering "we sent you a link" takes the same time whether or not the
 * account exists); without it, it stays in the outbox and the log prints it for development.
 */
export class Mailer extends Effect.Service<Mailer>()("@folio/server/Mailer", {
  scoped: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const transport = Option.map(config.smtpUrl, (url) => nodemailer.createTransport(Redacted.value(url)))
    yield* Effect.addFinalizer(() => Effect.sync(() => Option.map(transport, (t) => t.close())))

    const deliver = (id: string, to: string, message: Message) =>
      Option.match(transport, {
        onNone: () =>
          Effect.logInfo(`Mail kept in the outbox (no SMTP_URL): "${message.subject}" to ${to}`).pipe(
            Effect.annotateLogs({ to, subject: message.subject, text: message.text }),
          ),
        onSome: (t) =>
          Effect.tryPromise(() =>
            t.sendMail({
              from: config.mailFrom,
              to,
              subject: message.subject,
              text: message.text,
              html: message.html,
            }),
          ).pipe(
            Effect.zipRight(sql`update outbox set sent_at = now(), last_error = null where id = ${id}`),
            Effect.catchAll((error) =>
              Effect.logError("Could not send mail", error).pipe(
                Effect.annotateLogs({ to, subject: message.subject }),
                Effect.zipRight(
                  sql`update outbox set last_error = ${String(error).slice(0, 1000)} where id = ${id}`,
                ),
              ),
            ),
            Effect.ignore,
          ),
      })

    const send = (to: string, message: Message) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ id: string }>`
          insert into outbox (to_address, subject, text_body, html_body)
          values (${to}, ${message.subject}, ${message.text}, ${message.html}) returning id`
        yield* Effect.forkDaemon(deliver(rows[0]!.id, to, message))
      }).pipe(Effect.orDie)

    return { send } as const
  }),
}) {}
