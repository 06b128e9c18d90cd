import { ReleaseBlocked } from "@folio/core"
import { Effect, Option } from "effect"
import type { ActiveBlackout, ReleasesRepo, Restriction } from "./repo.js"

const restrictedError = (hit: Restriction) =>
  new ReleaseBlocked({
    message: `${hit.symbol} is on the restricted list: ${hit.reason}. Nothing about it may be scheduled or published until it is taken off.`,
    rule: "restricted",
    reason: hit.reason,
    ticker: hit.symbol,
  })

const blackoutError = (blackout: ActiveBlackout, at: Date | "now") =>
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
  repo: ReleasesRepo,
  reports: ReadonlyArray<{ readonly id: string; readonly tickers: ReadonlyArray<string> }>,
  at: Date | "now",
) =>
  Effect.gen(function* () {
    const blocked = new Map<string, ReleaseBlocked>()
    if (reports.length === 0) return blocked
    const symbols = [...new Set(reports.flatMap((r) => r.tickers))]
    const restricted: ReadonlyArray<Restriction> =
      symbols.length === 0 ? [] : yield* repo.restrictionsOf(symbols)
    const blackouts = yield* repo.blackoutsAt(at, symbols)
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
export const releaseBlock = (repo: ReleasesRepo, tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.map(releaseBlocks(repo, [{ id: "", tickers }], at), (blocked) =>
    Option.fromNullable(blocked.get("")),
  )

/** Fails with the block, if any. */
export const refuseIfBlocked = (repo: ReleasesRepo, tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.flatMap(
    releaseBlock(repo, tickers, at),
    Option.match({ onNone: () => Effect.void, onSome: (blocked) => Effect.fail(blocked) }),
  )
