import type { ControlPanelHealth } from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { lazyApi } from "./lazy"

/*
 * The control panel's keys and health, which its route loads before the screen. The lists the
 * screen pages through are in controlPanelLists.ts: a module a route file imports goes into every
 * screen's first load, whole.
 */

/** The audit log's filters as the URL holds them: days (`YYYY-MM-DD`, local) rather than instants. */
export interface AuditFilters {
  readonly actor?: string | undefined
  readonly action?: string | undefined
  readonly targetType?: string | undefined
  readonly targetId?: string | undefined
  /** The first day shown, inclusive. */
  readonly from?: string | undefined
  /** The last day shown, inclusive. */
  readonly to?: string | undefined
}

export const controlPanelKeys = {
  all: ["controlPanel"] as const,
  health: () => [...controlPanelKeys.all, "health"] as const,
  failedJobs: () => [...controlPanelKeys.all, "failedJobs"] as const,
  failedMail: () => [...controlPanelKeys.all, "failedMail"] as const,
  sessions: () => [...controlPanelKeys.all, "sessions"] as const,
  sessionList: (q: string | undefined) => [...controlPanelKeys.sessions(), q ?? null] as const,
  audit: () => [...controlPanelKeys.all, "audit"] as const,
  auditList: (filters: AuditFilters) => [...controlPanelKeys.audit(), filters] as const,
}

/** The installation's health, refreshed while the panel is open (instances beat every 15 s). */
export const controlPanelHealthQueryOptions = () =>
  queryOptions({
    queryKey: controlPanelKeys.health(),
    queryFn: (): Promise<ControlPanelHealth> => lazyApi((client) => client.controlPanel.health()),
    staleTime: 5_000,
    refetchInterval: 15_000,
  })
