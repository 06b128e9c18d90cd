import { lastDays, type Me, type UserId } from "@folio/core"
import type { QueryClient } from "@tanstack/react-query"
import { healthQueryOptions } from "../../../../api/health"
import {
  analyticsQueryOptions,
  myReportsQueryOptions,
  platformFiguresQueryOptions,
} from "../../../../api/readership"
import { scheduleQueryOptions } from "../../../../api/releases"
import { type ReportFilters, reportsPreviewQueryOptions } from "../../../../api/reports"
import { favoriteFilters } from "../reports/favoriteFilters"
import { type DashboardTile, dashboardTiles } from "./layout"

// The queries behind each role's tiles (./layout.ts): the route's loader starts them while the
// screen's code loads, so this module holds no component.

/** How many reports a list tile shows; its heading leads to the rest. */
export const tileReports = 5

/** The filters of each report-list tile. */
export const reportTileFilters = {
  drafts: (author: UserId): ReportFilters => ({ status: ["draft"], author }),
  review: { status: ["in_review"] } satisfies ReportFilters,
  latest: { status: ["published"], sort: "-publishedAt" } satisfies ReportFilters,
  favorites: favoriteFilters,
} as const

/** The schedule as the server gives it by default: every scheduled release (and the past week's). */
export const upcomingReleasesQuery = () => scheduleQueryOptions({})

/** The week the readership tile covers: the last 7 days up to today (UTC days, as analytics counts). */
export const weekRange = () => lastDays(7)

/** Starts one tile's query; the tile shows its own loading and error states. */
const prefetchTile = (queryClient: QueryClient, tile: DashboardTile, me: Me): Promise<void> | undefined => {
  switch (tile) {
    case "figures":
      return queryClient.prefetchQuery(platformFiguresQueryOptions())
    case "server":
      return queryClient.prefetchQuery(healthQueryOptions())
    case "drafts":
      return queryClient.prefetchQuery(
        reportsPreviewQueryOptions(reportTileFilters.drafts(me.user.id), tileReports),
      )
    case "sentBack":
    case "myReads":
      return queryClient.prefetchQuery(myReportsQueryOptions())
    case "review":
      return queryClient.prefetchQuery(reportsPreviewQueryOptions(reportTileFilters.review, tileReports))
    case "upcoming":
      return queryClient.prefetchQuery(upcomingReleasesQuery())
    case "week":
      return queryClient.prefetchQuery(analyticsQueryOptions(weekRange()))
    case "latest":
      return queryClient.prefetchQuery(reportsPreviewQueryOptions(reportTileFilters.latest, tileReports))
    case "favorites":
      return queryClient.prefetchQuery(reportsPreviewQueryOptions(reportTileFilters.favorites, tileReports))
    // Not started early: asking is what records the visit, and a link hovered is no visit.
    case "sinceLastVisit":
    case "you":
      return undefined
  }
}

/** Starts the queries of a role's tiles while the screen's code loads; nothing waits for them. */
export const prefetchDashboard = (queryClient: QueryClient, me: Me): void => {
  for (const { tile } of dashboardTiles(me.user.role)) void prefetchTile(queryClient, tile, me)
}
