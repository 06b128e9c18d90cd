import { SqlClient, type Statement } from "@effect/sql"
import {
  type Coverage,
  type CoverageChange,
  type CoverageListParams,
  type CoverageSort,
  coverageListMax,
  type Rating,
  type ReportId,
  type UserId,
} from "@folio/core"
import { Effect } from "effect"
import { type ReportReach, reachClause } from "../reports/reach.js"

interface CoverageRow {
  readonly symbol: string
  readonly tickerName: string
  readonly sector: string
  readonly paidRelationship: boolean
  readonly analystId: UserId
  readonly analystName: string
  readonly rating: Rating
  readonly targetPrice: number | null
  readonly targetCurrency: string | null
  readonly since: Date
  readonly updatedAt: Date
  readonly droppedAt: Date | null
  readonly reportId: ReportId | null
  readonly reportTitle: string | null
  readonly reportPublishedAt: Date | null
}

const coverageOf = ({ reportId, reportTitle, reportPublishedAt, ...row }: CoverageRow): Coverage => ({
  ...row,
  lastReport:
    reportId === null ? null : { id: reportId, title: reportTitle ?? "", publishedAt: reportPublishedAt },
})

const ratingOrder = (sql: SqlClient.SqlClient) =>
  sql`array_position(array['buy', 'hold', 'sell', 'not_rated'], c.rating)`

export class CoverageRepo extends Effect.Service<CoverageRepo>()("@folio/server/CoverageRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const orderBy = (sort: CoverageSort): Statement.Fragment => {
      const desc = sort.startsWith("-")
      const dir = desc ? sql`desc` : sql`asc`
      const nulls = sql`nulls last`
      switch (desc ? sort.slice(1) : sort) {
        case "analyst":
          return sql`u.name ${dir}, c.symbol`
        case "rating":
          return sql`${ratingOrder(sql)} ${dir}, c.symbol`
        case "target":
          return sql`c.target_price ${dir} ${nulls}, c.symbol`
        case "since":
          return sql`c.since ${dir}, c.symbol`
        case "updatedAt":
          return sql`c.updated_at ${dir}, c.symbol`
        case "lastReport":
          return sql`r.published_at ${dir} ${nulls}, c.symbol`
        default:
          return sql`c.symbol ${dir}, u.name`
      }
    }

    /** The last report shows only when the caller may read it (`r` joined under the reach). */
    const select = (reach: ReportReach, where: Statement.Fragment, tail: Statement.Fragment) =>
      sql<CoverageRow>`
        select c.symbol, t.name as ticker_name, t.sector, t.paid_relationship, c.analyst_id, u.name as analyst_name,
               c.rating, c.target_price, c.target_currency, c.since, c.updated_at, c.dropped_at,
               r.id as report_id, r.title as report_title, r.published_at as report_published_at
        from coverage c
        join tickers t on t.symbol = c.symbol
        join users u on u.id = c.analyst_id
        left join reports r on r.id = c.last_report_id and ${reachClause(sql, reach)}
        where ${where}
        ${tail}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.map(coverageOf)),
      )

    const list = (params: CoverageListParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const clauses: Array<Statement.Fragment> = []
        if (params.includeDropped !== true) clauses.push(sql`c.dropped_at is null`)
        if (params.analyst !== undefined) clauses.push(sql`c.analyst_id = ${params.analyst}`)
        if (params.symbol !== undefined) clauses.push(sql`c.symbol = ${params.symbol}`)
        if (params.sector !== undefined) clauses.push(sql`t.sector = ${params.sector}`)
        if (params.rating !== undefined) clauses.push(sql`c.rating = ${params.rating}`)
        const rows = yield* select(
          reach,
          clauses.length > 0 ? sql.and(clauses) : sql`true`,
          sql`order by ${orderBy(params.sort ?? "symbol")} limit ${coverageListMax + 1}`,
        )
        return { items: rows.slice(0, coverageListMax), truncated: rows.length > coverageListMax }
      })

    const find = (symbol: string, analystId: string, reach: ReportReach) =>
      select(reach, sql`c.symbol = ${symbol} and c.analyst_id = ${analystId}`, sql``).pipe(
        Effect.map((rows) => rows[0]),
      )

    const history = (symbol: string, analystId: string | undefined, reach: ReportReach) =>
      sql<{
        id: string
        symbol: string
        analystId: UserId
        analystName: string
        kind: CoverageChange["kind"]
        at: Date
        byId: UserId | null
        byName: string | null
        fromRating: Rating | null
        toRating: Rating | null
        fromTarget: number | null
        toTarget: number | null
        fromCurrency: string | null
        toCurrency: string | null
        reportId: ReportId | null
        reportTitle: string | null
        reportPublishedAt: Date | null
        note: string | null
      }>`
        select h.id::text, h.symbol, h.analyst_id, a.name as analyst_name, h.kind, h.at,
               b.id as by_id, b.name as by_name, h.from_rating, h.to_rating, h.from_target, h.to_target,
               h.from_currency, h.to_currency, r.id as report_id, r.title as report_title,
               r.published_at as report_published_at, h.note
        from coverage_changes h
        join users a on a.id = h.analyst_id
        left join users b on b.id = h.changed_by
        left join reports r on r.id = h.report_id and ${reachClause(sql, reach)}
        where h.symbol = ${symbol} ${analystId === undefined ? sql`` : sql`and h.analyst_id = ${analystId}`}
        order by h.at desc, h.id desc
        limit 500`.pipe(
        Effect.orDie,
        Effect.map((rows) =>
          rows.map(
            ({ byId, byName, reportId, reportTitle, reportPublishedAt, ...row }): CoverageChange => ({
              ...row,
              by: byId === null ? null : { id: byId, name: byName ?? "" },
              report:
                reportId === null
                  ? null
                  : { id: reportId, title: reportTitle ?? "", publishedAt: reportPublishedAt },
            }),
          ),
        ),
      )

    return { list, find, history } as const
  }),
}) {}
