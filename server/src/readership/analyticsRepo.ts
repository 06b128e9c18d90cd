import type { SqlClient, Statement } from "@effect/sql"
import {
  type Analytics,
  analyticsTopMax,
  type ReadershipChannel,
  type ReportId,
  type UserId,
} from "@folio/core"
import { Effect, Option } from "effect"

/**
 * Readership analytics' statements, over the daily rollups only (0022_readership): never the raw
 * events. analytics.ts checks the question and shapes the answer.
 */

/** What an analytics question covers, as the rollups store it. */
export interface AnalyticsSlice {
  /** The first and last day, `YYYY-MM-DD`. */
  readonly from: string
  readonly to: string
  /** The client company asked for (also set when a team is), or null for every client. */
  readonly companyId: string | null
  /** The team asked for, or null. */
  readonly teamId: string | null
  /** An analyst's scope: only the reports they wrote. Null for everyone's reports. */
  readonly authorId: string | null
}

/** A team and the company it belongs to. */
export interface TeamOfCompany {
  readonly id: string
  readonly name: string
  readonly companyId: string
  readonly companyName: string
}

/** The counts other than reports' views and reads, and those. */
export type AnalyticsTotals = Omit<Analytics["totals"], "readers">

export interface ChannelReads {
  readonly channel: ReadershipChannel
  readonly views: number
  readonly reads: number
}
export interface CompanyReads {
  readonly id: string
  readonly name: string
  readonly views: number
  readonly reads: number
}
/** A team's reads; `id` and `name` are null for the readers in no team. */
export interface TeamReads {
  readonly id: string | null
  readonly name: string | null
  readonly views: number
  readonly reads: number
}
export interface PersonReads {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly views: number
  readonly reads: number
  readonly lastDay: string
}
export interface ReportReads {
  readonly id: ReportId
  readonly title: string
  readonly sector: string
  readonly publishedAt: Date | null
  readonly authorIds: ReadonlyArray<string>
  readonly views: number
  readonly reads: number
}

/** A team, with its company. */
export const teamWithCompany = (sql: SqlClient.SqlClient, teamId: string) =>
  sql<TeamOfCompany>`
        select t.id, t.name, c.id as company_id, c.name as company_name
        from teams t join companies c on c.id = t.company_id where t.id = ${teamId}`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0])),
  )

/** A company's name. */
export const companyById = (sql: SqlClient.SqlClient, companyId: string) =>
  sql<{ id: string; name: string }>`
        select id, name from companies where id = ${companyId}`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0])),
  )

const sums = (sql: SqlClient.SqlClient) => sql`
  coalesce(sum(events) filter (where kind = 'report_view'), 0)::int as views,
  coalesce(sum(events) filter (where kind = 'report_read'), 0)::int as reads`

const own = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  slice.authorId === null
    ? null
    : sql`report_id in (select id from reports where ${slice.authorId} = any(author_ids))`

const filters = (
  sql: SqlClient.SqlClient,
  slice: AnalyticsSlice,
  extra: ReadonlyArray<Statement.Fragment> = [],
) => {
  const mine = own(sql, slice)
  return sql.and([
    sql`day between ${slice.from}::date and ${slice.to}::date`,
    ...(slice.companyId !== null && slice.teamId === null ? [sql`company_id = ${slice.companyId}`] : []),
    ...(slice.teamId !== null ? [sql`team_id = ${slice.teamId}`] : []),
    ...(mine ? [mine] : []),
    ...extra,
  ])
}

/**
 * Totals, the chart, channels, companies and teams: the rollup without reports, unless an
 * analyst's scope needs the reports.
 */
const base = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  slice.authorId !== null ? sql`readership_daily_reports` : sql`readership_daily`

/**
 * The reports: across everyone, the report totals; for one client or one analyst, the rollup
 * that keeps the company and team.
 */
const reportSource = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  slice.authorId !== null || slice.companyId !== null
    ? sql`readership_daily_reports`
    : sql`readership_daily_report_totals`

const reportKinds = (sql: SqlClient.SqlClient) => sql`kind in ('report_view', 'report_read')`

/** Every kind's count; none when the rollups hold no row at all (never, for an aggregate). */
export const totalsOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<AnalyticsTotals>`
      select ${sums(sql)},
        coalesce(sum(events) filter (where kind = 'search'), 0)::int as searches,
        coalesce(sum(events) filter (where kind = 'sign_in'), 0)::int as sign_ins,
        coalesce(sum(events) filter (where kind = 'feed_fetch'), 0)::int as feed_fetches,
        coalesce(sum(events) filter (where kind = 'email_open'), 0)::int as email_opens,
        coalesce(sum(events) filter (where kind = 'podcast_play'), 0)::int as podcast_plays
      from ${base(sql, slice)} where ${filters(sql, slice)}`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0])),
  )

/** How many people read a report. */
export const readerCountOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<{ readers: number }>`
      select count(distinct user_id)::int as readers from readership_daily_readers
      where ${filters(sql, slice, [sql`kind = 'report_read'`])}`.pipe(
    Effect.map((rows) => rows[0]?.readers ?? 0),
  )

/** Views and reads of every day of the range, the days without any included. */
export const seriesOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<{ day: string; views: number; reads: number }>`
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(x.views, 0) as views, coalesce(x.reads, 0) as reads
      from generate_series(${slice.from}::date, ${slice.to}::date, interval '1 day') d
      left join (
        select day, ${sums(sql)} from ${base(sql, slice)} where ${filters(sql, slice, [reportKinds(sql)])} group by day
      ) x on x.day = d::date
      order by d`

/** Views and reads by channel, the channels with any only. */
export const byChannelOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<ChannelReads>`
      select channel, ${sums(sql)} from ${base(sql, slice)} where ${filters(sql, slice, [reportKinds(sql)])} group by channel`

/** The most-reading companies, at most `analyticsTopMax`. */
export const byCompanyOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<CompanyReads>`
          select x.company_id as id, c.name, x.views, x.reads
          from (select company_id, ${sums(sql)} from ${base(sql, slice)} where ${filters(sql, slice, [reportKinds(sql)])} group by company_id) x
          join companies c on c.id = x.company_id
          order by x.reads desc, x.views desc, c.name limit ${analyticsTopMax}`

/** The company's teams, and the readers in none. */
export const byTeamOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<TeamReads>`
            select x.team_id as id, t.name, x.views, x.reads
            from (select team_id, ${sums(sql)} from ${base(sql, slice)} where ${filters(sql, slice, [reportKinds(sql)])} group by team_id) x
            left join teams t on t.id = x.team_id
            order by x.reads desc, x.views desc, t.name nulls last`

/** The people who read most, at most 500, with the last day they read. */
export const byPersonOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<PersonReads>`
          select u.id, u.name, u.email, x.views, x.reads, x.last_day
          from (
            select user_id, ${sums(sql)}, to_char(max(day), 'YYYY-MM-DD') as last_day
            from readership_daily_readers where ${filters(sql, slice, [reportKinds(sql)])} group by user_id
          ) x join users u on u.id = x.user_id
          order by x.reads desc, x.views desc, u.name limit 500`

/** Every report read in the slice, unordered. */
export const byReportOf = (sql: SqlClient.SqlClient, slice: AnalyticsSlice) =>
  sql<ReportReads>`
      select r.id, r.title, r.sector, r.published_at, r.author_ids, x.views, x.reads
      from (select report_id, ${sums(sql)} from ${reportSource(sql, slice)} where ${filters(sql, slice, [reportKinds(sql)])} group by report_id) x
      join reports r on r.id = x.report_id`

/** The names of the analysts `ids`. */
export const userNames = (sql: SqlClient.SqlClient, ids: ReadonlyArray<string>) =>
  sql<{
    id: UserId
    name: string
  }>`select id, name from users where id = any(${[...ids]}::uuid[])`
