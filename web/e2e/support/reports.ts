import type { Report } from "@folio/core"
import { type APIRequestContext, expect, type Page } from "@playwright/test"
import { unique, write } from "./directory"

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

/**
 * A draft of the signed-in analyst's (an Energy report whose body is `body`), opened in the editor
 * with `typed` typed at the end of the body. Gives the draft and the body's text box.
 */
export const typeIntoNewDraft = async (page: Page, title: string, body: string, typed: string) => {
  const draft = await createReport(page.request, { title: unique(title), sector: "Energy", body })
  await page.goto(`/reports/${draft.id}/edit`)
  const box = page.getByRole("textbox", { name: "Body (Markdown)" })
  await expect(box).toHaveValue(body)
  await box.press("ControlOrMeta+End")
  await box.pressSequentially(typed)
  return { draft, box }
}
