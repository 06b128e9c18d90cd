import type { Action, Role } from "@folio/core"
import { can } from "@folio/core"
import type { ComponentType } from "react"
import {
  BuildingIcon,
  CodeIcon,
  DashboardIcon,
  type IconProps,
  UserIcon,
  UsersIcon,
} from "../components/icons"
import { ReportIcon, StarIcon } from "../routes/_app/-components/reports/icons"
import { ChartIcon, SearchIcon, UploadIcon } from "../routes/_app/-components/search/icons"
import type { FileRoutesByTo } from "../routeTree.gen"

export interface NavItem {
  readonly label: string
  readonly to: keyof FileRoutesByTo
  /** The policy action that lets a role see this area (core's `can`). */
  readonly action: Action
  readonly icon: ComponentType<IconProps>
}

/** The console's areas, in menu order. A new screen adds a row here once its route exists. */
export const navItems: ReadonlyArray<NavItem> = [
  { label: "Dashboard", to: "/dashboard", action: "dashboard.view", icon: DashboardIcon },
  { label: "Reports", to: "/reports", action: "reports.read", icon: ReportIcon },
  { label: "Favorites", to: "/reports/favorites", action: "favorites.manage", icon: StarIcon },
  { label: "Import", to: "/reports/import", action: "reports.import", icon: UploadIcon },
  { label: "Tickers", to: "/tickers", action: "tickers.read", icon: ChartIcon },
  { label: "Search", to: "/search", action: "search.use", icon: SearchIcon },
  { label: "Companies", to: "/companies", action: "companies.read", icon: BuildingIcon },
  { label: "Users", to: "/users", action: "users.read", icon: UsersIcon },
  { label: "Developer", to: "/developer", action: "developer.tokens", icon: CodeIcon },
  { label: "Profile", to: "/profile", action: "profile.manage", icon: UserIcon },
]

export const navItemsFor = (role: Role): ReadonlyArray<NavItem> =>
  navItems.filter((item) => can(role, item.action))
