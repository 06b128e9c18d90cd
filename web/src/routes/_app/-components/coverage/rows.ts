import type { Coverage, CoverageSort } from "@folio/core"

export interface RowActions {
  readonly open: (row: Coverage) => void
  /** Absent for rows the signed-in user may not change. */
  readonly edit?: ((row: Coverage) => void) | undefined
  readonly drop?: ((row: Coverage) => void) | undefined
}

/** How a row is named to screen readers: "AAPL, Priya Natarajan". */
export const rowName = (row: Coverage): string => `${row.symbol}, ${row.analystName}`

/** The orders offered where there are no column headers to click (a phone). */
export const sortLabels: Record<CoverageSort, string> = {
  symbol: "Ticker, A to Z",
  "-symbol": "Ticker, Z to A",
  analyst: "Analyst, A to Z",
  "-analyst": "Analyst, Z to A",
  rating: "Rating, buy first",
  "-rating": "Rating, not rated first",
  target: "Target, lowest first",
  "-target": "Target, highest first",
  since: "Since, oldest first",
  "-since": "Since, newest first",
  updatedAt: "Updated, oldest first",
  "-updatedAt": "Updated, newest first",
  lastReport: "Last report, oldest first",
  "-lastReport": "Last report, newest first",
}
