import { FetchHttpClient } from "@effect/platform"
import type {
  BulkResult,
  CreateReport,
  Report,
  ReportId,
  ReportPage,
  ReportRevision,
  ReportRevisionSummary,
  ReportSort,
  ReportStatus,
  ReportType,
  TickerPage,
  Transition,
  UpdateReport,
  UserId,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { Effect } from "effect"
import { callApi } from "./client"

/** The filters and sort of the reports table, as they appear in the URL. Dates are `YYYY-MM-DD`. */
export interface ReportFilters {
  readonly status?: ReadonlyArray<ReportStatus> | undefined
  readonly ticker?: string | undefined
  readonly sector?: string | undefined
  readonly type?: ReportType | undefined
  readonly author?: UserId | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly sort?: ReportSort | undefined
  readonly favorites?: boolean | undefined
}

export const reportKeys = {
  all: ["reports"] as const,
  lists: () => [...reportKeys.all, "list"] as const,
  list: (filters: ReportFilters) => [...reportKeys.lists(), filters] as const,
  details: () => [...reportKeys.all, "detail"] as const,
  detail: (id: ReportId) => [...reportKeys.details(), id] as const,
  revisions: (id: ReportId) => [...reportKeys.detail(id), "revisions"] as const,
  revision: (id: ReportId, version: number) => [...reportKeys.revisions(id), version] as const,
  tickerOptions: (q: string) => [...reportKeys.all, "tickerOptions", q] as const,
}

/** A `YYYY-MM-DD` day as the server's inclusive day bound (UTC midnight of that day). */
const day = (value: string): Date => new Date(`${value}T00:00:00.000Z`)

/** Only the filters that are set: `exactOptionalPropertyTypes` and the URL both prefer absent keys. */
const listParams = (filters: ReportFilters, cursor: string | null, limit: number) => ({
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.status && filters.status.length > 0 ? { status: filters.status } : {}),
  ...(filters.ticker ? { ticker: filters.ticker } : {}),
  ...(filters.sector ? { sector: filters.sector } : {}),
  ...(filters.type ? { type: filters.type } : {}),
  ...(filters.author ? { author: filters.author } : {}),
  ...(filters.from ? { from: day(filters.from) } : {}),
  ...(filters.to ? { to: day(filters.to) } : {}),
  ...(filters.sort ? { sort: filters.sort } : {}),
  ...(filters.favorites ? { favorites: true } : {}),
})

export const reportPageSize = 25

/** Reports in the chosen order, one keyset page after another ("Load more"). */
export const reportsInfiniteQueryOptions = (filters: ReportFilters) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(filters),
    queryFn: ({ pageParam }): Promise<ReportPage> =>
      callApi((client) => client.reports.list({ urlParams: listParams(filters, pageParam, reportPageSize) })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** The first few reports of a filter, for dashboard panels. */
export const reportsPreviewQueryOptions = (filters: ReportFilters, limit = 5) =>
  queryOptions({
    queryKey: [...reportKeys.list(filters), "preview", limit] as const,
    queryFn: (): Promise<ReportPage> =>
      callApi((client) => client.reports.list({ urlParams: listParams(filters, null, limit) })),
  })

export const reportQueryOptions = (id: ReportId) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    queryFn: (): Promise<Report> => callApi((client) => client.reports.get({ path: { reportId: id } })),
  })

export const revisionsQueryOptions = (id: ReportId) =>
  queryOptions({
    queryKey: reportKeys.revisions(id),
    queryFn: (): Promise<ReadonlyArray<ReportRevisionSummary>> =>
      callApi((client) => client.reports.revisions({ path: { reportId: id } })),
  })

export const revisionQueryOptions = (id: ReportId, version: number) =>
  queryOptions({
    queryKey: reportKeys.revision(id, version),
    queryFn: (): Promise<ReportRevision> =>
      callApi((client) => client.reports.revision({ path: { reportId: id, version } })),
    // A saved revision never changes.
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Tickers whose symbol or name matches, for the report editor and the filters. */
export const tickerOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: reportKeys.tickerOptions(q),
    queryFn: (): Promise<TickerPage> =>
      callApi((client) =>
        client.tickers.list({ urlParams: { limit: 20, ...(q.trim() === "" ? {} : { q: q.trim() }) } }),
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

export const createReport = (payload: CreateReport): Promise<Report> =>
  callApi((client) => client.reports.create({ payload }))

/** `keepalive`: the request outlives the page (the editor's last save when the tab closes). */
export const updateReport = (
  id: ReportId,
  payload: UpdateReport,
  options: { readonly keepalive?: boolean } = {},
): Promise<Report> =>
  callApi((client) => {
    const call = client.reports.update({ path: { reportId: id }, payload })
    return options.keepalive
      ? Effect.provideService(call, FetchHttpClient.RequestInit, { keepalive: true })
      : call
  })

export const transitionReport = (id: ReportId, transition: Transition, version: number): Promise<Report> =>
  callApi((client) => client.reports.transition({ path: { reportId: id, transition }, payload: { version } }))

export const archiveReports = (ids: ReadonlyArray<ReportId>): Promise<BulkResult> =>
  callApi((client) => client.reports.archiveMany({ payload: { ids } }))

export const restoreRevision = (id: ReportId, revision: number, currentVersion: number): Promise<Report> =>
  callApi((client) =>
    client.reports.restore({
      path: { reportId: id, version: revision },
      payload: { version: currentVersion },
    }),
  )

export const setFavorite = (id: ReportId, favorite: boolean): Promise<void> =>
  callApi((client) =>
    favorite
      ? client.reports.favorite({ path: { reportId: id } })
      : client.reports.unfavorite({ path: { reportId: id } }),
  )
