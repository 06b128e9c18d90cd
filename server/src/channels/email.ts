import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { AppConfig } from "../config.js"
import { Mailer, type SendOutcome } from "../mail/mailer.js"
import { preferenceOn } from "../notifications/preferences.js"
import type { Attempt, ClaimedDelivery } from "./deliver.js"

/** Messages one attempt has in flight at once, and so recipients it claims at a time. */
const sendConcurrency = 8

/**
 * How long a claimed recipient is left to the attempt that claimed it: longer than one message
 * can take (the mailer gives up on a message after 45 s), so two attempts of one delivery that
 * run at once (a retry while the last attempt still sends) never mail one person twice.
 */
const claimLease = "2 minutes"

/**
 * Whom an email delivery goes to, decided when it is sent: active users of active client
 * companies named by an audience entry of the delivery's tier (an entry with no company names
 * every client company; a team entry, that team's members), whose company is entitled to the
 * report's sector (no list: every sector), narrowed by the channel's companies and teams when it
 * names any (users of a named company, or members of a named team), and who keep report emails
 * on in their profile (an unsubscribe link turns that off).
 */
const eligibleRecipients = (delivery: ClaimedDelivery, reportId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const companyIds = [...delivery.companyIds]
    const teamIds = [...delivery.teamIds]
    const narrowed = companyIds.length > 0 || teamIds.length > 0
    return yield* sql<{ userId: string; email: string }>`
      select u.id as user_id, u.email
      from users u
      join companies c on c.id = u.company_id
      join reports r on r.id = ${reportId}
      where u.status = 'active' and c.kind = 'client' and c.status = 'active'
        and (c.entitled_sectors is null or r.sector = any(c.entitled_sectors))
        and exists (
          select 1 from report_audience a
          where a.report_id = r.id and a.embargo_hours = ${delivery.tierHours}
            and (a.company_id is null
                 or (a.company_id = c.id
                     and (a.team_id is null
                          or exists (select 1 from team_members m where m.team_id = a.team_id and m.user_id = u.id)))))
        and (not ${narrowed}
             or c.id = any(${companyIds}::uuid[])
             or exists (select 1 from team_members m where m.user_id = u.id and m.team_id = any(${teamIds}::uuid[])))
        and ${preferenceOn(sql, "reportPublished")}`
  })

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
    const sql = yield* SqlClient.SqlClient
    const mailer = yield* Mailer
    const config = yield* AppConfig
    const reports = yield* sql<{ status: string }>`select status from reports where id = ${reportId}`
    if (reports[0]?.status !== "published")
      return {
        kind: "dead",
        message: "The report is no longer published, so it is not mailed",
      } satisfies Attempt

    const eligible = yield* eligibleRecipients(delivery, reportId)
    const userIds = eligible.map((r) => r.userId)
    yield* sql`
      insert into delivery_recipients (delivery_id, user_id, email)
      select ${delivery.id}, x.user_id, x.email
      from unnest(${userIds}::uuid[], ${eligible.map((r) => r.email)}::text[]) as x(user_id, email)
      on conflict (delivery_id, user_id) do nothing`
    // No longer eligible and not mailed yet (unsubscribed, left the team, company suspended…).
    yield* sql`
      delete from delivery_recipients
      where delivery_id = ${delivery.id} and sent_at is null and user_id <> all(${userIds}::uuid[])`

    const failures: Array<string> = []
    const failedIds: Array<string> = []
    let kept = false
    for (;;) {
      const batch = yield* sql<{ userId: string; email: string; name: string }>`
        update delivery_recipients dr
        set claimed_until = now() + ${claimLease}::interval
        from users u
        where u.id = dr.user_id
          and (dr.delivery_id, dr.user_id) in (
            select delivery_id, user_id from delivery_recipients
            where delivery_id = ${delivery.id} and sent_at is null and refused_at is null
              and (claimed_until is null or claimed_until < now())
              and user_id <> all(${failedIds}::uuid[])
            order by user_id
            limit ${sendConcurrency}
            for update skip locked)
        returning dr.user_id, dr.email, u.name`
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
            const where = sql`delivery_id = ${delivery.id} and user_id = ${recipient.userId}`
            // Without SMTP_URL nothing is sent; the development mail log counts as the transport.
            if (outcome.kind === "sent" || (outcome.kind === "kept" && outcome.printed)) {
              yield* sql`
                update delivery_recipients set sent_at = now(), last_error = null, claimed_until = null
                where ${where}`
              return
            }
            const message =
              outcome.kind === "kept"
                ? "SMTP_URL is not set: the message is kept in the outbox, unsent"
                : outcome.message.slice(0, 1000)
            if (outcome.kind === "kept") kept = true
            failures.push(message)
            failedIds.push(recipient.userId)
            yield* sql`
              update delivery_recipients set last_error = ${message}, claimed_until = null,
                refused_at = ${outcome.kind === "failed" && outcome.permanent ? new Date() : null}
              where ${where}`
          }),
        { concurrency: sendConcurrency, discard: true },
      )
    }

    const counts = yield* sql<{ sent: number; refused: number; waiting: number; claimed: number }>`
      select count(*) filter (where sent_at is not null)::int as sent,
             count(*) filter (where refused_at is not null)::int as refused,
             count(*) filter (where sent_at is null and refused_at is null)::int as waiting,
             count(*) filter (where sent_at is null and refused_at is null and claimed_until > now())::int as claimed
      from delivery_recipients where delivery_id = ${delivery.id}`
    const { sent, refused, waiting, claimed } = counts[0] ?? { sent: 0, refused: 0, waiting: 0, claimed: 0 }
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
