import { readFile } from "node:fs/promises"
import type { Page } from "@playwright/test"
import { adminStorageState, sharedPerson, storageStateOf } from "./support/admin"
import { coverageFixture, setCoverage } from "./support/coverage"
import { expect, test } from "./support/fixtures"

const table = (page: Page) => page.getByRole("table", { name: "Coverage" })
const rowOf = (page: Page, analyst: string) => table(page).getByRole("row", { name: new RegExp(analyst) })

test.describe("as an editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("initiates coverage for an analyst, changes the rating, and the history shows from → to", async ({
    page,
    adminApi,
  }) => {
    const { symbol, first } = await coverageFixture(adminApi, "Initiate")
    await page.goto(`/coverage?symbol=${symbol}`)
    await expect(page.getByRole("heading", { name: "Coverage", level: 1 })).toBeVisible()
    await expect(page.getByText("No coverage matches these filters")).toBeVisible()

    await page.getByRole("button", { name: "Initiate coverage" }).first().click()
    const dialog = page.getByRole("dialog", { name: "Initiate coverage" })
    // The screen's ticker filter is where a new call starts.
    await expect(dialog.getByRole("combobox", { name: "Ticker" })).toHaveValue(symbol)
    await dialog.getByRole("button", { name: "Initiate coverage" }).click()
    await expect(dialog.getByText("Pick the analyst who covers it")).toBeVisible()
    await expect(dialog.getByText("Pick a rating")).toBeVisible()

    await dialog.getByRole("combobox", { name: "Analyst" }).fill(first.name.split(" ")[2] ?? first.name)
    await page.getByRole("option", { name: first.name }).click()
    await dialog.getByRole("radio", { name: "Hold" }).check()
    await dialog.getByLabel("Target price").fill("120")
    await dialog.getByRole("button", { name: "Initiate coverage" }).click()
    await expect(dialog).toBeHidden()

    // The new row shows with the ticker's currency, and its history opens beside the table.
    await expect(rowOf(page, first.name)).toContainText("Hold")
    await expect(rowOf(page, first.name)).toContainText("USD 120.00")
    const drawer = page.getByRole("dialog", { name: new RegExp(`${symbol}.*${first.name}`) })
    await expect(drawer.getByRole("heading", { name: "Initiated", level: 4 })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`history=${symbol}(%3A|:)${first.id}`))

    await drawer.getByRole("button", { name: "Edit coverage" }).click()
    const edit = page.getByRole("dialog", { name: `Edit coverage of ${symbol}` })
    await edit.getByRole("radio", { name: "Buy" }).check()
    await edit.getByLabel("Target price").fill("150")
    await edit.getByLabel("Note").fill("Raised after the Q3 beat")
    await edit.getByRole("button", { name: "Save changes" }).click()
    await expect(edit).toBeHidden()

    await expect(drawer.getByRole("heading", { name: "Changed", level: 4 })).toBeVisible()
    await expect(drawer).toContainText("Rating from Hold to Buy")
    await expect(drawer).toContainText("Target from USD 120.00 to USD 150.00")
    await expect(drawer).toContainText("Raised after the Q3 beat")
    await expect(drawer).toContainText(`by ${sharedPerson("editor").name}`)
    await expect(rowOf(page, first.name)).toContainText("Buy")
  })

  test("dropping asks first; the row leaves the universe and stays listed with Include dropped", async ({
    page,
    adminApi,
  }) => {
    const { symbol, first } = await coverageFixture(adminApi, "Drop")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "sell" })
    await page.goto(`/coverage?symbol=${symbol}`)
    await rowOf(page, first.name)
      .getByRole("button", { name: `Actions for ${symbol}, ${first.name}` })
      .click()
    await page.getByRole("menuitem", { name: "Drop coverage" }).click()
    const confirm = page.getByRole("dialog", { name: `Drop coverage of ${symbol}?` })
    await confirm.getByLabel("Note").fill("Analyst moved to another sector")
    await confirm.getByRole("button", { name: "Drop coverage" }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByText("No coverage matches these filters")).toBeVisible()

    await page.getByRole("switch", { name: "Include dropped" }).check()
    await expect(page).toHaveURL(/dropped=true/)
    await expect(rowOf(page, first.name)).toContainText("Dropped")
    await rowOf(page, first.name)
      .getByRole("button", { name: `History of ${symbol}, ${first.name}` })
      .click()
    const drawer = page.getByRole("dialog", { name: new RegExp(symbol) })
    await expect(drawer.getByRole("heading", { name: "Dropped", level: 4 })).toBeVisible()
    await expect(drawer).toContainText("Analyst moved to another sector")
  })
})

test.describe("as an analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("changes only their own coverage: another analyst's row has no actions", async ({
    page,
    adminApi,
  }) => {
    const { symbol, first } = await coverageFixture(adminApi, "Own")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "sell" })
    // The shared analyst covers it too, as themselves.
    await setCoverage(page.request, { symbol, rating: "buy", targetPrice: 80 })
    const me = sharedPerson("analyst")

    await page.goto(`/coverage?symbol=${symbol}`)
    await expect(rowOf(page, me.name)).toContainText("Buy")
    await expect(rowOf(page, me.name).getByRole("button", { name: /^Actions for/ })).toBeVisible()
    await expect(rowOf(page, first.name)).toContainText("Sell")
    await expect(rowOf(page, first.name).getByRole("button", { name: /^Actions for/ })).toHaveCount(0)

    // Opening the other analyst's history offers no edit either.
    await rowOf(page, first.name)
      .getByRole("button", { name: `History of ${symbol}, ${first.name}` })
      .press("Enter")
    const drawer = page.getByRole("dialog", { name: new RegExp(first.name) })
    await expect(drawer.getByRole("heading", { name: "History" })).toBeVisible()
    await expect(drawer.getByRole("heading", { name: "Initiated", level: 4 })).toBeVisible()
    await expect(drawer.getByRole("button", { name: "Edit coverage" })).toHaveCount(0)
    await page.keyboard.press("Escape")
    await expect(drawer).toBeHidden()

    // An analyst initiates as themselves: the dialog asks for no analyst.
    await page.getByRole("button", { name: "Initiate coverage" }).first().click()
    const dialog = page.getByRole("dialog", { name: "Initiate coverage" })
    await expect(dialog.getByRole("combobox", { name: "Ticker" })).toBeVisible()
    await expect(dialog.getByRole("combobox", { name: "Analyst" })).toHaveCount(0)
  })
})

test.describe("as a reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("sees the universe and its history read-only", async ({ page, adminApi }) => {
    const { symbol, first } = await coverageFixture(adminApi, "Read")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "hold", targetPrice: 42 })
    await page.goto(`/coverage?symbol=${symbol}`)
    await expect(rowOf(page, first.name)).toContainText("Hold")
    await expect(rowOf(page, first.name)).toContainText("USD 42.00")
    await expect(page.getByRole("button", { name: "Initiate coverage" })).toHaveCount(0)
    await expect(table(page).getByRole("button", { name: /^Actions for/ })).toHaveCount(0)
    await expect(page.getByRole("region", { name: "Rating distribution" })).toBeVisible()

    await rowOf(page, first.name).click()
    const drawer = page.getByRole("dialog", { name: new RegExp(symbol) })
    await expect(drawer.getByRole("heading", { name: "Initiated", level: 4 })).toBeVisible()
    await expect(drawer.getByRole("button", { name: "Edit coverage" })).toHaveCount(0)
  })
})

test.describe("as an admin", () => {
  test.use({ storageState: adminStorageState })

  test("filters and sort live in the URL and survive a reload", async ({ page, adminApi }) => {
    const { symbol, first, second } = await coverageFixture(adminApi, "Sort")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "buy", targetPrice: 10 })
    await setCoverage(adminApi, { symbol, analystId: second.id, rating: "sell", targetPrice: 20 })
    await page.goto(`/coverage?symbol=${symbol}`)
    await expect(table(page).getByRole("row")).toHaveCount(3)

    await page.getByRole("columnheader", { name: "Analyst" }).getByRole("button").click()
    await expect(page).toHaveURL(/sort=analyst/)
    await expect(table(page).getByRole("row").nth(1)).toContainText(first.name)
    await page.getByRole("columnheader", { name: "Analyst" }).getByRole("button").click()
    await expect(page).toHaveURL(/sort=-analyst/)
    await expect(table(page).getByRole("row").nth(1)).toContainText(second.name)
    await expect(page.getByRole("columnheader", { name: "Analyst" })).toHaveAttribute(
      "aria-sort",
      "descending",
    )

    await page.getByRole("combobox", { name: "Rating" }).selectOption("buy")
    await expect(page).toHaveURL(/rating=buy/)
    await expect(table(page).getByRole("row")).toHaveCount(2)
    await expect(rowOf(page, first.name)).toBeVisible()

    await page.reload()
    await expect(page.getByRole("combobox", { name: "Rating" })).toHaveValue("buy")
    await expect(page.getByRole("columnheader", { name: "Analyst" })).toHaveAttribute(
      "aria-sort",
      "descending",
    )
    await expect(table(page).getByRole("row")).toHaveCount(2)

    await page.getByRole("combobox", { name: "Sector" }).selectOption("Energy")
    await expect(page).toHaveURL(/sector=Energy/)
    await expect(page.getByText("No coverage matches these filters")).toBeVisible()
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect(page).not.toHaveURL(/sector=|rating=|symbol=/)
  })

  test("exports the rows shown as CSV", async ({ page, adminApi }) => {
    const { symbol, first, second } = await coverageFixture(adminApi, "Export")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "buy", targetPrice: 12.5 })
    await setCoverage(adminApi, { symbol, analystId: second.id, rating: "hold" })
    await page.goto(`/coverage?symbol=${symbol}`)
    await expect(table(page).getByRole("row")).toHaveCount(3)

    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^coverage-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile((await file.path()) ?? "", "utf8")).trimEnd().split("\r\n")
    expect(lines[0]).toMatch(
      /^symbol,name,sector,analyst,analyst_id,rating,target_price,target_currency,since/,
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`${symbol},`)
    expect(lines[1]).toContain(`${first.name},${first.id},Buy,12.5,USD,`)
    expect(lines[2]).toContain(`${second.name},${second.id},Hold,,,`)
  })

  test("the ticker panel shows who covers the ticker and links to its coverage", async ({
    page,
    adminApi,
  }) => {
    const { symbol, first } = await coverageFixture(adminApi, "Panel")
    await setCoverage(adminApi, { symbol, analystId: first.id, rating: "buy", targetPrice: 99 })
    await page.goto(`/tickers?symbol=${symbol}`)
    const panel = page.getByRole("dialog", { name: symbol })
    const coverage = panel.getByRole("region", { name: "Coverage" })
    await expect(coverage).toContainText(first.name)
    await expect(coverage).toContainText("Buy")
    await expect(coverage).toContainText("target USD 99.00")
    await expect(panel.getByRole("region", { name: "Headline KPIs" }).getByText("No KPIs yet")).toBeVisible()

    await coverage.getByRole("link", { name: `${symbol} in coverage` }).click()
    await expect(page).toHaveURL(new RegExp(`/coverage\\?symbol=${symbol}`))
    await expect(rowOf(page, first.name)).toContainText("Buy")
  })
})
