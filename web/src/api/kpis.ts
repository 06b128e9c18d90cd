import type {
  KpiImportRequest,
  KpiImportResult,
  KpiTickerList,
  KpiTickerListParams,
  TickerKpis,
} from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const kpiKeys = {
  all: ["kpis"] as const,
  lists: () => [...kpiKeys.all, "list"] as const,
  list: (params: KpiTickerListParams) => [...kpiKeys.lists(), params] as const,
  tickers: () => [...kpiKeys.all, "ticker"] as const,
  ticker: (symbol: string) => [...kpiKeys.tickers(), symbol] as const,
}

/** Tickers holding at least one metric, by symbol. */
export const kpiTickersQueryOptions = (params: KpiTickerListParams = {}) =>
  queryOptions({
    queryKey: kpiKeys.list(params),
    queryFn: (): Promise<KpiTickerList> => callApi((client) => client.kpis.list({ urlParams: params })),
  })

/** A ticker's metrics with their actuals, estimates and surprises per period (oldest first). */
export const tickerKpisQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: kpiKeys.ticker(symbol),
    queryFn: (): Promise<TickerKpis> => callApi((client) => client.kpis.get({ path: { symbol } })),
  })

/** One batch of at most `kpiImportBatchSize` rows: good rows written, bad ones answered by line. */
export const importKpiBatch = (payload: KpiImportRequest): Promise<KpiImportResult> =>
  callApi((client) => client.kpis.import({ payload }))
