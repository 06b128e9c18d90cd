import type { Action, Me } from "@folio/core"
import { can } from "@folio/core"
import type { ComponentType } from "react"
import {
  ActivityIcon,
  AnalyticsIcon,
  BugIcon,
  BuildingIcon,
  ChartIcon,
  ClockIcon,
  CodeIcon,
  DashboardIcon,
  HeadphonesIcon,
  type IconProps,
  MailIcon,
  MicrophoneIcon,
  ReportIcon,
  SearchIcon,
  SlidersIcon,
  SparklesIcon,
  StarIcon,
  TargetIcon,
  UploadIcon,
  UserIcon,
  UsersIcon,
} from "../components/icons"
import type { FileRoutesByTo } from "../routeTree.gen"

export interface NavItem {
  readonly label: string
  readonly to: keyof FileRoutesByTo
  /** The policy action that lets a role see this area (core's `can`). */
  readonly action: Action
  /** Only people of the publisher's own company see it (the error inbox is the publisher's, not a client's). */
  readonly publisherOnly?: boolean
  readonly icon: ComponentType<IconProps>
}

/** The console's areas, in menu order. A new screen adds a row here once its route exists. */
export const navItems: ReadonlyArray<NavItem> = [
  { label: "Dashboard", to: "/dashboard", action: "dashboard.view", icon: DashboardIcon },
  { label: "Reports", to: "/reports", action: "reports.read", icon: ReportIcon },
  { label: "Favorites", to: "/reports/favorites", action: "favorites.manage", icon: StarIcon },
  { label: "Podcasts", to: "/podcasts", action: "podcasts.listen", icon: HeadphonesIcon },
  { label: "Import", to: "/reports/import", action: "reports.import", icon: UploadIcon },
  { label: "AI playground", to: "/ai-playground", action: "ai.use", icon: SparklesIcon },
  { label: "Release schedule", to: "/release-schedule", action: "releases.manage", icon: ClockIcon },
  { label: "Channels", to: "/channels", action: "channels.manage", icon: MailIcon },
  { label: "Podcast admin", to: "/podcasts/admin", action: "podcasts.manage", icon: MicrophoneIcon },
  { label: "Tickers", to: "/tickers", action: "tickers.read", icon: ChartIcon },
  { label: "Coverage", to: "/coverage", action: "coverage.read", icon: TargetIcon },
  { label: "KPIs", to: "/kpis", action: "kpis.read", icon: ActivityIcon },
  { label: "Analytics", to: "/analytics", action: "analytics.view", icon: AnalyticsIcon },
  { label: "Search", to: "/search", action: "search.use", icon: SearchIcon },
  { label: "Companies", to: "/companies", action: "companies.read", icon: BuildingIcon },
  { label: "Users", to: "/users", action: "users.read", icon: UsersIcon },
  { label: "Developer", to: "/developer", action: "developer.tokens", icon: CodeIcon },
  {
    label: "Error reports",
    to: "/developer/reports",
    action: "developer.errorReports",
    publisherOnly: true,
    icon: BugIcon,
  },
  { label: "Configuration", to: "/admin-config", action: "config.manage", icon: SlidersIcon },
  { label: "Control panel", to: "/control-panel", action: "controlPanel.view", icon: ActivityIcon },
  { label: "Profile", to: "/profile", action: "profile.manage", icon: UserIcon },
]

type Viewer = Pick<Me, "user" | "company">

/** The areas this person may open: their role's grant, and for publisher-only areas, their company. */
export const navItemsFor = (me: Viewer): ReadonlyArray<NavItem> =>
  navItems.filter(
    (item) =>
      can(me.user.role, item.action) && (item.publisherOnly !== true || me.company.kind === "publisher"),
  )

/** True when `pathname` is `to` itself or a page under it (`/reports/1` is under `/reports`, `/reportsx` is not). */
const isAtOrUnder = (pathname: string, to: string): boolean =>
  pathname === to || pathname.startsWith(to.endsWith("/") ? to : `${to}/`)

/**
 * The one item to highlight for `pathname`: the deepest item the path is at or under, so
 * `/reports/favorites` lights Favorites and not Reports too, while `/reports/123` still lights Reports.
 */
export const activeNavItem = <T extends Pick<NavItem, "to">>(
  items: ReadonlyArray<T>,
  pathname: string,
): T | undefined => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname
  let best: T | undefined
  for (const item of items) {
    if (isAtOrUnder(path, item.to) && (best === undefined || item.to.length > best.to.length)) best = item
  }
  return best
}
