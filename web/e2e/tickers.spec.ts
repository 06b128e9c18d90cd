import type { Report, Ticker } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"

/** Symbols no other spec uses: specs share one database. Letters only, at most 12 characters. */
const symbol = (prefix: string): string =>
  `${prefix}${Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("")}`

const csrf = async (request: APIRequestContext) => {
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name === "folio_csrf")?.value
  return { "x-folio-csrf": token ?? "" }
}

const createReport = async (request: APIRequestContext, data: Record<string, unknown>): Promise<Report> => {
  const response = await request.post("/api/reports", { data, headers: await csrf(request) })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as Report
}

test.use({ storageState: adminStorageState })

test("creates a ticker with inline errors from core's schema, then shows it in the side panel", async ({
  page,
}) => {
  const sym = symbol("N")
  await page.goto("/tickers")
  await expect(page).toHaveTitle("Tickers · Folio")
  await page.getByRole("button", { name: "New ticker" }).first().click()
  const dialog = page.getByRole("dialog", { name: "New ticker" })
  await dialog.getByLabel("Symbol").fill(sym)
  await dialog.getByLabel("Name").fill(`Northwind ${sym} Holdings`)
  await dialog.getByLabel("Exchange").fill("NYSE")
  await dialog.getByRole("combobox", { name: "Sector" }).fill("Industrials")
  await dialog.getByLabel("Currency").fill("DO")
  await dialog.getByRole("button", { name: "Create ticker" }).click()
  // Checked in the console with TickerInput before any request.
  await expect(dialog.getByText("Currency is a three-letter ISO code such as USD")).toBeVisible()
  await expect(dialog.getByLabel("Currency")).toBeFocused()
  await dialog.getByLabel("Currency").fill("USD")
  await dialog.getByRole("button", { name: "Create ticker" }).click()
  await expect(dialog).toBeHidden()

  // The new ticker opens in the side panel; it has no reports yet.
  await expect(page).toHaveURL(new RegExp(`symbol=${sym}`))
  const panel = page.getByRole("dialog", { name: sym })
  await expect(panel).toContainText(`Northwind ${sym} Holdings`)
  await expect(panel).toContainText("NYSE")
  await expect(panel.getByText("No reports yet")).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(
    page.getByRole("table", { name: "Tickers" }).getByRole("row", { name: new RegExp(sym) }),
  ).toContainText("Industrials")
})

test("imports tickers from CSV: per-row errors by line and field, a dry run that writes nothing, then apply", async ({
  page,
  request,
}) => {
  const [a, b, c] = [symbol("I"), symbol("J"), symbol("K")]
  const csv = [
    "symbol,name,exchange,sector,currency,country,active",
    `${a},Alpha ${a} Inc.,NASDAQ,Information Technology,USD,US,true`,
    `${b},"Beta ${b}, plc",LSE,Financials,GBP,GB,`,
    `${c},Gamma ${c},TSE,Industrials,YENS,JP,yes`,
  ].join("\n")
  await page.goto("/tickers")
  await page.getByRole("button", { name: "Import CSV" }).click()
  const dialog = page.getByRole("dialog", { name: "Import tickers from CSV" })
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "tickers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  })
  const problems = dialog.getByRole("table", { name: "Problems" })
  const problem = problems.getByRole("row", { name: /currency/ })
  await expect(problem).toContainText("4")
  await expect(problem).toContainText("Currency is a three-letter ISO code such as USD")
  const rows = dialog.getByRole("table", { name: "Rows to import" })
  await expect(rows.getByRole("row")).toHaveCount(3) // header + two valid rows
  await expect(rows).toContainText(`Beta ${b}, plc`)

  await dialog.getByRole("button", { name: "Dry run" }).click()
  await expect(dialog.getByRole("status")).toContainText("Importing would create 2 tickers")
  expect((await request.get(`/api/tickers/${a}`)).status()).toBe(404)

  await dialog.getByRole("button", { name: "Import 2 tickers" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText("2 tickers created")).toBeVisible()
  const created = (await (await request.get(`/api/tickers/${b}`)).json()) as Ticker
  expect(created).toMatchObject({ name: `Beta ${b}, plc`, exchange: "LSE", currency: "GBP", active: true })
  expect((await request.get(`/api/tickers/${c}`)).status()).toBe(404)

  await page.getByRole("searchbox", { name: "Search" }).fill(a)
  await expect(page.getByRole("table", { name: "Tickers" }).getByRole("row")).toHaveCount(2)
  await expect(page.getByRole("table", { name: "Tickers" })).toContainText(`Alpha ${a} Inc.`)
})

test("the side panel lists the ticker's reports and links to them", async ({ page, request }) => {
  const sym = symbol("P")
  const response = await request.post("/api/tickers", {
    data: {
      symbol: sym,
      name: `Panel ${sym}`,
      exchange: "NYSE",
      sector: "Energy",
      currency: "USD",
      country: "US",
    },
    headers: await csrf(request),
  })
  expect(response.status(), await response.text()).toBe(201)
  const report = await createReport(request, {
    title: `Why ${sym} matters`,
    sector: "Energy",
    tickers: [sym],
  })

  await page.goto(`/tickers?q=${sym}`)
  await page.getByRole("button", { name: `Open ${sym}, Panel ${sym}` }).click()
  const panel = page.getByRole("dialog", { name: sym })
  await expect(panel).toContainText("1 report")
  await panel.getByRole("link", { name: `Why ${sym} matters` }).click()
  await expect(page).toHaveURL(`/reports/${report.id}`)
  await expect(page.getByRole("heading", { name: `Why ${sym} matters`, level: 1 })).toBeVisible()
})

test("the paid-relationship flag is set in the form and shown on the panel's details", async ({
  page,
  request,
}) => {
  const sym = symbol("Q")
  const response = await request.post("/api/tickers", {
    data: {
      symbol: sym,
      name: `Paid ${sym}`,
      exchange: "NYSE",
      sector: "Financials",
      currency: "USD",
      country: "US",
    },
    headers: await csrf(request),
  })
  expect(response.status(), await response.text()).toBe(201)
  expect(((await response.json()) as Ticker).paidRelationship).toBe(false)

  await page.goto(`/tickers?symbol=${sym}`)
  const panel = page.getByRole("dialog", { name: sym })
  await expect(panel.getByRole("definition").filter({ hasText: /^No$/ })).toBeVisible()
  await panel.getByRole("button", { name: "Edit ticker" }).click()
  const dialog = page.getByRole("dialog", { name: `Edit ${sym}` })
  await dialog.getByRole("switch", { name: "Paid relationship" }).check()
  await dialog.getByRole("button", { name: "Save changes" }).click()
  await expect(dialog).toBeHidden()

  await expect(panel).toContainText("Yes: counted apart in the rating distribution")
  const saved = (await (await request.get(`/api/tickers/${sym}`)).json()) as Ticker
  expect(saved.paidRelationship).toBe(true)
})
