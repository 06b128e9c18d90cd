import { KpiTickerListParams, type KpiTickerSummary, type TickerKpis, TickerSymbol } from "@folio/core"
import { Effect } from "effect"
import { call, signedInTarget } from "../api.js"
import { CliError } from "../cliError.js"
import { defined } from "./lookup.js"
import { decodeInput } from "./validate.js"

/** `folio kpis list`: the tickers holding KPIs, or one ticker's metrics period by period. */

export interface KpiListInput {
  readonly url?: string | undefined
  readonly ticker?: string | undefined
  readonly q?: string | undefined
  readonly sector?: string | undefined
}

export type KpiListResult =
  | { readonly url: string; readonly tickers: ReadonlyArray<KpiTickerSummary> }
  | { readonly url: string; readonly kpis: TickerKpis }

export const listKpis = (input: KpiListInput): Effect.Effect<KpiListResult, CliError> =>
  Effect.gen(function* () {
    if (input.ticker !== undefined && (input.q !== undefined || input.sector !== undefined))
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: "--q and --sector filter the list of tickers; with a ticker, leave them out.",
          exitCode: 2,
        }),
      )
    if (input.ticker !== undefined) {
      const symbol = yield* decodeInput(TickerSymbol, input.ticker, { "": "<ticker>" })
      const target = yield* signedInTarget(input)
      const kpis = yield* call(target, (client) => client.kpis.get({ path: { symbol } }))
      return { url: target.url, kpis }
    }
    const urlParams = yield* decodeInput(KpiTickerListParams, defined({ q: input.q, sector: input.sector }), {
      q: "--q",
      sector: "--sector",
    })
    const target = yield* signedInTarget(input)
    const list = yield* call(target, (client) => client.kpis.list({ urlParams }))
    return { url: target.url, tickers: list.items }
  })
