import { SqlClient, type Statement } from "@effect/sql"
import {
  type Analytics,
  type AnalyticsParams,
  analyticsMaxDays,
  analyticsTopMax,
  dayOf,
  NotFound,
  type ReadershipChannel,
  type ReportId,
  type UserId,
  ValidationError,
} from "@folio/core"
import { Effect } from "effect"

/**
 * Readership analytics, from the daily rollups only (0022_readership): never the raw events.
 * `all` reads the rollups without people for totals, the chart and the tables; `own` (an analyst)
 * reads the per-report rollup narrowed to the reports they wrote. The questions run at once, each
 * on its own connection.
 */
export type AnalyticsScope = { readonly kind: "all" } | { readonly kind: "own"; readonly authorId: string }

const dayMs = 86_400_000

interface Sums {
  readonly views: number
  readonly reads: number
}
const sums = (sql: SqlClient.SqlClient) => sql`
  coalesce(sum(events) filter (where kind = 'report_view'), 0)::int as views,
  coalesce(sum(events) filter (where kind = 'report_read'), 0)::int as reads`
const byReads = <T extends Sums>(a: T, b: T) => b.reads - a.reads || b.views - a.views

const clientOf = (params: AnalyticsParams) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    let company: { id: string; name: string } | null = null
    let team: { id: string; name: string } | null = null
    if (params.team !== undefined) {
      const [row] = yield* sql<{ id: string; name: string; companyId: string; companyName: string }>`
        select t.id, t.name, c.id as company_id, c.name as company_name
        from teams t join companies c on c.id = t.company_id where t.id = ${params.team}`
      if (row === undefined) return yield* new NotFound({ message: "No such team." })
      if (params.company !== undefined && params.company !== row.companyId) {
        return yield* ValidationError.field("team", "The team is not in the company asked for.")
      }
      team = { id: row.id, name: row.name }
      company = { id: row.companyId, name: row.companyName }
    } else if (params.company !== undefined) {
      const [row] = yield* sql<{ id: string; name: string }>`
        select id, name from companies where id = ${params.company}`
      if (row === undefined) return yield* new NotFound({ message: "No such company." })
      company = row
    }
    return { company, team }
  })

export const analytics = (params: AnalyticsParams, scope: AnalyticsScope) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const from = dayOf(params.from)
    const to = dayOf(params.to)
    const days = Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1
    if (days < 1) return yield* ValidationError.field("to", "The range ends before it starts.")
    if (days > analyticsMaxDays) {
      return yield* ValidationError.field("to", `A range covers at most ${analyticsMaxDays} days.`)
    }
    const { company, team } = yield* clientOf(params)

    const own =
      scope.kind === "own"
        ? sql`report_id in (select id from reports where ${scope.authorId} = any(author_ids))`
        : null
    const filters = (extra: ReadonlyArray<Statement.Fragment> = []) =>
      sql.and([
        sql`day between ${from}::date and ${to}::date`,
        ...(company && !team ? [sql`company_id = ${company.id}`] : []),
        ...(team ? [sql`team_id = ${team.id}`] : []),
        ...(own ? [own] : []),
        ...extra,
      ])
    // Totals, the chart, channels, companies and teams: the rollup without reports, unless an
    // analyst's scope needs the reports.
    const base = own ? sql`readership_daily_reports` : sql`readership_daily`
    // The reports: across everyone, the report totals; for one client or one analyst, the rollup
    // that keeps the company and team.
    const reportSource = own || company ? sql`readership_daily_reports` : sql`readership_daily_report_totals`
    const reportKinds = sql`kind in ('report_view', 'report_read')`

    const totals = sql<Omit<Analytics["totals"], "readers">>`
      select ${sums(sql)},
        coalesce(sum(events) filter (where kind = 'search'), 0)::int as searches,
        coalesce(sum(events) filter (where kind = 'sign_in'), 0)::int as sign_ins,
        coalesce(sum(events) filter (where kind = 'feed_fetch'), 0)::int as feed_fetches,
        coalesce(sum(events) filter (where kind = 'email_open'), 0)::int as email_opens,
        coalesce(sum(events) filter (where kind = 'podcast_play'), 0)::int as podcast_plays
      from ${base} where ${filters()}`
    const readers = sql<{ readers: number }>`
      select count(distinct user_id)::int as readers from readership_daily_readers
      where ${filters([sql`kind = 'report_read'`])}`
    const series = sql<{ day: string; views: number; reads: number }>`
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(x.views, 0) as views, coalesce(x.reads, 0) as reads
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      left join (
        select day, ${sums(sql)} from ${base} where ${filters([reportKinds])} group by day
      ) x on x.day = d::date
      order by d`
    const channels = sql<{ channel: ReadershipChannel; views: number; reads: number }>`
      select channel, ${sums(sql)} from ${base} where ${filters([reportKinds])} group by channel`
    const companies = company
      ? Effect.succeed([])
      : sql<{ id: string; name: string; views: number; reads: number }>`
          select x.company_id as id, c.name, x.views, x.reads
          from (select company_id, ${sums(sql)} from ${base} where ${filters([reportKinds])} group by company_id) x
          join companies c on c.id = x.company_id
          order by x.reads desc, x.views desc, c.name limit ${analyticsTopMax}`
    const teams =
      company && !team
        ? sql<{ id: string | null; name: string | null; views: number; reads: number }>`
            select x.team_id as id, t.name, x.views, x.reads
            from (select team_id, ${sums(sql)} from ${base} where ${filters([reportKinds])} group by team_id) x
            left join teams t on t.id = x.team_id
            order by x.reads desc, x.views desc, t.name nulls last`
        : Effect.succeed([])
    const people = company
      ? sql<{ id: string; name: string; email: string; views: number; reads: number; lastDay: string }>`
          select u.id, u.name, u.email, x.views, x.reads, x.last_day
          from (
            select user_id, ${sums(sql)}, to_char(max(day), 'YYYY-MM-DD') as last_day
            from readership_daily_readers where ${filters([reportKinds])} group by user_id
          ) x join users u on u.id = x.user_id
          order by x.reads desc, x.views desc, u.name limit 500`
      : Effect.succeed([])
    const perReport = sql<{
      id: ReportId
      title: string
      sector: string
      publishedAt: Date | null
      authorIds: ReadonlyArray<string>
      views: number
      reads: number
    }>`
      select r.id, r.title, r.sector, r.published_at, r.author_ids, x.views, x.reads
      from (select report_id, ${sums(sql)} from ${reportSource} where ${filters([reportKinds])} group by report_id) x
      join reports r on r.id = x.report_id`

    const answers = yield* Effect.all(
      { totals, readers, series, channels, companies, teams, people, perReport },
      { concurrency: "unbounded" },
    )
    const reports = [...answers.perReport].sort(byReads)
    const bySector = new Map<string, { views: number; reads: number }>()
    const byAuthor = new Map<string, { views: number; reads: number }>()
    for (const report of reports) {
      const sector = bySector.get(report.sector) ?? { views: 0, reads: 0 }
      bySector.set(report.sector, { views: sector.views + report.views, reads: sector.reads + report.reads })
      for (const author of report.authorIds) {
        const row = byAuthor.get(author) ?? { views: 0, reads: 0 }
        byAuthor.set(author, { views: row.views + report.views, reads: row.reads + report.reads })
      }
    }
    const authorNames = byAuthor.size
      ? yield* sql<{
          id: UserId
          name: string
        }>`select id, name from users where id = any(${[...byAuthor.keys()]}::uuid[])`
      : []
    const channelRows = new Map(answers.channels.map((row) => [row.channel, row]))
    const result: Analytics = {
      from,
      to,
      scope: scope.kind,
      company: company as Analytics["company"],
      team: team as Analytics["team"],
      totals: { ...(answers.totals[0] ?? emptyTotals), readers: answers.readers[0]?.readers ?? 0 },
      series: answers.series,
      topReports: reports.slice(0, analyticsTopMax).map(({ authorIds: _, ...row }) => row),
      byCompany: answers.companies as Analytics["byCompany"],
      byTeam: answers.teams.map((row) => ({ ...row, name: row.name ?? "No team" })) as Analytics["byTeam"],
      readers: answers.people as unknown as Analytics["readers"],
      byChannel: (["console", "email", "feed", "api"] as const)
        .map((channel) => ({
          channel,
          views: channelRows.get(channel)?.views ?? 0,
          reads: channelRows.get(channel)?.reads ?? 0,
        }))
        .filter((row) => row.views + row.reads > 0),
      bySector: [...bySector].map(([sector, row]) => ({ sector, ...row })).sort(byReads),
      byAnalyst: authorNames
        .map((user) => ({
          id: user.id,
          name: user.name,
          ...(byAuthor.get(user.id) ?? { views: 0, reads: 0 }),
        }))
        .sort(byReads),
    }
    return result
  }).pipe(Effect.catchTag("SqlError", Effect.die))

const emptyTotals = {
  views: 0,
  reads: 0,
  searches: 0,
  signIns: 0,
  feedFetches: 0,
  emailOpens: 0,
  podcastPlays: 0,
}
