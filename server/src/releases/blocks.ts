import { SqlClient } from "@effect/sql"
import { ReleaseBlocked } from "@folio/core"
import { Effect, Option } from "effect"

/**
 * What stops a report about `tickers` from going out at `at`: a restricted ticker first (it
 * holds whatever the time), then a blackout covering `at`, global or about one of the tickers.
 * The reason is the one its author wrote.
 */
export const releaseBlock = (tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const restricted = yield* sql<{ symbol: string; reason: string }>`
      select symbol, reason from restricted_tickers
      where symbol = any(${[...tickers]}::text[]) order by symbol limit 1`
    const hit = restricted[0]
    if (hit) {
      return Option.some(
        new ReleaseBlocked({
          message: `${hit.symbol} is on the restricted list: ${hit.reason}. Nothing about it may be scheduled or published until it is taken off.`,
          rule: "restricted",
          reason: hit.reason,
          ticker: hit.symbol,
        }),
      )
    }
    const instant = at === "now" ? sql`now()` : sql`${at}::timestamptz`
    const blackouts = yield* sql<{ ticker: string | null; reason: string; endsAt: Date }>`
      select ticker, reason, ends_at from blackouts
      where starts_at <= ${instant} and ends_at > ${instant}
        and (ticker is null or ticker = any(${[...tickers]}::text[]))
      order by ticker nulls first, ends_at desc limit 1`
    const blackout = blackouts[0]
    if (!blackout) return Option.none()
    const scope = blackout.ticker ? `for ${blackout.ticker}` : "for every report"
    return Option.some(
      new ReleaseBlocked({
        message: `A blackout period ${scope} covers ${at === "now" ? "now" : at.toISOString()} until ${blackout.endsAt.toISOString()}: ${blackout.reason}.`,
        rule: "blackout",
        reason: blackout.reason,
        ticker: blackout.ticker,
      }),
    )
  }).pipe(Effect.orDie)

/** Fails with the block, if any. */
export const refuseIfBlocked = (tickers: ReadonlyArray<string>, at: Date | "now") =>
  Effect.flatMap(
    releaseBlock(tickers, at),
    Option.match({ onNone: () => Effect.void, onSome: (blocked) => Effect.fail(blocked) }),
  )
