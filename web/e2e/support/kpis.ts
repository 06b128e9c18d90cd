import type { KpiImportResult, KpiValueInput, Ticker, TickerKpis } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"
import { write } from "./directory"

/** A symbol no other spec uses (specs share one database): letters only, at most 12 characters. */
export const kpiSymbol = (prefix: string): string =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("")}`

/** A ticker made through the API by whoever `request` is signed in as (an admin or an editor). */
export const createTicker = (request: APIRequestContext, symbol: string, name = `${symbol} Holdings`) =>
  write<Ticker>(
    request,
    "POST",
    "/api/tickers",
    { symbol, name, exchange: "NASDAQ", sector: "Information Technology", currency: "USD", country: "US" },
    201,
  )

/** KPI values written through the API (one request, at most 1,000 rows), numbered from line 2. */
export const importKpis = (request: APIRequestContext, values: ReadonlyArray<KpiValueInput>) =>
  write<KpiImportResult>(
    request,
    "POST",
    "/api/kpis/import",
    { rows: values.map((value, index) => ({ line: index + 2, value })), dryRun: false },
    200,
  )

/** A ticker's KPI table as the API answers it. */
export const tickerKpis = async (request: APIRequestContext, symbol: string): Promise<TickerKpis> => {
  const response = await request.get(`/api/kpis/${symbol}`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as TickerKpis
}

/** The count of values a ticker holds (actuals and estimates). */
export const valueCount = async (request: APIRequestContext, symbol: string): Promise<number> =>
  (await tickerKpis(request, symbol)).metrics
    .flatMap((metric) => metric.values)
    .reduce((sum, row) => sum + (row.actual === null ? 0 : 1) + (row.estimate === null ? 0 : 1), 0)

/** A file to give `setInputFiles`. */
export const csvFile = (name: string, lines: ReadonlyArray<string>) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\n")}\n`),
})
