import type { Coverage, CoverageChange, Rating } from "@folio/core"
import type {
  CoverageDropped,
  CoverageHistoryResult,
  CoverageListResult,
  CoverageSet,
} from "../services/coverage.js"
import { formatDate, formatDateTime } from "./format.js"
import type { Output } from "./output.js"
import { renderDone, renderJson, renderNote, renderWarning } from "./render.js"
import { type Column, renderTable, type Tone } from "./table.js"

/** `215.50 USD`; `-` when there is no target. */
export const targetText = (price: number | null, currency: string | null): string =>
  price === null
    ? "-"
    : `${price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}${currency === null ? "" : ` ${currency}`}`

const ratingTone = (rating: Rating | null): Tone | undefined =>
  rating === "buy" ? "green" : rating === "sell" ? "red" : rating === "hold" ? "yellow" : undefined

const dropped = (row: Coverage): boolean => row.droppedAt !== null

const lastReportText = (row: Coverage): string =>
  row.lastReport === null
    ? "-"
    : `${row.lastReport.publishedAt === null ? "" : `${formatDate(row.lastReport.publishedAt)} `}${row.lastReport.title}`

const listColumns = (withDropped: boolean): ReadonlyArray<Column<Coverage>> => [
  { header: "TICKER", value: (row) => row.symbol },
  { header: "ANALYST", value: (row) => row.analystName },
  {
    header: "RATING",
    value: (row) => row.rating,
    tone: (row) => (dropped(row) ? "gray" : ratingTone(row.rating)),
  },
  { header: "TARGET", value: (row) => targetText(row.targetPrice, row.targetCurrency) },
  { header: "SINCE", value: (row) => formatDate(row.since) },
  ...(withDropped
    ? [
        {
          header: "DROPPED",
          value: (row: Coverage) => (row.droppedAt === null ? "" : formatDate(row.droppedAt)),
          tone: () => "gray" as const,
        },
      ]
    : []),
  { header: "SECTOR", value: (row) => row.sector, optional: true },
  { header: "LAST REPORT", value: lastReportText, flexible: true },
]

export const renderCoverageList = async (result: CoverageListResult, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.coverage.length === 0) renderNote("No coverage matches.", out)
  else await renderTable(listColumns(result.includeDropped), result.coverage, out)
  if (result.truncated)
    renderWarning(
      `Only the first ${result.coverage.length.toLocaleString("en-US")} rows are shown: narrow the filters.`,
      out,
    )
}

const who = (row: Coverage): string => `${row.symbol} (${row.analystName})`

const callText = (row: Pick<Coverage, "rating" | "targetPrice" | "targetCurrency">): string =>
  row.targetPrice === null
    ? `${row.rating}, no target`
    : `${row.rating}, target ${targetText(row.targetPrice, row.targetCurrency)}`

const fromTo = (before: string, after: string): string => (before === after ? after : `${before} → ${after}`)

const targetOrNone = (price: number | null, currency: string | null): string =>
  price === null ? "none" : targetText(price, currency)

/** `hold → buy, target 200.00 USD → 215.00 USD`: each part once when it did not change. */
export const changeText = (before: Coverage, after: Coverage): string =>
  `${fromTo(before.rating, after.rating)}, target ${fromTo(
    targetOrNone(before.targetPrice, before.targetCurrency),
    targetOrNone(after.targetPrice, after.targetCurrency),
  )}`

/** The one-line result: what the call was and what it is now. */
export const coverageSetLine = (result: CoverageSet): string => {
  const row = result.coverage
  switch (result.change) {
    case "initiated":
      return `Initiated coverage of ${who(row)}: ${callText(row)}.`
    case "unchanged":
      return `${who(row)} is already ${callText(row)}; nothing changed.`
    case "changed":
      return `Changed coverage of ${who(row)}: ${result.before === null ? callText(row) : changeText(result.before, row)}.`
  }
}

export const renderCoverageSet = (result: CoverageSet, out: Output): void => {
  if (out.json) renderJson({ ok: true, ...result })
  else renderDone(coverageSetLine(result), out)
}

export const renderCoverageDropped = (result: CoverageDropped, out: Output): void => {
  if (out.json) renderJson({ ok: true, ...result })
  else renderDone(`Dropped coverage of ${who(result.coverage)} (was ${callText(result.coverage)}).`, out)
}

const changeRating = (change: CoverageChange): string =>
  change.fromRating === null || change.kind === "drop"
    ? (change.toRating ?? change.fromRating ?? "")
    : fromTo(change.fromRating, change.toRating ?? "")

const changeTarget = (change: CoverageChange): string => {
  if (change.kind === "initiate") return targetText(change.toTarget, change.toCurrency)
  if (change.kind === "drop") return targetText(change.fromTarget, change.fromCurrency)
  const from = targetOrNone(change.fromTarget, change.fromCurrency)
  const to = targetOrNone(change.toTarget, change.toCurrency)
  return from === to ? targetText(change.toTarget, change.toCurrency) : fromTo(from, to)
}

const historyColumns: ReadonlyArray<Column<CoverageChange>> = [
  { header: "WHEN", value: (change) => formatDateTime(change.at) },
  { header: "ANALYST", value: (change) => change.analystName },
  {
    header: "CHANGE",
    value: (change) => change.kind,
    tone: (change) => (change.kind === "drop" ? "gray" : undefined),
  },
  { header: "RATING", value: changeRating },
  { header: "TARGET", value: changeTarget },
  { header: "BY", value: (change) => change.by?.name ?? "", optional: true },
  {
    header: "NOTE",
    value: (change) =>
      [change.report === null ? "" : `report: ${change.report.title}`, change.note ?? ""]
        .filter((text) => text !== "")
        .join("; "),
    flexible: true,
  },
]

export const renderCoverageHistory = async (result: CoverageHistoryResult, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.changes.length === 0) renderNote(`${result.symbol} has no coverage history.`, out)
  else await renderTable(historyColumns, result.changes, out)
}
