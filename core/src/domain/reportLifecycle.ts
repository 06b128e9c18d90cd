import { Schema } from "effect"
import type { Action } from "./policy.js"
import type { ReportStatus } from "./report.js"

/**
 * The report lifecycle of PRODUCT.md as data:
 * draft → in_review → approved → scheduled → published → archived, plus in_review → draft (changes
 * requested, or the analyst withdraws), scheduled → approved (unschedule), approved or scheduled →
 * published (publish now) and archived → draft (restore). Scheduling itself takes a time, so it
 * has its own endpoint (`PUT /reports/{id}/schedule`) rather than a row here.
 * Each transition names the policy action that allows it; "own" grants reach the caller's own
 * reports only (analysts move their own drafts to review and back).
 */
export const transitions = {
  submit: { from: ["draft"], to: "in_review", action: "reports.submit", label: "Submit for review" },
  return: { from: ["in_review"], to: "draft", action: "reports.submit", label: "Back to draft" },
  approve: { from: ["in_review"], to: "approved", action: "reports.review", label: "Approve" },
  publish: {
    from: ["approved", "scheduled"],
    to: "published",
    action: "reports.publish",
    label: "Publish now",
  },
  unschedule: { from: ["scheduled"], to: "approved", action: "reports.schedule", label: "Unschedule" },
  archive: { from: ["published"], to: "archived", action: "reports.archive", label: "Archive" },
  restore: { from: ["archived"], to: "draft", action: "reports.archive", label: "Restore to draft" },
} as const satisfies Record<
  string,
  { from: ReadonlyArray<ReportStatus>; to: ReportStatus; action: Action; label: string }
>

export type Transition = keyof typeof transitions
export const TransitionName = Schema.Literal(
  "submit",
  "return",
  "approve",
  "publish",
  "unschedule",
  "archive",
  "restore",
)
export const transitionNames = TransitionName.literals

export const statusLabels: Record<ReportStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
}

/** The transitions a report in this status offers, before asking who may take them. */
export const transitionsFrom = (status: ReportStatus): ReadonlyArray<Transition> =>
  transitionNames.filter((name) => (transitions[name].from as ReadonlyArray<ReportStatus>).includes(status))

export const transitionProblem = (name: Transition, status: ReportStatus): string | undefined =>
  (transitions[name].from as ReadonlyArray<ReportStatus>).includes(status)
    ? undefined
    : `A report that is ${statusLabels[status].toLowerCase()} cannot be moved with "${transitions[name].label}"; it must be ${transitions[name].from.map((s) => statusLabels[s].toLowerCase()).join(" or ")}.`
