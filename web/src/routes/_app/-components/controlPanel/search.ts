import type { AuditFilters } from "../../../../api/controlPanel"

// What the route reads from the URL, apart from the screen: the route's search validation runs
// before the screen's code is loaded, so it must not pull the screen in with it.

export const controlPanelTabs = ["health", "work", "sessions", "audit", "maintenance"] as const
export type ControlPanelTab = (typeof controlPanelTabs)[number]

/** What the URL holds: the open tab (Health when absent), the sessions search and the audit filters. */
export interface ControlPanelSearch extends AuditFilters {
  readonly tab?: Exclude<ControlPanelTab, "health"> | undefined
  readonly q?: string | undefined
}
