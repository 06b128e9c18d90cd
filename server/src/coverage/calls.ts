import { SqlClient } from "@effect/sql"
import type { Rating } from "@folio/core"
import { Effect } from "effect"

/**
 * A call is an analyst's rating and target on a ticker. These write one, with its history row,
 * in the caller's transaction: by hand (coverage/service.ts) or when a report that carries a
 * rating or target is published (releases/publish.ts), so a publish and its coverage change land
 * together or not at all.
 */

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

/** The row under a lock held to the end of the caller's transaction, or undefined. */
export const lockCall = (symbol: string, analystId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<StoredCall>`
      select rating, target_price, target_currency, dropped_at from coverage
      where symbol = ${symbol} and analyst_id = ${analystId} for update`,
  ).pipe(
    Effect.orDie,
    Effect.map((rows) => rows[0]),
  )

export const sameCall = (a: Call, b: Call): boolean =>
  a.rating === b.rating && a.targetPrice === b.targetPrice && a.targetCurrency === b.targetCurrency

/**
 * Writes a change and its history row. An initiation (re)starts `since`; a drop keeps the call
 * and sets `dropped_at`.
 */
export const writeCall = (change: CallChange) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
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

/**
 * Applies the calls of reports being published: each report's first ticker and first author
 * (the covering analyst). A report with a rating or a target changes the call (a target alone
 * keeps the rating; a rating alone keeps the target; a first call initiates coverage, "not
 * rated" when only a target is given) and becomes the row's last report; a report that changes
 * nothing still becomes the last report of a row that exists. Returns how many calls changed.
 */
export const applyReportCalls = (reportIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (reportIds.length === 0) return 0
    const reports = yield* sql<{
      id: string
      symbol: string
      analystId: string
      rating: Rating | null
      targetPrice: number | null
      targetCurrency: string | null
      tickerCurrency: string
    }>`
      select r.id, r.tickers[1] as symbol, r.author_ids[1] as analyst_id, r.rating, r.target_price,
             r.target_currency, t.currency as ticker_currency
      from reports r join tickers t on t.symbol = r.tickers[1]
      where r.id = any(${[...reportIds]}::uuid[]) and cardinality(r.author_ids) > 0
      order by coalesce(r.published_at, now()), r.id`
    let changed = 0
    for (const report of reports) {
      if (report.rating === null && report.targetPrice === null) {
        yield* sql`update coverage set last_report_id = ${report.id}
                   where symbol = ${report.symbol} and analyst_id = ${report.analystId} and dropped_at is null`
        continue
      }
      const stored = yield* lockCall(report.symbol, report.analystId)
      const active = stored !== undefined && stored.droppedAt === null
      const to: Call = {
        rating: report.rating ?? (active ? stored.rating : "not_rated"),
        targetPrice: report.targetPrice ?? (active ? stored.targetPrice : null),
        targetCurrency:
          report.targetPrice !== null
            ? (report.targetCurrency ?? report.tickerCurrency)
            : active
              ? stored.targetCurrency
              : null,
      }
      if (active && sameCall(stored, to)) {
        yield* sql`update coverage set last_report_id = ${report.id}
                   where symbol = ${report.symbol} and analyst_id = ${report.analystId}`
        continue
      }
      yield* writeCall({
        symbol: report.symbol,
        analystId: report.analystId,
        kind: active ? "change" : "initiate",
        by: report.analystId,
        from: active ? stored : null,
        to,
        reportId: report.id,
        note: null,
      })
      changed += 1
    }
    return changed
  }).pipe(Effect.orDie)
