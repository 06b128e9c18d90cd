import type { ReportStatus, ReportType, SearchResult } from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The search screen's state, as it appears in the URL (`year` narrows to one calendar year). */
export interface SearchFilters {
  readonly q?: string | undefined
  readonly ticker?: string | undefined
  readonly sector?: string | undefined
  readonly type?: ReportType | undefined
  readonly status?: ReportStatus | undefined
  readonly year?: number | undefined
}

export const searchKeys = {
  all: ["search"] as const,
  results: (filters: SearchFilters) => [...searchKeys.all, "results", filters] as const,
  quick: (q: string) => [...searchKeys.all, "quick", q] as const,
}

/** Only what is set; a year becomes the server's inclusive day bounds of that year. */
const searchParams = (
  filters: SearchFilters & { readonly q: string },
  cursor: string | null,
  limit: number,
) => ({
  q: filters.q,
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.ticker ? { ticker: filters.ticker } : {}),
  ...(filters.sector ? { sector: filters.sector } : {}),
  ...(filters.type ? { type: filters.type } : {}),
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.year !== undefined
    ? {
        from: new Date(Date.UTC(filters.year, 0, 1)),
        to: new Date(Date.UTC(filters.year, 11, 31, 23, 59, 59, 999)),
      }
    : {}),
})

export const searchPageSize = 20

/** Ranked report hits, page after page; facets and the other sections come with the first page. */
export const searchInfiniteQueryOptions = (filters: SearchFilters & { readonly q: string }) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(filters),
    queryFn: ({ pageParam }): Promise<SearchResult> =>
      callApi((client) =>
        client.search.search({ urlParams: searchParams(filters, pageParam, searchPageSize) }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** The few best matches of every kind, for the Ctrl/Cmd-K palette. */
export const quickSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.quick(q),
    queryFn: (): Promise<SearchResult> =>
      callApi((client) => client.search.search({ urlParams: { q, limit: 5, prefix: true } })),
    enabled: q.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
