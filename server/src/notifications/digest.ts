import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Mailer } from "../mail/mailer.js"
import { preferenceOn } from "./preferences.js"

/** Reports listed in one digest; the rest are counted ("and 12 more"). */
const listedPerDigest = 20

/** Digests in flight at once. */
const sendConcurrency = 8

/** graphile-worker puts the time a cron job was due in its payload; a retry keeps it. */
const CronPayload = Schema.Struct({
  _cron: Schema.optional(Schema.Struct({ ts: Schema.String })),
})

interface DigestRow {
  readonly userId: string
  readonly email: string
  readonly name: string
  readonly weekOf: string
  readonly reportIds: ReadonlyArray<string>
  readonly total: number
}

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
    const sql = yield* SqlClient.SqlClient
    const mailer = yield* Mailer
    const cron = Schema.decodeUnknownOption(CronPayload)(payload)
    const dueAt = cron._tag === "Some" && cron.value._cron ? new Date(cron.value._cron.ts) : new Date()
    const until = Number.isNaN(dueAt.getTime()) ? new Date() : dueAt
    const since = new Date(until.getTime() - 7 * 24 * 3_600_000)
    const rows = yield* sql<DigestRow>`
      with readers as (
        select u.id, u.email, u.name, u.company_id, c.kind, c.entitled_sectors
        from users u join companies c on c.id = u.company_id
        where u.status = 'active' and c.status = 'active' and ${preferenceOn(sql, "weeklyDigest")}
          and not exists (select 1 from digest_sends d
                          where d.user_id = u.id
                            and d.week_of = date_trunc('week', ${until}::timestamptz at time zone 'UTC')::date)),
      readable as (
        select rd.id as user_id, r.id as report_id, coalesce(opened.at, r.published_at) as at
        from readers rd
        join reports r on r.status = 'published'
          and r.published_at >= ${since}::timestamptz - interval '2160 hours'
          and r.published_at < ${until}
        left join lateral (
          select min(r.published_at + make_interval(hours => a.embargo_hours)) as at
          from report_audience a
          where rd.kind = 'client' and a.report_id = r.id
            and (a.company_id is null
                 or (a.company_id = rd.company_id
                     and (a.team_id is null
                          or exists (select 1 from team_members m where m.team_id = a.team_id and m.user_id = rd.id))))
        ) opened on true
        where case when rd.kind = 'publisher' then r.published_at >= ${since}
                   else (rd.entitled_sectors is null or r.sector = any(rd.entitled_sectors))
                        and opened.at >= ${since} and opened.at < ${until} end)
      select rd.id as user_id, rd.email, rd.name,
             to_char(date_trunc('week', ${until}::timestamptz at time zone 'UTC'), 'YYYY-MM-DD') as week_of,
             (array_agg(x.report_id order by x.at desc, x.report_id))[1:${listedPerDigest}::int] as report_ids,
             count(*)::int as total
      from readable x join readers rd on rd.id = x.user_id
      group by rd.id, rd.email, rd.name`
    const outcomes = yield* Effect.forEach(
      rows,
      (row) =>
        Effect.gen(function* () {
          const claimed = yield* sql`
            insert into digest_sends (user_id, week_of, report_count)
            values (${row.userId}, ${row.weekOf}::date, ${row.total})
            on conflict do nothing
            returning user_id`
          if (claimed.length === 0) return "skipped" as const
          const outcome = yield* mailer.sendNow(row.email, {
            template: "digest",
            userId: row.userId,
            name: row.name,
            weekOf: row.weekOf,
            reportIds: row.reportIds,
            more: row.total - row.reportIds.length,
          })
          if (outcome.kind === "failed" && !outcome.permanent) {
            yield* sql`delete from digest_sends where user_id = ${row.userId} and week_of = ${row.weekOf}::date`
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
  })
