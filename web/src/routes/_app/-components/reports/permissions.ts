import {
  type Action,
  grantFor,
  type Me,
  type Report,
  type ReportListItem,
  type Transition,
  transitions,
  transitionsFrom,
} from "@folio/core"

/**
 * What the console offers on a report, read from core's policy and lifecycle (never re-implemented
 * here). "own" grants reach the caller's own reports: those they created or co-author. The server
 * stays the authority and answers 403/409 when the console's view was stale.
 */
export const isMine = (report: Report | ReportListItem, me: Me): boolean =>
  report.createdBy === me.user.id || report.authors.some((author) => author.id === me.user.id)

export const mayOn = (me: Me, action: Action, report: Report | ReportListItem): boolean => {
  const grant = grantFor(me.user.role, action)
  return grant === "all" || (grant === "own" && isMine(report, me))
}

/** The lifecycle moves this report offers now that this person may take. */
export const allowedTransitions = (me: Me, report: Report | ReportListItem): ReadonlyArray<Transition> =>
  transitionsFrom(report.status).filter((name) => mayOn(me, transitions[name].action, report))

/** Editors edit any report; an "own" grant (analysts) covers one's own drafts. */
export const mayEdit = (me: Me, report: Report | ReportListItem): boolean => {
  const grant = grantFor(me.user.role, "reports.edit")
  if (grant === "all") return report.status !== "archived"
  return grant === "own" && isMine(report, me) && report.status === "draft"
}

/** Only the statuses the archive transition starts from can be archived in bulk. */
export const archivable = (report: Report | ReportListItem): boolean =>
  (transitions.archive.from as ReadonlyArray<string>).includes(report.status)
