import type {
  Ticker,
  TickerImportRequest,
  TickerImportResult,
  TickerInput,
  TickerPage,
  UpdateTicker,
} from "@folio/core"
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The filters of the ticker list, as they appear in the URL. */
export interface TickerFilters {
  readonly q?: string | undefined
  readonly sector?: string | undefined
  readonly active?: boolean | undefined
}

export const tickerKeys = {
  all: ["tickers"] as const,
  lists: () => [...tickerKeys.all, "list"] as const,
  list: (filters: TickerFilters) => [...tickerKeys.lists(), filters] as const,
  details: () => [...tickerKeys.all, "detail"] as const,
  detail: (symbol: string) => [...tickerKeys.details(), symbol] as const,
}

/** Only the filters that are set: `exactOptionalPropertyTypes` and the URL both prefer absent keys. */
const listParams = (filters: TickerFilters, cursor: string | null, limit: number) => ({
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.q ? { q: filters.q } : {}),
  ...(filters.sector ? { sector: filters.sector } : {}),
  ...(filters.active !== undefined ? { active: filters.active } : {}),
})

export const tickerPageSize = 50

/** Tickers ordered by symbol, one keyset page after another ("Load more"). */
export const tickersInfiniteQueryOptions = (filters: TickerFilters) =>
  infiniteQueryOptions({
    queryKey: tickerKeys.list(filters),
    queryFn: ({ pageParam }): Promise<TickerPage> =>
      callApi((client) => client.tickers.list({ urlParams: listParams(filters, pageParam, tickerPageSize) })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

export const tickerQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: tickerKeys.detail(symbol),
    queryFn: (): Promise<Ticker> => callApi((client) => client.tickers.get({ path: { symbol } })),
  })

export const createTicker = (payload: TickerInput): Promise<Ticker> =>
  callApi((client) => client.tickers.create({ payload }))

export const updateTicker = (symbol: string, payload: UpdateTicker): Promise<Ticker> =>
  callApi((client) => client.tickers.update({ path: { symbol }, payload }))

/** All rows in one transaction, or none; with `dryRun` the server only counts what would change. */
export const importTickers = (payload: TickerImportRequest): Promise<TickerImportResult> =>
  callApi((client) => client.tickers.import({ payload }))
