import type { Coverage, CoverageChange, Rating } from "@folio/core"
import type {
  CoverageDropped,
  CoverageHistoryResult,
  CoverageListResult,
  CoverageSet,
} from "../services/coverage.js"
import { formatDate } from "./format.js"
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

/** The day of the analyst's newest published report on the ticker (its title has a column of its own). */
const lastReportDay = (row: Coverage): string =>
  row.lastReport?.publishedAt == null ? "" : formatDate(row.lastReport.publishedAt)

const listColumns = (withDropped: boolean): ReadonlyArray<Column<Coverage>> => [
  { header: "TICKER", value: (row) => row.symbol },
  { header: "ANALYST", value: (row) => row.analystName, flexible: true },
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
  { header: "LAST REPORT", value: lastReportDay },
  { header: "SECTOR", value: (row) => row.sector, optional: true },
  // Titles are long: shown piped and in wide terminals, left out first when a terminal is narrow.
  { header: "REPORT", value: (row) => row.lastReport?.title ?? "", optional: true },
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

/** A price as short as it goes (`245`, `198.5`): the history's target column has to fit 80 columns. */
const shortPrice = (price: number | null, currency: string | null): string =>
  price === null
    ? "none"
    : `${price.toLocaleString("en-US", { maximumFractionDigits: 4 })}${currency === null ? "" : ` ${currency}`}`

/** `245 → 260 USD`, `none → 215 USD`; the price alone when it did not change. */
const changeTarget = (change: CoverageChange): string => {
  const from = shortPrice(change.fromTarget, change.fromCurrency)
  const to = shortPrice(change.toTarget, change.toCurrency)
  if (change.kind === "initiate") return change.toTarget === null ? "" : to
  if (change.kind === "drop") return change.fromTarget === null ? "" : from
  if (from === to) return to
  if (change.fromTarget !== null && change.toTarget !== null && change.fromCurrency === change.toCurrency)
    return `${shortPrice(change.fromTarget, null)} → ${to}`
  return `${from} → ${to}`
}

const historyColumns: ReadonlyArray<Column<CoverageChange>> = [
  { header: "DATE", value: (change) => formatDate(change.at) },
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
