import type {
  Coverage,
  CoverageHistory,
  CoverageList,
  CoverageListParams,
  DropCoverage,
  RatingDistribution,
  SetCoverage,
  UserId,
} from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The filters and sort of the coverage universe, as they appear in the URL. */
export type CoverageFilters = Omit<CoverageListParams, "includeDropped"> & {
  readonly includeDropped?: boolean | undefined
}

export const coverageKeys = {
  all: ["coverage"] as const,
  lists: () => [...coverageKeys.all, "list"] as const,
  list: (filters: CoverageFilters) => [...coverageKeys.lists(), filters] as const,
  distribution: () => [...coverageKeys.all, "distribution"] as const,
  history: (symbol: string, analyst: string | undefined) =>
    [...coverageKeys.all, "history", symbol, analyst ?? null] as const,
}

/** Only the filters that are set: `exactOptionalPropertyTypes` and the URL both prefer absent keys. */
const listParams = (filters: CoverageFilters): CoverageListParams =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as CoverageListParams

export const coverageListQueryOptions = (filters: CoverageFilters) =>
  queryOptions({
    queryKey: coverageKeys.list(filters),
    queryFn: (): Promise<CoverageList> =>
      callApi((client) => client.coverage.list({ urlParams: listParams(filters) })),
  })

export const ratingDistributionQueryOptions = () =>
  queryOptions({
    queryKey: coverageKeys.distribution(),
    queryFn: (): Promise<RatingDistribution> => callApi((client) => client.coverage.distribution()),
  })

export const coverageHistoryQueryOptions = (symbol: string, analyst?: UserId) =>
  queryOptions({
    queryKey: coverageKeys.history(symbol, analyst),
    queryFn: (): Promise<CoverageHistory> =>
      callApi((client) =>
        client.coverage.history({
          urlParams: analyst === undefined ? { symbol } : { symbol, analyst },
        }),
      ),
  })

/** Initiates coverage or changes the call; kept in the history. */
export const setCoverage = (payload: SetCoverage): Promise<Coverage> =>
  callApi((client) => client.coverage.set({ payload }))

export const dropCoverage = (payload: DropCoverage): Promise<Coverage> =>
  callApi((client) => client.coverage.drop({ payload }))
