import { SqlClient } from "@effect/sql"
import { Effect, Option, Redacted } from "effect"
import nodemailer from "nodemailer"
import { Links } from "../auth/links.js"
import { AppConfig, publicOriginOf } from "../config.js"
import { enqueueWith } from "../jobs/worker.js"
import { UnsubscribeTokens } from "../notifications/unsubscribeTokens.js"
import { EmailOpenTokens } from "../readership/emailOpen.js"
import {
  decodeLetter,
  type Letter,
  paramsOf,
  renderLetter,
  supersedingTemplates,
  templateLabels,
} from "./letters.js"
import { MailRepo } from "./repo.js"
import type { Message } from "./templates.js"

/** Attempts per message: at once, then after 1, 2, 4 and 8 minutes. */
export const mailAttempts = 5

/** No retry after this: the links a message carries may have expired, and the person moved on. */
export const retryWindow = "30 minutes"

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

/** The letter as the outbox keeps it. */
const stored = (letter: Letter) => ({ template: letter.template, params: paramsOf(letter) })

/**
 * What one attempt came to: sent (the relay accepted it), kept (no SMTP_URL: it stays in the
 * outbox; `printed` when the development mail log showed it), or failed.
 */
export type SendOutcome =
  | { readonly kind: "sent" }
  | { readonly kind: "kept"; readonly printed: boolean }
  | ({ readonly kind: "failed" } & Failure)

/**
 * Every message is first written to the outbox table as a letter: its template and references,
 * never its link or code (see letters.ts). With `SMTP_URL` it is then rendered, with a newly
 * issued link, and delivered in the background; a failed delivery is tried again by `retryDue`
 * (the `mail_retry` job runs it every minute, jobs/jobs.ts) with a growing pause. Without SMTP it stays in the outbox, unsent.
 * Only `FOLIO_DEV_MAIL_LOG` (development) prints messages, links and codes included, to the log.
 */
export class Mailer extends Effect.Service<Mailer>()("@folio/server/Mailer", {
  scoped: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const outbox = yield* MailRepo
    const config = yield* AppConfig
    const links = yield* Links
    const unsubscribeTokens = yield* UnsubscribeTokens
    const emailOpenTokens = yield* EmailOpenTokens
    const origin = publicOriginOf(config)
    const render = (letter: Letter) =>
      renderLetter(letter, origin).pipe(
        Effect.provideService(Links, links),
        Effect.provideService(UnsubscribeTokens, unsubscribeTokens),
        Effect.provideService(EmailOpenTokens, emailOpenTokens),
        Effect.provideService(MailRepo, outbox),
      )
    if (config.devMailLog) {
      yield* Effect.logWarning(
        "FOLIO_DEV_MAIL_LOG is on (development only): every email is printed to this log with its " +
          "sign-in link or code, and anyone who reads the log can use them. Never set it in production " +
          "(unset, it is on only for the embedded database without SMTP_URL; FOLIO_DEV_MAIL_LOG=0 turns it off).",
      )
    }
    /** Development only: the whole message, link and code included. */
    const printMessage = (to: string, message: Message) =>
      config.devMailLog
        ? Effect.logInfo(`Mail (FOLIO_DEV_MAIL_LOG): "${message.subject}" to ${to}`).pipe(
            Effect.annotateLogs({ to, subject: message.subject, text: message.text }),
          )
        : Effect.void
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

    /** One attempt; the outcome is written to the message's row. */
    const deliver = (id: string, to: string, letter: Letter): Effect.Effect<SendOutcome> =>
      Option.match(transport, {
        onNone: () =>
          (config.devMailLog
            ? Effect.flatMap(render(letter), (message) => printMessage(to, message))
            : Effect.logInfo(
                `Mail kept in the outbox (no SMTP_URL): ${templateLabels[letter.template]} to ${to}. ` +
                  "Its link is not printed; set FOLIO_DEV_MAIL_LOG=1 in development to print it.",
              )
          ).pipe(
            Effect.as<SendOutcome>({ kind: "kept", printed: config.devMailLog }),
            Effect.catchAllCause((cause) =>
              Effect.logError("Could not print a mail", cause).pipe(
                Effect.as<SendOutcome>({ kind: "kept", printed: false }),
              ),
            ),
          ),
        onSome: (t) =>
          Effect.gen(function* () {
            const message = yield* render(letter).pipe(
              Effect.catchAllCause((cause) =>
                Effect.logError("Could not prepare a mail", cause).pipe(
                  Effect.zipRight(
                    Effect.fail<Failure>({ message: "Could not prepare the message", permanent: false }),
                  ),
                ),
              ),
            )
            yield* printMessage(to, message)
            yield* Effect.tryPromise({
              try: () =>
                t.sendMail({
                  from: config.mailFrom,
                  to,
                  subject: message.subject,
                  text: message.text,
                  html: message.html,
                  ...(message.headers ? { headers: { ...message.headers } } : {}),
                }),
              // The relay's own words (e.g. "451 Try again later") are what an operator needs.
              catch: (error): Failure => {
                const code = replyCodeOf(error)
                return {
                  message: error instanceof Error ? error.message : String(error),
                  permanent: code !== undefined && code >= 500 && code < 600,
                }
              },
            })
          }).pipe(
            Effect.timeoutFail({
              duration: attemptTimeout,
              onTimeout: (): Failure => ({
                message: `No answer from the SMTP server within ${attemptTimeout}`,
                permanent: false,
              }),
            }),
            Effect.matchEffect({
              onSuccess: () => outbox.markSent(id).pipe(Effect.as<SendOutcome>({ kind: "sent" })),
              onFailure: (failure) =>
                Effect.logError(`Could not send mail: ${failure.message}`).pipe(
                  Effect.annotateLogs({ to, template: letter.template, permanent: failure.permanent }),
                  Effect.zipRight(
                    // A permanent failure uses up the attempts: no retry will claim it.
                    outbox.markFailed(id, failure.message, failure.permanent, mailAttempts),
                  ),
                  Effect.as<SendOutcome>({ kind: "failed", ...failure }),
                ),
            }),
            // The database could not record the outcome: the log has it; a retry may send again.
            Effect.catchAll((error) =>
              Effect.logError("Could not record a mail delivery", error).pipe(
                Effect.as<SendOutcome>({
                  kind: "failed",
                  message: "Could not record the outcome of the attempt",
                  permanent: false,
                }),
              ),
            ),
          ),
      })

    /**
     * Writes the letter to the outbox and queues its first attempt (the `mail_send` job) in the
     * caller's transaction, if any: a message exists exactly when the change that caused it does.
     */
    const send = (to: string, letter: Letter) =>
      Effect.gen(function* () {
        // The first attempt is the job's: the next is due a minute on, unless it succeeds.
        const id = yield* outbox.insertQueued(to, stored(letter))
        yield* enqueueWith(sql, "mail_send", { id }, { maxAttempts: 1 })
      }).pipe(Effect.orDie)

    /** The `mail_send` job: the first attempt of a message `send` wrote, unless a retry got there first. */
    const sendQueued = (id: string) =>
      Effect.gen(function* () {
        const found = yield* outbox.findFirstAttempt(id)
        if (Option.isNone(found)) return
        const row = found.value
        const letter = yield* decodeLetter(row.template, row.params).pipe(Effect.option)
        if (Option.isNone(letter)) return
        yield* deliver(id, row.toAddress, letter.value)
      }).pipe(Effect.orDie)

    /**
     * Writes the letter to the outbox and makes one attempt now, returning how it went. The
     * caller owns the retries (an email delivery tries again with its own back-off, and only for
     * the recipients not sent yet), so the mail retry never claims this row (its next attempt is
     * due at 'infinity'). Not for use inside
     * a transaction: the attempt writes its outcome on its own.
     */
    const sendNow = (to: string, letter: Letter) =>
      Effect.gen(function* () {
        const id = yield* outbox.insertUnretried(to, stored(letter))
        return yield* deliver(id, to, letter)
      }).pipe(Effect.orDie)

    /** Whether the SMTP server answers and accepts our login: none when it does, else why not. */
    const verify = Option.match(transport, {
      onNone: () => Effect.succeed(Option.some("SMTP_URL is not set: mail stays in the outbox, unsent")),
      onSome: (t) =>
        Effect.tryPromise(() => t.verify()).pipe(
          Effect.timeout(attemptTimeout),
          Effect.match({
            onSuccess: () => Option.none<string>(),
            onFailure: (error) =>
              Option.some(
                error._tag === "TimeoutException"
                  ? `No answer from the SMTP server within ${attemptTimeout}`
                  : error.error instanceof Error
                    ? error.error.message
                    : String(error.error),
              ),
          }),
        ),
    })

    /**
     * Claims up to `retryConcurrency` due messages: undelivered, younger than the retry window,
     * with attempts left, and, for a link letter, not superseded by a newer one of the same
     * template to the same address (a second sign-in link retires the first; sending the first
     * late would only confuse; two report emails are two messages). A claim moves the next attempt on (2, 4, 8 minutes after the attempts so far),
     * so no other instance takes the message while this one sends it.
     */
    const claimDue = outbox.claimDue({
      attempts: mailAttempts,
      window: retryWindow,
      limit: retryConcurrency,
      superseding: supersedingTemplates,
    })

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
            decodeLetter(row.template, row.params).pipe(
              Effect.matchEffect({
                onSuccess: (letter) =>
                  deliver(row.id, row.toAddress, letter).pipe(
                    Effect.map((outcome) => outcome.kind === "sent"),
                  ),
                // Nothing to render it from: no later attempt can do better.
                onFailure: () => outbox.markUnreadable(row.id, mailAttempts).pipe(Effect.as(false)),
              }),
            ),
          { concurrency: retryConcurrency },
        )
        sent += outcomes.filter(Boolean).length
      }
      return sent
    }).pipe(Effect.orDie)

    return { send, sendQueued, sendNow, verify, retryDue } as const
  }),
  dependencies: [MailRepo.Default, Links.Default, UnsubscribeTokens.Default, EmailOpenTokens.Default],
}) {}
