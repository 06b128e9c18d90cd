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
import { type RatingRow, ratingDistributionOf } from "./distribution.js"

/** An analyst's rating and target on a ticker. */
export interface Call {
  readonly rating: Rating
  readonly targetPrice: number | null
  readonly targetCurrency: string | null
}

export interface StoredCall extends Call {
  readonly droppedAt: Date | null
}

export interface CallChange {
  readonly symbol: string
  readonly analystId: string
  readonly kind: "initiate" | "change" | "drop"
  /** Who made it: the editor or analyst by hand, the report's first author on publish. */
  readonly by: string | null
  readonly from: Call | null
  readonly to: Call | null
  readonly reportId: string | null
  readonly note: string | null
}

/** A report being published, as its call is applied: its first ticker and first author. */
export interface ReportCall {
  readonly id: string
  readonly symbol: string
  readonly analystId: string
  readonly rating: Rating | null
  readonly targetPrice: number | null
  readonly targetCurrency: string | null
  readonly tickerCurrency: string
}

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

/** Coverage, its calls and their history, as stored. */
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

    /** The call's row under a lock held to the end of the caller's transaction, or undefined. */
    const lockCall = (symbol: string, analystId: string) =>
      sql<StoredCall>`
      select rating, target_price, target_currency, dropped_at from coverage
      where symbol = ${symbol} and analyst_id = ${analystId} for update`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows[0]),
      )

    /**
     * Writes a change and its history row, in the caller's transaction. An initiation (re)starts
     * `since`; a drop keeps the call and sets `dropped_at`.
     */
    const writeCall = (change: CallChange) =>
      Effect.gen(function* () {
        if (change.kind === "drop") {
          yield* sql`
        update coverage set dropped_at = now(), updated_at = now()
        where symbol = ${change.symbol} and analyst_id = ${change.analystId}`
        } else {
          const to = change.to!
          yield* sql`
        insert into coverage (symbol, analyst_id, rating, target_price, target_currency, last_report_id)
        values (${change.symbol}, ${change.analystId}, ${to.rating}, ${to.targetPrice}, ${to.targetCurrency}, ${change.reportId})
        on conflict (symbol, analyst_id) do update set
          rating = excluded.rating, target_price = excluded.target_price, target_currency = excluded.target_currency,
          since = case when coverage.dropped_at is null then coverage.since else now() end,
          dropped_at = null, updated_at = now(),
          last_report_id = coalesce(excluded.last_report_id, coverage.last_report_id)`
        }
        yield* sql`
      insert into coverage_changes (symbol, analyst_id, kind, changed_by, from_rating, to_rating, from_target,
                                    to_target, from_currency, to_currency, report_id, note)
      values (${change.symbol}, ${change.analystId}, ${change.kind}, ${change.by},
              ${change.from?.rating ?? null}, ${change.to?.rating ?? null},
              ${change.from?.targetPrice ?? null}, ${change.to?.targetPrice ?? null},
              ${change.from?.targetCurrency ?? null}, ${change.to?.targetCurrency ?? null},
              ${change.reportId}, ${change.note})`
      }).pipe(Effect.orDie)

    /** The calls the reports carry, those with an author, oldest publication first. */
    const reportCalls = (reportIds: ReadonlyArray<string>) =>
      sql<ReportCall>`
      select r.id, r.tickers[1] as symbol, r.author_ids[1] as analyst_id, r.rating, r.target_price,
             r.target_currency, t.currency as ticker_currency
      from reports r join tickers t on t.symbol = r.tickers[1]
      where r.id = any(${[...reportIds]}::uuid[]) and cardinality(r.author_ids) > 0
      order by coalesce(r.published_at, now()), r.id`.pipe(Effect.orDie)

    /** The report becomes the last report of the call, whether active or dropped. */
    const setLastReport = (reportId: string, symbol: string, analystId: string) =>
      sql`update coverage set last_report_id = ${reportId}
                   where symbol = ${symbol} and analyst_id = ${analystId}`.pipe(Effect.orDie, Effect.asVoid)

    /** The report becomes the last report of the call if the call is active. */
    const setLastReportIfActive = (reportId: string, symbol: string, analystId: string) =>
      sql`update coverage set last_report_id = ${reportId}
                   where symbol = ${symbol} and analyst_id = ${analystId} and dropped_at is null`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /** Buy/hold/sell counts over active coverage (distribution.ts). */
    const ratingDistribution = sql<RatingRow>`
    select c.analyst_id, u.name as analyst_name, t.paid_relationship, c.rating, count(*)::int as n
    from coverage c join tickers t on t.symbol = c.symbol join users u on u.id = c.analyst_id
    where c.dropped_at is null
    group by 1, 2, 3, 4`.pipe(Effect.orDie, Effect.map(ratingDistributionOf))

    /** The user a call names as its analyst: name, role, status and their company's kind; undefined when none. */
    const analyst = (id: string) =>
      sql<{ name: string; role: string; status: string; kind: string }>`
          select u.name, u.role, u.status, c.kind from users u join companies c on c.id = u.company_id
          where u.id = ${id}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows[0]),
      )

    /** The ticker's currency row; undefined when there is no such ticker. */
    const ticker = (symbol: string) =>
      sql<{ currency: string }>`select currency from tickers where symbol = ${symbol}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows[0]),
      )

    return {
      list,
      find,
      history,
      lockCall,
      writeCall,
      reportCalls,
      setLastReport,
      setLastReportIfActive,
      ratingDistribution,
      analyst,
      ticker,
    } as const
  }),
}) {}
