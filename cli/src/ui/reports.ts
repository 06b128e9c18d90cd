import {
  formatAudienceRef,
  type Report,
  type ReportListItem,
  statusLabels,
  type transitions,
} from "@folio/core"
import type { OneReport, ReportList, TransitionedReport } from "../services/reports.js"
import type { UpdatedReport } from "../services/reportWrites.js"
import { formatDateTime } from "./format.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote, renderText } from "./render.js"
import { type Column, renderRecord, renderTable, type Tone } from "./table.js"

const statusTone = (report: Pick<Report, "status">): Tone | undefined =>
  report.status === "published"
    ? "green"
    : report.status === "in_review" || report.status === "approved"
      ? "yellow"
      : report.status === "archived"
        ? "gray"
        : undefined

const columns: ReadonlyArray<Column<ReportListItem>> = [
  { header: "STATUS", value: (report) => report.status, tone: statusTone },
  { header: "TYPE", value: (report) => report.type, optional: true },
  { header: "TICKERS", value: (report) => report.tickers.join(","), optional: true },
  { header: "TITLE", value: (report) => report.title, flexible: true },
  {
    header: "UPDATED",
    value: (report) => formatDateTime(report.publishedAt ?? report.updatedAt),
    optional: true,
  },
  { header: "ID", value: (report) => report.id, tone: () => "gray" },
]

export const renderReportList = async (result: ReportList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.reports.length === 0) renderNote("No reports match.", out)
  else await renderTable(columns, result.reports, out)
  renderMoreNote("reports", result.nextCursor, out)
}

const dash = (value: string | null | undefined): string =>
  value === null || value === undefined ? "" : value

export const reportRows = (report: Report): ReadonlyArray<readonly [string, string]> => [
  ["id", report.id],
  ["external id", dash(report.externalId)],
  ["title", report.title],
  ["status", `${statusLabels[report.status]} (version ${report.version})`],
  ["type", report.type],
  ["sector", report.sector],
  ["tickers", report.tickers.join(", ")],
  ["authors", report.authors.map((author) => `${author.name} <${author.email}>`).join(", ")],
  ["audience", report.audience.map(formatAudienceRef).join(", ")],
  ["tags", report.tags.join(", ")],
  ["channels", report.channels.join(", ")],
  ["rating", dash(report.rating)],
  [
    "target price",
    report.targetPrice === null ? "" : `${report.targetPrice} ${report.targetCurrency ?? ""}`.trim(),
  ],
  ["published", report.publishedAt === null ? "" : formatDateTime(report.publishedAt)],
  ["updated", formatDateTime(report.updatedAt)],
  ["favorite", report.favorite ? "yes" : "no"],
]

/** `get`: the metadata, then the summary and the Markdown body as written. */
export const renderReport = async (result: OneReport, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  const { report } = result
  await renderRecord(reportRows(report), out)
  const sections: Array<string> = []
  if (report.summary.trim() !== "") sections.push("", report.summary.trim())
  if (report.body.trim() !== "") sections.push("", report.body.replace(/\s+$/, ""))
  if (report.disclosures !== null && report.disclosures.trim() !== "")
    sections.push("", "---", report.disclosures.trim())
  renderText(sections)
}

export const renderCreatedReport = async (result: OneReport, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  renderDone(`Created draft "${result.report.title}" (${result.report.id}).`, out)
  renderNote(`Submit it for review with \`folio reports submit ${result.report.id}\`.`, out)
}

export const renderUpdatedReport = (result: UpdatedReport, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { report, before } = result
  renderDone(
    `Saved "${report.title}" (${report.id}) as version ${report.version} (was ${before.version}): ${result.changed.join(", ")}.`,
    out,
  )
}

const past: Record<keyof typeof transitions, string> = {
  submit: "Submitted",
  return: "Returned to draft",
  approve: "Approved",
  publish: "Published",
  unschedule: "Unscheduled",
  archive: "Archived",
  restore: "Restored",
}

export const renderTransition = (result: TransitionedReport, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const { report } = result
  renderDone(
    `${past[result.transition]} "${report.title}" (${report.id}): ${statusLabels[result.from].toLowerCase()} → ${statusLabels[report.status].toLowerCase()}.`,
    out,
  )
}
