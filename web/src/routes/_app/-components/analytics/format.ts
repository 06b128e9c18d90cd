import { csvLine, lastDays } from "@folio/core"
import type { AnalyticsQuery } from "../../../../api/readership"

/** The range picker's presets: the last so many days up to today (UTC). */
export const rangePresets = [
  { label: "7 days", days: 7 },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "12 months", days: 365 },
] as const

/** The preset whose range this is today, if any. */
export const presetOf = (
  range: { readonly from: string; readonly to: string },
  now = new Date(),
): (typeof rangePresets)[number] | undefined =>
  rangePresets.find((preset) => {
    const days = lastDays(preset.days, now)
    return days.from === range.from && days.to === range.to
  })

// Days are UTC calendar days: shown as such whatever the browser's time zone.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" })
const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" })

const dateOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`)

/** "12 Mar 2025" of `2025-03-12`. */
export const formatDay = (day: string): string => dayFormat.format(dateOfDay(day))

/** "12 Mar", for a chart's ticks. */
export const formatShortDay = (day: string): string => shortDayFormat.format(dateOfDay(day))

/** "1 Mar 2025 – 30 Mar 2025", or one day. */
export const formatRange = (range: { readonly from: string; readonly to: string }): string =>
  range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`

const countFormat = new Intl.NumberFormat()

export const formatCount = (value: number): string => countFormat.format(value)

/**
 * A CSV cell a spreadsheet will not run: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is prefixed with `'` (OWASP's advice), since titles, names and sectors are people's text.
 * Numbers stay numbers.
 */
export const safeCell = (value: string | number | null | undefined): string | number | null | undefined =>
  typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value

/** Rows as CSV (CRLF, as spreadsheets expect), quoted by core's writer, formulas defused. */
export const tableCsv = (
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string => [header, ...rows].map((cells) => `${csvLine(cells.map(safeCell))}\r\n`).join("")

/** `analytics-top-reports-2025-03-01-2025-03-30.csv`, with the company's or team's slug when narrowed. */
export const csvName = (table: string, query: AnalyticsQuery, narrowedTo: string | undefined): string =>
  `${["analytics", table, narrowedTo, query.from, query.to].filter((part) => part !== undefined && part !== "").join("-")}.csv`
