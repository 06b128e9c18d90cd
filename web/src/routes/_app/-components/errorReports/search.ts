import type { ErrorIssueStatus } from "@folio/core"

// What the route reads from the URL, apart from the screen (loaded later, on its own).

export const errorReportTabs = ["unresolved", "resolved", "ignored", "traces"] as const
export type ErrorReportTab = (typeof errorReportTabs)[number]

/** The screen's state, all of it in the URL. */
export interface ErrorReportsSearch {
  /** The open tab; unresolved issues when absent. */
  readonly tab?: Exclude<ErrorReportTab, "unresolved"> | undefined
  /** Issue search (type or message). */
  readonly q?: string | undefined
  /** On the Traces tab, the route whose traces are open. */
  readonly route?: string | undefined
}

export const statusOfTab = (tab: ErrorReportTab): ErrorIssueStatus | undefined =>
  tab === "traces" ? undefined : tab
