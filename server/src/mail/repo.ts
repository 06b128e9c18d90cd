import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

/** A message as an attempt reads it from the outbox: its address, and its letter's template and params. */
export interface OutboxRow {
  readonly id: string
  readonly toAddress: string
  readonly template: string
  readonly params: unknown
}

/** A letter as the outbox keeps it: its template, and everything else as its `params`. */
export interface StoredLetter {
  readonly template: string
  readonly params: Record<string, unknown>
}

/** What a retry claims: how many due messages, and which of them are still worth sending. */
export interface DueClaim {
  /** Attempts per message: one that has had them all is not claimed. */
  readonly attempts: number
  /** No retry after this (an interval, "30 minutes"). */
  readonly window: string
  /** The most messages one claim takes. */
  readonly limit: number
  /** Templates where a newer letter to the same address retires an older unsent one. */
  readonly superseding: ReadonlyArray<string>
}

/**
 * The outbox (every message, written as a letter: its template and references, never a link or
 * code), and what a notice reads when it is rendered: the report it is about, the reports of a
 * week, its reader's time zone. Every statement runs on the caller's connection, so a caller's
 * transaction covers it; database errors are left to the caller.
 */
export class MailRepo extends Effect.Service<MailRepo>()("@folio/server/MailRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** A message whose first attempt is the `mail_send` job's: the next is due a minute on, unless it succeeds. */
    const insertQueued = (to: string, letter: StoredLetter) =>
      sql<{ id: string }>`
          insert into outbox (to_address, template, params, attempts, next_attempt_at)
          values (${to}, ${letter.template}, ${JSON.stringify(letter.params)}::jsonb, 1,
                  now() + interval '1 minute')
          returning id`.pipe(Effect.map((rows) => rows[0]!.id))

    /** A message attempted at once whose caller owns the retries: the mail retry never claims it. */
    const insertUnretried = (to: string, letter: StoredLetter) =>
      sql<{ id: string }>`
          insert into outbox (to_address, template, params, attempts, next_attempt_at)
          values (${to}, ${letter.template}, ${JSON.stringify(letter.params)}::jsonb, 1, 'infinity')
          returning id`.pipe(Effect.map((rows) => rows[0]!.id))

    /** The message, while its first attempt is still to be made (unsent, no retry has claimed it). */
    const findFirstAttempt = (id: string) =>
      sql<Omit<OutboxRow, "id">>`
          select to_address, template, params from outbox where id = ${id} and sent_at is null and attempts = 1`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    const markSent = (id: string) =>
      sql`update outbox set sent_at = now(), last_error = null where id = ${id}`

    /**
     * A failed attempt: its error, and for a permanent failure the attempts used up (at least
     * `attempts`), so no retry claims the message.
     */
    const markFailed = (id: string, message: string, permanent: boolean, attempts: number) =>
      sql`update outbox set last_error = ${message.slice(0, 1000)},
                          attempts = case when ${permanent} then greatest(attempts, ${attempts})
                                          else attempts end
                        where id = ${id}`

    /** A message no letter can be read from: never tried again. */
    const markUnreadable = (id: string, attempts: number) =>
      sql`update outbox set last_error = 'Unreadable outbox row: not sent', attempts = ${attempts}
                      where id = ${id}`

    /**
     * Claims up to `limit` due messages: undelivered, younger than the window, with attempts
     * left, and, for a superseding template, not superseded by a newer one to the same address.
     * A claim moves the next attempt on (2, 4, 8 minutes after the attempts so far), so no other
     * instance takes the message while this one sends it.
     */
    const claimDue = (claim: DueClaim) =>
      sql<OutboxRow>`
      update outbox o
      set attempts = o.attempts + 1,
          next_attempt_at = now() + make_interval(mins => power(2, o.attempts)::int)
      from (select id from outbox d
            where sent_at is null and next_attempt_at <= now() and attempts < ${claim.attempts}
              and created_at > now() - ${claim.window}::interval
              and (d.template <> all(${[...claim.superseding]}::text[])
                   or not exists (select 1 from outbox n
                                  where n.to_address = d.to_address and n.template = d.template
                                    and n.created_at > d.created_at))
            order by next_attempt_at
            limit ${claim.limit}
            for update skip locked) claimed
      where o.id = claimed.id
      returning o.id, o.to_address, o.template, o.params`

    /** A report email's report, as it is now: none when it no longer exists. */
    const findReport = (reportId: string) =>
      sql<{ title: string; summary: string }>`
          select title, summary from reports where id = ${reportId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** A digest's reports, as they are now, in no order; a report that no longer exists is missing. */
    const reportsByIds = (reportIds: ReadonlyArray<string>) =>
      sql<{ id: string; title: string; summary: string; publishedAt: Date | null }>`
          select id, title, summary, published_at from reports where id = any(${[...reportIds]}::uuid[])`

    /** The user's time zone; none when there is no such user. */
    const timeZoneOf = (userId: string) =>
      sql<{ timezone: string }>`select timezone from users where id = ${userId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.timezone)),
      )

    return {
      insertQueued,
      insertUnretried,
      findFirstAttempt,
      markSent,
      markFailed,
      markUnreadable,
      claimDue,
      findReport,
      reportsByIds,
      timeZoneOf,
    } as const
  }),
}) {}
