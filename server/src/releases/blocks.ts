import { SqlClient } from "@effect/sql"
import { ReleaseBlocked } from "@folio/core"
import { Effect, Option } from "effect"

interface Restriction {
  readonly symbol: string
  readonly reason: string
}

interface Blackout {
  readonly ticker: string | null
  readonly reason: string
  readonly endsAt: Date
}

const restrictedError = (hit: Restriction) =>
  new ReleaseBlocked({
    message: `${hit.symbol} is on the restricted list: ${hit.reason}. Nothing about it may be scheduled or published until it is taken off.`,
    rule: "restricted",
    reason: hit.reason,
    ticker: hit.symbol,
  })

const blackoutError = (blackout: Blackout, at: Date | "now") =>
  new ReleaseBlocked({
    message: `A blackout period ${blackout.ticker ? `for ${blackout.ticker}` : "for every report"} covers ${
      at === "now" ? "now" : at.toISOString()
    } until ${blackout.endsAt.toISOString()}: ${blackout.reason}.`,
    rule: "blackout",
    reason: blackout.reason,
    ticker: blackout.ticker,
  })

/**
 * What stops reports about `tickers` from going out at `at`, for many reports in two statements:
 * a restricted ticker first (it holds whatever the time), then a blackout covering `at`, global or
 * about one of the report's tickers (a global one first, then the longest). The reason is the one
 * its author wrote.
 */
export const releaseBlocks = (
  reports: ReadonlyArray<{ readonly id: string; readonly tickers: ReadonlyArray<string> }>,
  at: Date | "now",
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const blocked = new Map<string, ReleaseBlocked>()
    if (reports.length === 0) return blocked
    const symbols = [...new Set(reports.flatMap((r) => r.tickers))]
    const restricted =
      symbols.length === 0
        ? []
        : yield* sql<Restriction>`
          select symbol, reason from restricted_tickers where symbol = any(${symbols}::text[]) order by symbol`
    const instant = at === "now" ? sql`now()` : sql`${at}::timestamptz`
    const blackouts = yield* sql<Blackout>`
      select ticker, reason, ends_at from blackouts
      where starts_at <= ${instant} and ends_at > ${instant}
        and (ticker is null or ticker = any(${symbols}::text[]))
      order by ticker nulls first, ends_at desc`
    for (const report of reports) {
      const hit = restricted.find((r) => report.tickers.includes(r.symbol))
      if (hit) {
        blocked.set(report.id, restrictedError(hit))
        continue
      }
      const blackout = blackouts.find((b) => b.ticker === null || report.tickers.includes(b.ticker))
      if (blackout) blocked.set(report.id, blackoutError(blackout, at))
    }
    return blocked
  }).pipe(Effect.orDie)

/** What stops one report about `tickers` from going out at `at`, if anything. */
export const releaseBlock = (tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.map(releaseBlocks([{ id: "", tickers }], at), (blocked) => Option.fromNullable(blocked.get("")))

/** Fails with the block, if any. */
export const refuseIfBlocked = (tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.flatMap(
    releaseBlock(tickers, at),
    Option.match({ onNone: () => Effect.void, onSome: (blocked) => Effect.fail(blocked) }),
  )
