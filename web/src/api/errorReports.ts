import type {
  ErrorIssue,
  ErrorIssueDetail,
  ErrorIssueId,
  ErrorIssuePage,
  ErrorIssueStatus,
  ErrorReportSettings,
  TracePage,
  TraceRouteList,
} from "@folio/core"
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query"
import { lazyApi } from "./lazy"

/** The issue list's filters, as they appear in the URL. */
export interface ErrorIssueFilters {
  readonly status: ErrorIssueStatus
  readonly q?: string | undefined
}

export const errorReportKeys = {
  all: ["errorReports"] as const,
  issueLists: () => [...errorReportKeys.all, "issues"] as const,
  issueList: (filters: ErrorIssueFilters) => [...errorReportKeys.issueLists(), filters] as const,
  issue: (id: ErrorIssueId) => [...errorReportKeys.all, "issue", id] as const,
  routes: () => [...errorReportKeys.all, "routes"] as const,
  traces: (route: string) => [...errorReportKeys.all, "traces", route] as const,
  settings: () => [...errorReportKeys.all, "settings"] as const,
}

export const issuePageSize = 50

/** Issues of one status, most recently seen first, one keyset page after another. */
export const errorIssuesInfiniteQueryOptions = (filters: ErrorIssueFilters) =>
  infiniteQueryOptions({
    queryKey: errorReportKeys.issueList(filters),
    queryFn: ({ pageParam }): Promise<ErrorIssuePage> =>
      lazyApi((client) =>
        client.errorReports.listIssues({
          urlParams: {
            status: filters.status,
            limit: issuePageSize,
            ...(filters.q ? { q: filters.q } : {}),
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // New reports arrive on their own: look again when the developer comes back to the tab.
    staleTime: 10_000,
  })

/** One issue with its latest event (stack trace, breadcrumbs) and its recent events. */
export const errorIssueQueryOptions = (issueId: ErrorIssueId) =>
  queryOptions({
    queryKey: errorReportKeys.issue(issueId),
    queryFn: (): Promise<ErrorIssueDetail> =>
      lazyApi((client) => client.errorReports.getIssue({ path: { issueId } })),
    staleTime: 10_000,
  })

export const setErrorIssueStatus = (issueId: ErrorIssueId, status: ErrorIssueStatus): Promise<ErrorIssue> =>
  lazyApi((client) => client.errorReports.setIssueStatus({ path: { issueId }, payload: { status } }))

/** Trace items summarised per route: count, p50, p95. */
export const traceRoutesQueryOptions = () =>
  queryOptions({
    queryKey: errorReportKeys.routes(),
    queryFn: (): Promise<TraceRouteList> => lazyApi((client) => client.errorReports.listTraceRoutes()),
    staleTime: 10_000,
  })

export const tracePageSize = 50

/** The traces of one route, newest first. */
export const tracesInfiniteQueryOptions = (route: string) =>
  infiniteQueryOptions({
    queryKey: errorReportKeys.traces(route),
    queryFn: ({ pageParam }): Promise<TracePage> =>
      lazyApi((client) =>
        client.errorReports.listTraces({
          urlParams: { route, limit: tracePageSize, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
  })

export const errorReportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: errorReportKeys.settings(),
    queryFn: (): Promise<ErrorReportSettings> => lazyApi((client) => client.errorReports.getSettings()),
    staleTime: 60_000,
  })

export const updateErrorReportSettings = (payload: ErrorReportSettings): Promise<ErrorReportSettings> =>
  lazyApi((client) => client.errorReports.updateSettings({ payload }))
