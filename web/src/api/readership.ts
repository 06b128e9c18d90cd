import type {
  Analytics,
  AnalyticsParams,
  CompanyId,
  ErasedEvents,
  MyReadership,
  MyReports,
  PlatformFigures,
  ReadershipExport,
  SinceLastVisit,
  TeamEntitlements,
  TeamId,
  UserId,
} from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"
import { lazyApi } from "./lazy"

/** Readership as the screens ask for it: the analytics range is days (`YYYY-MM-DD`), as in the URL. */
export interface AnalyticsQuery {
  readonly from: string
  readonly to: string
  readonly company?: CompanyId | undefined
  readonly team?: TeamId | undefined
}

export const readershipKeys = {
  all: ["readership"] as const,
  analytics: (query: AnalyticsQuery) => [...readershipKeys.all, "analytics", query] as const,
  mine: () => [...readershipKeys.all, "mine"] as const,
  dashboard: () => [...readershipKeys.all, "dashboard"] as const,
  sinceLastVisit: () => [...readershipKeys.dashboard(), "since-last-visit"] as const,
  myReports: () => [...readershipKeys.dashboard(), "my-reports"] as const,
  figures: () => [...readershipKeys.dashboard(), "figures"] as const,
  teamEntitlements: (teamId: TeamId) => [...readershipKeys.all, "team-entitlements", teamId] as const,
}

const analyticsParams = (query: AnalyticsQuery): AnalyticsParams => ({
  from: new Date(`${query.from}T00:00:00Z`),
  to: new Date(`${query.to}T00:00:00Z`),
  ...(query.company === undefined ? {} : { company: query.company }),
  ...(query.team === undefined ? {} : { team: query.team }),
})

export const analyticsQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: readershipKeys.analytics(query),
    queryFn: (): Promise<Analytics> =>
      lazyApi((client) => client.analytics.get({ urlParams: analyticsParams(query) })),
    staleTime: 60_000,
  })

export const myReadershipQueryOptions = () =>
  queryOptions({
    queryKey: readershipKeys.mine(),
    queryFn: (): Promise<MyReadership> => lazyApi((client) => client.readership.mine()),
  })

/** Everything recorded about me, for the download. */
export const exportMyReadership = (): Promise<ReadershipExport> =>
  lazyApi((client) => client.readership.export())

/** Erases a user's raw events (admins); rollups keep the counts. */
export const eraseReadership = (userId: UserId): Promise<ErasedEvents> =>
  lazyApi((client) => client.readership.erase({ path: { userId } }))

export const sinceLastVisitQueryOptions = () =>
  queryOptions({
    queryKey: readershipKeys.sinceLastVisit(),
    queryFn: (): Promise<SinceLastVisit> => lazyApi((client) => client.dashboard.sinceLastVisit()),
    // One answer per visit: refetching would record another visit and empty the list.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const myReportsQueryOptions = () =>
  queryOptions({
    queryKey: readershipKeys.myReports(),
    queryFn: (): Promise<MyReports> => lazyApi((client) => client.dashboard.myReports()),
  })

export const platformFiguresQueryOptions = () =>
  queryOptions({
    queryKey: readershipKeys.figures(),
    queryFn: (): Promise<PlatformFigures> => lazyApi((client) => client.dashboard.figures()),
  })

export const teamEntitlementsQueryOptions = (teamId: TeamId) =>
  queryOptions({
    queryKey: readershipKeys.teamEntitlements(teamId),
    queryFn: (): Promise<TeamEntitlements> =>
      callApi((client) => client.teams.entitlements({ path: { teamId } })),
  })
