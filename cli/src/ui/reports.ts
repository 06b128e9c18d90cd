import {
  csvLine,
  formatAudienceRef,
  type Report,
  type ReportListItem,
  statusLabels,
  type transitions,
} from "@folio/core"
import { Effect, Stream } from "effect"
import type { CliError } from "../cliError.js"
import type { OneReport, ReportPages, TransitionedReport } from "../services/reports.js"
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

export type ListFormat = "table" | "json" | "ndjson" | "csv"

/** Writes to stdout, waiting while the pipe is full (a slow `jq`, a pager). */
const write = (text: string): Promise<void> =>
  new Promise((resolve, reject) => {
    if (process.stdout.write(text)) resolve()
    else {
      process.stdout.once("drain", resolve)
      process.stdout.once("error", reject)
    }
  })

const csvColumns = [
  "id",
  "externalId",
  "status",
  "type",
  "sector",
  "tickers",
  "title",
  "authors",
  "publishedAt",
  "updatedAt",
] as const

const csvRow = (report: ReportListItem): string =>
  csvLine([
    report.id,
    report.externalId,
    report.status,
    report.type,
    report.sector,
    report.tickers.join(";"),
    report.title,
    report.authors.map((author) => author.email).join(";"),
    report.publishedAt?.toISOString(),
    report.updatedAt.toISOString(),
  ])

/** `{ ok, url, reports, nextCursor }` as `renderJson` prints it, written a page at a time. */
const jsonItem = (report: ReportListItem, first: boolean): string =>
  `${first ? "\n" : ",\n"}${JSON.stringify(report, null, 2).replace(/^/gm, "    ")}`

/**
 * `reports list` in any format, a page at a time: each page is written before the next is
 * fetched, so the first line comes after one request and memory holds one page. `--json` is the
 * same one document as before (`jq '.reports | length'` works), `--ndjson` a report per line,
 * `--csv` a header and a row per report; the table aligns each page on its own.
 */
export const writeReportList = (
  pages: ReportPages,
  out: Output,
  format: ListFormat,
): Effect.Effect<void, CliError> => {
  const { first, rest } = pages
  let written = 0
  let last = first.nextCursor
  const page = (items: ReadonlyArray<ReportListItem>): Promise<void> => {
    const start = written
    written += items.length
    switch (format) {
      case "json":
        return write(items.map((report, i) => jsonItem(report, start + i === 0)).join(""))
      case "ndjson":
        return write(items.map((report) => `${JSON.stringify(report)}\n`).join(""))
      case "csv":
        return write(items.map((report) => `${csvRow(report)}\n`).join(""))
      case "table":
        return items.length === 0 ? Promise.resolve() : renderTable(columns, items, out)
    }
  }
  return Effect.gen(function* () {
    if (format === "json")
      yield* Effect.promise(() =>
        write(`{\n  "ok": true,\n  "url": ${JSON.stringify(pages.url)},\n  "reports": [`),
      )
    if (format === "csv") yield* Effect.promise(() => write(`${csvLine(csvColumns)}\n`))
    yield* Effect.promise(() => page(first.items))
    yield* Stream.runForEach(rest, (next) =>
      Effect.promise(() => {
        last = next.nextCursor
        return page(next.items)
      }),
    )
    if (format === "json")
      yield* Effect.promise(() =>
        write(`${written === 0 ? "" : "\n  "}],\n  "nextCursor": ${JSON.stringify(last)}\n}\n`),
      )
    if (format === "table" && written === 0) renderNote("No reports match.", out)
    if (format !== "json") renderMoreNote("reports", last, out)
  })
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
