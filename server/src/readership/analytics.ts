import { SqlClient } from "@effect/sql"
import {
  type Analytics,
  type AnalyticsParams,
  analyticsMaxDays,
  analyticsTopMax,
  dayOf,
  NotFound,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import {
  type AnalyticsSlice,
  byChannelOf,
  byCompanyOf,
  byPersonOf,
  byReportOf,
  byTeamOf,
  companyById,
  readerCountOf,
  seriesOf,
  teamWithCompany,
  totalsOf,
  userNames,
} from "./analyticsRepo.js"

/**
 * Readership analytics, from the daily rollups only (0022_readership): never the raw events.
 * `all` reads the rollups without people for totals, the chart and the tables; `own` (an analyst)
 * reads the per-report rollup narrowed to the reports they wrote. The questions run at once, each
 * on its own connection. The statements are analyticsRepo.ts's.
 */
export type AnalyticsScope = { readonly kind: "all" } | { readonly kind: "own"; readonly authorId: string }

const dayMs = 86_400_000

interface Sums {
  readonly views: number
  readonly reads: number
}
const byReads = <T extends Sums>(a: T, b: T) => b.reads - a.reads || b.views - a.views

const clientOf = (sql: SqlClient.SqlClient, params: AnalyticsParams) =>
  Effect.gen(function* () {
    let company: { id: string; name: string } | null = null
    let team: { id: string; name: string } | null = null
    if (params.team !== undefined) {
      const found = yield* teamWithCompany(sql, params.team)
      if (Option.isNone(found)) return yield* new NotFound({ message: "No such team." })
      const row = found.value
      if (params.company !== undefined && params.company !== row.companyId) {
        return yield* ValidationError.field("team", "The team is not in the company asked for.")
      }
      team = { id: row.id, name: row.name }
      company = { id: row.companyId, name: row.companyName }
    } else if (params.company !== undefined) {
      const found = yield* companyById(sql, params.company)
      if (Option.isNone(found)) return yield* new NotFound({ message: "No such company." })
      company = found.value
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
    const { company, team } = yield* clientOf(sql, params)
    const slice: AnalyticsSlice = {
      from,
      to,
      companyId: company?.id ?? null,
      teamId: team?.id ?? null,
      authorId: scope.kind === "own" ? scope.authorId : null,
    }

    // For one client, its teams (unless one team is asked for) and its people instead of the companies.
    const totals = totalsOf(sql, slice)
    const readers = readerCountOf(sql, slice)
    const series = seriesOf(sql, slice)
    const channels = byChannelOf(sql, slice)
    const companies = company ? Effect.succeed([]) : byCompanyOf(sql, slice)
    const teams = company && !team ? byTeamOf(sql, slice) : Effect.succeed([])
    const people = company ? byPersonOf(sql, slice) : Effect.succeed([])
    const perReport = byReportOf(sql, slice)

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
    const authorNames = byAuthor.size ? yield* userNames(sql, [...byAuthor.keys()]) : []
    const channelRows = new Map(answers.channels.map((row) => [row.channel, row]))
    const result: Analytics = {
      from,
      to,
      scope: scope.kind,
      company: company as Analytics["company"],
      team: team as Analytics["team"],
      totals: { ...Option.getOrElse(answers.totals, () => emptyTotals), readers: answers.readers },
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
