import type { SqlClient } from "@effect/sql"
import {
  type MyReports,
  type PlatformFigures,
  type ReadershipChannel,
  type ReadershipKind,
  type RecordedEvent,
  type ReportBrief,
  type readershipKinds,
  sinceLastVisitMax,
} from "@folio/core"
import { Effect, Option } from "effect"
import { type ReportReach, reachClause } from "../reports/reach.js"

/**
 * The readership feature's statements (0022_readership), but for analytics' (analyticsRepo.ts):
 * events in, a person's own record, the rollup and retention functions, and the dashboard's
 * questions. Each runs on the `sql` it is given, so in the caller's transaction when there is one.
 */

// Events in: everything goes to `readership_pending`; `readership_rollup()` moves it on.

/** Of `reportIds`, the reports `reach` may read. */
export const readableReportIds = (
  sql: SqlClient.SqlClient,
  reportIds: ReadonlyArray<string>,
  reach: ReportReach,
) =>
  sql<{ id: string }>`
      select r.id from reports r where r.id = any(${reportIds}::uuid[]) and ${reachClause(sql, reach)}`.pipe(
    Effect.map((rows) => rows.map((row) => row.id)),
  )

/** A person's teams, oldest membership first. */
export const teamIdsOf = (sql: SqlClient.SqlClient, userId: string) =>
  sql<{ teamId: string }>`
    select m.team_id from team_members m where m.user_id = ${userId} order by m.created_at, m.team_id`.pipe(
    Effect.map((rows) => rows.map((row) => row.teamId)),
  )

/** Which of `teamIds` each of `reportIds` is addressed to, unordered. */
export const addressedTeams = (
  sql: SqlClient.SqlClient,
  reportIds: ReadonlyArray<string>,
  teamIds: ReadonlyArray<string>,
) =>
  sql<{ reportId: string; teamId: string }>`
        select a.report_id, a.team_id from report_audience a
        where a.report_id = any(${reportIds}::uuid[]) and a.team_id = any(${teamIds}::uuid[])`

/** One event of a reader's batch, with the team it counts for. */
export interface PendingEvent {
  readonly at: Date
  readonly kind: ReadershipKind
  readonly reportId: string
  readonly teamId: string | null
  readonly durationMs: number | null
}

/** A reader's events, in one insert. */
export const insertReaderEvents = (
  sql: SqlClient.SqlClient,
  reader: { readonly userId: string; readonly companyId: string; readonly channel: ReadershipChannel },
  events: ReadonlyArray<PendingEvent>,
) =>
  sql`
      insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, duration_ms)
      select e.at, ${reader.userId}, ${reader.companyId}, e.team_id, e.kind, ${reader.channel}, e.report_id, e.duration_ms
      from unnest(${events.map((e) => e.at.toISOString())}::timestamptz[],
                  ${events.map((e) => e.kind)}::text[],
                  ${events.map((e) => e.reportId)}::uuid[],
                  ${events.map((e) => e.teamId)}::uuid[],
                  ${events.map((e) => e.durationMs)}::int[])
        as e(at, kind, report_id, team_id, duration_ms)`.pipe(Effect.asVoid)

/** An event the server saw, now, counted for the person's first team. */
export const insertServerEvent = (
  sql: SqlClient.SqlClient,
  event: {
    readonly userId: string
    readonly companyId: string
    readonly kind: ReadershipKind
    readonly channel: ReadershipChannel
    readonly reportId: string | null
    readonly subject: string | null
  },
) =>
  sql`
      insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, subject)
      values (now(), ${event.userId}, ${event.companyId},
              (select m.team_id from team_members m where m.user_id = ${event.userId}
               order by m.created_at, m.team_id limit 1),
              ${event.kind}, ${event.channel}, ${event.reportId}, ${event.subject})`.pipe(Effect.asVoid)

/** The company of an active user: where an email open counts. */
export const activeUserCompany = (sql: SqlClient.SqlClient, userId: string) =>
  sql<{ companyId: string }>`
          select company_id from users where id = ${userId} and status = 'active'`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0]?.companyId)),
  )

// The rollup and retention functions.

/** `readership_rollup()`: the pending events into the raw table and the daily rollups; how many moved. */
export const rollUp = (sql: SqlClient.SqlClient) =>
  sql<{ moved: number }>`select readership_rollup() as moved`.pipe(Effect.map(([row]) => row?.moved ?? 0))

/** `readership_expire()`: raw events older than `days` go, whole months at once; how many went. */
export const expireReadership = (sql: SqlClient.SqlClient, days: number) =>
  sql<{ removed: number }>`select readership_expire(${days})::int as removed`.pipe(
    Effect.map(([row]) => row?.removed ?? 0),
  )

/** `readership_make_months()`: the raw table's months from this one on. */
export const makeReadershipMonths = (sql: SqlClient.SqlClient) =>
  sql`select readership_make_months(date_trunc('month', now() at time zone 'UTC')::date)`.pipe(Effect.asVoid)

// A person's own record: raw events and pending ones alike.

/** How many events are kept about a person, by kind (the kinds with any only, unordered). */
export const eventCountsOf = (sql: SqlClient.SqlClient, userId: string) =>
  sql<{ kind: (typeof readershipKinds)[number]; count: number }>`
      select kind, count(*)::int as count from (
        select kind from readership_events where user_id = ${userId}
        union all select kind from readership_pending where user_id = ${userId}
      ) e group by kind`

/** A person's events, newest first; at most `limit`, or all of them. */
export const eventsOf = (sql: SqlClient.SqlClient, userId: string, limit: number | null) =>
  sql<RecordedEvent>`
    select e.at, e.kind, e.channel, coalesce(r.title, e.subject) as subject, e.report_id, e.duration_ms,
           c.name as company_name, t.name as team_name
    from (
      select at, kind, channel, subject, report_id, duration_ms, company_id, team_id
      from readership_events where user_id = ${userId}
      union all
      select at, kind, channel, subject, report_id, duration_ms, company_id, team_id
      from readership_pending where user_id = ${userId}
    ) e
    left join reports r on r.id = e.report_id
    left join companies c on c.id = e.company_id
    left join teams t on t.id = e.team_id
    order by e.at desc
    ${limit === null ? sql`` : sql`limit ${limit}`}`

/**
 * Erases a person's events: first the pending ones are rolled up (so the totals keep them), then
 * every raw event and the person's rows of the readers rollup go. How many raw events went; run
 * it in a transaction.
 */
export const eraseEventsOf = (sql: SqlClient.SqlClient, userId: string) =>
  Effect.gen(function* () {
    yield* sql`select readership_rollup()`
    const [raw] = yield* sql<{ erased: number }>`
        with gone as (delete from readership_events where user_id = ${userId} returning 1)
        select count(*)::int as erased from gone`
    yield* sql`delete from readership_daily_readers where user_id = ${userId}`
    return raw?.erased ?? 0
  })

// The dashboard's questions (core/src/domain/dashboard.ts).

const brief = (sql: SqlClient.SqlClient) =>
  sql`r.id, r.title, r.status, r.sector, r.published_at, r.updated_at`

/**
 * Records a person's opening of the dashboard; the time of their previous visit, if any. A visit
 * is an opening more than 30 minutes after the last, so reloads within a sitting keep the same one.
 */
export const recordVisit = (sql: SqlClient.SqlClient, userId: string) =>
  sql<{ previousAt: Date | null }>`
      insert into dashboard_visits as v (user_id, last_at) values (${userId}, now())
      on conflict (user_id) do update set
        previous_at = case when v.last_at < now() - interval '30 minutes' then v.last_at else v.previous_at end,
        last_at = now()
      returning v.previous_at`.pipe(Effect.map(([row]) => row?.previousAt ?? null))

/** Reports `reach` may read published after `since`, newest first, at most `sinceLastVisitMax`. */
export const publishedSince = (sql: SqlClient.SqlClient, since: Date, reach: ReportReach) =>
  sql<ReportBrief>`
      select ${brief(sql)} from reports r
      where r.status = 'published' and r.published_at > ${since} and ${reachClause(sql, reach)}
      order by r.published_at desc limit ${sinceLastVisitMax}`

/** Reports `reach` may read published by `since` and revised after, latest first, at most `sinceLastVisitMax`. */
export const revisedSince = (sql: SqlClient.SqlClient, since: Date, reach: ReportReach) =>
  sql<ReportBrief>`
      select ${brief(sql)} from reports r
      where r.status = 'published' and r.published_at <= ${since} and r.updated_at > ${since}
        and ${reachClause(sql, reach)}
      order by r.updated_at desc limit ${sinceLastVisitMax}`

/** An author's drafts whose last review step was a return by someone else, latest first, at most 10. */
export const sentBackDrafts = (sql: SqlClient.SqlClient, userId: string) =>
  sql<MyReports["sentBack"][number]>`
      select ${brief(sql)}, coalesce(u.name, a.actor_email, 'An editor') as sent_back_by, a.at as sent_back_at
      from reports r
      join lateral (
        select a.actor_id, a.actor_email, a.at, a.action from audit_log a
        where a.target_type = 'report' and a.target_id = r.id::text
          and a.action in ('report.return', 'report.submit')
        order by a.at desc limit 1
      ) a on a.action = 'report.return' and a.actor_id is distinct from ${userId}
      left join users u on u.id = a.actor_id
      where r.status = 'draft' and ${userId} = any(r.author_ids)
      order by a.at desc limit 10`

/** An author's five latest published reports, with their views and reads (all time, and the last 7 days). */
export const latestWithReads = (sql: SqlClient.SqlClient, userId: string) =>
  sql<MyReports["latest"][number]>`
      select ${brief(sql)},
        coalesce(sum(t.events) filter (where t.kind = 'report_view'), 0)::int as views,
        coalesce(sum(t.events) filter (where t.kind = 'report_read'), 0)::int as reads,
        coalesce(sum(t.events) filter (where t.kind = 'report_read' and t.day > current_date - 7), 0)::int
          as reads_last7_days
      from (
        select * from reports where status = 'published' and ${userId} = any(author_ids)
        order by published_at desc limit 5
      ) r
      left join readership_daily_report_totals t on t.report_id = r.id
      group by r.id, r.title, r.status, r.sector, r.published_at, r.updated_at
      order by r.published_at desc`

/** An admin's headline figures, in one round trip. */
export const headlineFigures = (sql: SqlClient.SqlClient) =>
  sql<PlatformFigures>`
    select
      (select count(*) from users where status = 'active' and last_sign_in_at > now() - interval '30 days')::int
        as active_users,
      (select count(*) from users where status = 'active')::int as users,
      (select count(*) from companies where kind = 'client' and status = 'active')::int as client_companies,
      (select count(*) from reports where status = 'published' and published_at > now() - interval '30 days')::int
        as published_last30_days,
      (select coalesce(sum(events), 0) from readership_daily
        where kind = 'report_read' and day > current_date - 7)::int as reads_last7_days,
      (select coalesce(sum(events), 0) from readership_daily
        where kind = 'report_read' and day > current_date - 14 and day <= current_date - 7)::int
        as reads_previous7_days,
      (select count(*) from deliveries where status = 'dead')::int as dead_deliveries,
      (select count(*) from error_issues where status = 'unresolved')::int as open_error_issues,
      (select count(*) from graphile_worker._private_jobs where is_available and run_at <= now())::int
        as jobs_waiting,
      (select count(*) from graphile_worker._private_jobs
        where last_error is not null and locked_at is null)::int as jobs_failing`.pipe(
    Effect.map(([row]) => row as PlatformFigures),
  )
