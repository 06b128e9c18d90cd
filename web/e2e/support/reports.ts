import type { Report } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"
import { write } from "./directory"

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase()

/** A ticker no other spec uses (symbols are unique in the shared database); answers its symbol. */
export const createTicker = async (admin: APIRequestContext, name: string): Promise<string> => {
  const symbol = `Z${suffix()}`
  await write(
    admin,
    "POST",
    "/api/tickers",
    {
      symbol,
      name,
      exchange: "NASDAQ",
      sector: "Information Technology",
      currency: "USD",
      country: "US",
    },
    201,
  )
  return symbol
}

export const createReport = (request: APIRequestContext, data: Record<string, unknown>): Promise<Report> =>
  write<Report>(request, "POST", "/api/reports", data, 201)

/** Moves a report along its workflow (`submit`, `approve`, `publish`…) as whoever `request` is. */
export const moveReport = async (
  request: APIRequestContext,
  report: Report,
  ...actions: ReadonlyArray<string>
): Promise<Report> => {
  let moved = report
  for (const action of actions) {
    moved = await write<Report>(
      request,
      "POST",
      `/api/reports/${moved.id}/actions/${action}`,
      { version: moved.version },
      200,
    )
  }
  return moved
}

/** Writes a report and takes it through review to published, as an editor would. */
export const publishReport = async (
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<Report> => {
  const report = await moveReport(request, await createReport(request, data), "submit", "approve", "publish")
  expect(report.status).toBe("published")
  return report
}
