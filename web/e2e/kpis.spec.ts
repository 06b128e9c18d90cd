import AxeBuilder from "@axe-core/playwright"
import type { Locator, Page } from "@playwright/test"
import { storageStateOf } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { createTicker, csvFile, importKpis, kpiSymbol, tickerKpis, valueCount } from "./support/kpis"
import { sidewaysScroll } from "./support/sideways"

const header = "ticker,metric,period,kind,value,unit,source"

/** The row of an issues table ("Problems", "Rejected rows") for a line and a field. */
const issueRow = (table: Locator, line: number, field: string): Locator =>
  table
    .getByRole("row")
    .filter({ has: table.page().getByRole("cell", { name: String(line), exact: true }) })
    .filter({ has: table.page().getByRole("cell", { name: field, exact: true }) })

/** Serious and critical WCAG 2.2 AA violations on the page as it is (accessibility.spec.ts's measure). */
const seriousViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ resultTypes: ["violations"] })
    .analyze()
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(" ")}`))
}

/** Picks a ticker in the screen's searchable picker, as a person types it. */
const pickTicker = async (page: Page, symbol: string) => {
  const picker = page.getByRole("combobox", { name: "Ticker" })
  await picker.click()
  await picker.fill(symbol)
  await page.getByRole("option", { name: new RegExp(`^${symbol}`) }).click()
  await expect(page).toHaveURL(new RegExp(`symbol=${symbol}`))
}

test.describe("as an editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("imports a KPI CSV: the preview names the bad rows by line and field, a dry run writes nothing, the import keeps the good rows and names the server's refusals, the table and chart show them, a second run changes nothing", async ({
    page,
    adminApi,
  }) => {
    test.slow() // a dry run and two imports against the real server, then the chart's chunk
    const sym = kpiSymbol("K")
    const unknown = kpiSymbol("ZZ")
    await createTicker(adminApi, sym, `Kestrel ${sym} Systems`)
    const file = csvFile(`kpis-${sym}.csv`, [
      header,
      `${sym},Revenue,2026Q1,estimate,100,USD m,Consensus`, // 2
      `${sym},Revenue,2026Q1,actual,104,USD m,10-Q`, // 3
      `${sym},Revenue,2026Q2,estimate,110,,Consensus`, // 4
      `${sym},Revenue,2026Q2,actual,99,,10-Q`, // 5
      `${sym},Revenue,2026Q3,estimate,120,,Consensus`, // 6
      `${sym},Revenue,2026Q3,actual,"1,250",,10-Q`, // 7: value (thousands separator)
      `${sym},Gross margin,2026Q1,actual,46.2,%,10-Q`, // 8
      `${sym},Gross margin,2026Q1,forecast,45,%,`, // 9: kind
      `${sym},Gross margin,2026Q5,estimate,45,%,`, // 10: period
      `${unknown},Revenue,2026Q1,actual,5,USD m,`, // 11: the server knows no such ticker
      `${sym},Revenue,2026Q4,estimate,130,EUR m,`, // 12: the server's Revenue is in USD m
      `${sym},Gross margin,FY2026,estimate,45,%,`, // 13: Gross margin is quarterly
    ])

    await page.goto("/kpis")
    await expect(page.getByRole("heading", { name: "KPIs", level: 1 })).toBeVisible()
    await page.getByRole("button", { name: "Import CSV" }).first().click()
    const dialog = page.getByRole("dialog", { name: "Import KPIs from CSV" })
    await dialog.getByLabel("KPI CSV file").setInputFiles(file)

    // The preview: core's reader, each bad row by line and field; the rest ready to send.
    const preview = dialog.getByRole("region", { name: "Preview" })
    await expect(preview).toContainText("12 rows")
    await expect(preview).toContainText("9 valid")
    await expect(preview).toContainText("3 lines with problems")
    const problems = preview.getByRole("table", { name: "Problems" })
    await expect(issueRow(problems, 7, "value")).toContainText("without thousands separators")
    await expect(issueRow(problems, 9, "kind")).toContainText(
      'kind must be one of actual, estimate (got "forecast")',
    )
    await expect(issueRow(problems, 10, "period")).toContainText("2026Q5")
    expect(await seriousViolations(page)).toEqual([])

    // A dry run checks on the server and writes nothing.
    await dialog.getByRole("button", { name: "Dry run" }).click()
    const result = dialog.getByRole("region", { name: /result/i })
    await expect(result).toContainText("Dry run result: nothing was written")
    await expect(result.getByLabel("Would create: 6", { exact: true })).toBeVisible()
    expect((await tickerKpis(adminApi, sym)).metrics).toEqual([])

    // The import: good rows written, the server's refusals named with the preview's.
    await dialog.getByRole("button", { name: "Import 9 values" }).click()
    await expect(dialog.getByText("Import finished")).toBeVisible()
    await expect(result.getByLabel("Created: 6", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Updated: 0", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Metrics created: 2", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Rejected: 6", { exact: true })).toBeVisible()
    const rejected = result.getByRole("table", { name: "Rejected rows" })
    await expect(issueRow(rejected, 7, "value")).toBeVisible()
    await expect(issueRow(rejected, 11, "ticker")).toContainText(`No ticker ${unknown}`)
    await expect(issueRow(rejected, 12, "unit")).toContainText('is in "USD m"')
    await expect(issueRow(rejected, 13, "period")).toContainText("quarterly")
    expect(await valueCount(adminApi, sym)).toBe(6)

    // The same file again: nothing new, nothing changed.
    await dialog.getByLabel("KPI CSV file").setInputFiles(file)
    await dialog.getByRole("button", { name: "Import 9 values" }).click()
    await expect(dialog.getByText("Import finished")).toBeVisible()
    await expect(result.getByLabel("Created: 0", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Updated: 0", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Unchanged: 6", { exact: true })).toBeVisible()
    await dialog.getByRole("button", { name: "Done" }).click()
    await expect(dialog).toBeHidden()

    // The screen: the ticker's metrics, each with its table and its chart.
    await pickTicker(page, sym)
    await expect(page).toHaveTitle(`${sym} · KPIs · Folio`)
    const revenue = page.getByRole("region", { name: "Revenue" })
    const table = revenue.getByRole("table", { name: "Revenue by period" })
    await expect(table.getByRole("row", { name: /^2026Q1/ })).toContainText("104")
    await expect(table.getByRole("row", { name: /^2026Q1/ })).toContainText("+4.0%")
    await expect(table.getByRole("row", { name: /^2026Q2/ })).toContainText("\u221210.0%")
    await expect(table.getByRole("row", { name: /^2026Q2/ })).toContainText("10.0% below the estimate")
    await expect(table.getByRole("row", { name: /^2026Q3/ })).toContainText("120")
    await expect(revenue.locator("svg.recharts-surface")).toBeVisible()
    const chart = revenue.getByRole("figure", { name: "Revenue: actual and estimate by period" })
    await expect(chart.getByText("Estimate", { exact: true })).toBeVisible()
    const margin = page.getByRole("region", { name: "Gross margin" })
    await expect(margin.getByRole("table", { name: "Gross margin by period" })).toContainText("46.2%")
    await expect(margin.locator("svg.recharts-surface")).toBeVisible()
  })

  test("a file of 5,000 values with planted errors: good rows kept in five batches, each bad row named by line and field, a second run changes nothing", async ({
    page,
    adminApi,
  }) => {
    test.slow() // 5,000 values sent twice in batches of 1,000
    const sym = kpiSymbol("B")
    await createTicker(adminApi, sym)
    const lines = [header]
    for (let metric = 0; metric < 10; metric++)
      for (let quarter = 0; quarter < 250; quarter++)
        for (const kind of ["estimate", "actual"])
          lines.push(
            `${sym},Metric ${metric},${1990 + Math.floor(quarter / 4)}Q${(quarter % 4) + 1},${kind},${1000 + quarter + (kind === "actual" ? metric : 0)},USD m,${kind === "actual" ? "10-Q" : "Consensus"}`,
          )
    // Six planted errors replacing rows (line n is lines[n - 1]), none the same value as another row:
    // three the console finds, three only the server can.
    const planted = {
      612: `${sym},Metric 1,2000Q1,guess,5,USD m,`,
      1409: `${sym},Metric 2,2030Q9,actual,5,USD m,`,
      2222: `${sym},Metric 4,2001Q1,actual,"12,5",USD m,`,
      3001: `${kpiSymbol("ZZ")},Metric 6,2001Q1,actual,5,USD m,`,
      4004: `${sym},Metric 8,2060Q1,actual,5,EUR m,`,
      4999: `${sym},Metric 9,FY2040,actual,5,USD m,`,
    } as const
    for (const [line, text] of Object.entries(planted)) lines[Number(line) - 1] = text
    expect(lines.length).toBe(5001)
    const file = csvFile(`kpis-${sym}-5000.csv`, lines)

    await page.goto("/kpis")
    await page.getByRole("button", { name: "Import CSV" }).first().click()
    const dialog = page.getByRole("dialog", { name: "Import KPIs from CSV" })
    await dialog.getByLabel("KPI CSV file").setInputFiles(file)
    const problems = dialog.getByRole("region", { name: "Preview" }).getByRole("table", { name: "Problems" })
    await expect(issueRow(problems, 612, "kind")).toBeVisible()
    await expect(issueRow(problems, 1409, "period")).toBeVisible()
    await expect(issueRow(problems, 2222, "value")).toBeVisible()

    await dialog.getByRole("button", { name: "Import 4,997 values" }).click()
    await expect(dialog.getByText("Import finished")).toBeVisible({ timeout: 60_000 })
    await expect(dialog).toContainText("4,997 of 4,997 values · batch 5 of 5")
    const result = dialog.getByRole("region", { name: /result/i })
    await expect(result.getByLabel("Created: 4994", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Metrics created: 10", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Rejected: 6", { exact: true })).toBeVisible()
    const rejected = result.getByRole("table", { name: "Rejected rows" })
    for (const [line, field] of [
      [612, "kind"],
      [1409, "period"],
      [2222, "value"],
      [3001, "ticker"],
      [4004, "unit"],
      [4999, "period"],
    ] as const)
      await expect(issueRow(rejected, line, field)).toBeVisible()
    expect(await valueCount(adminApi, sym)).toBe(4994)

    await dialog.getByLabel("KPI CSV file").setInputFiles(file)
    await dialog.getByRole("button", { name: "Import 4,997 values" }).click()
    await expect(dialog.getByText("Import finished")).toBeVisible({ timeout: 60_000 })
    await expect(result.getByLabel("Created: 0", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Updated: 0", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Unchanged: 4994", { exact: true })).toBeVisible()
    await expect(result.getByLabel("Rejected: 6", { exact: true })).toBeVisible()
    expect(await valueCount(adminApi, sym)).toBe(4994)
  })
})

test.describe("as a reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("reads a ticker's KPIs with their charts, and is offered no import", async ({ page, adminApi }) => {
    const sym = kpiSymbol("R")
    await createTicker(adminApi, sym, `Redwood ${sym}`)
    await importKpis(adminApi, [
      { ticker: sym, metric: "Subscribers", period: "2026H1", kind: "estimate", value: 200, unit: "m" },
      { ticker: sym, metric: "Subscribers", period: "2026H1", kind: "actual", value: 190, unit: "m" },
      { ticker: sym, metric: "Subscribers", period: "2026H2", kind: "estimate", value: 210 },
    ])

    await page.goto(`/kpis?symbol=${sym}`)
    await expect(page.getByRole("heading", { name: "KPIs", level: 1 })).toBeVisible()
    const card = page.getByRole("region", { name: "Subscribers" })
    await expect(card).toContainText("Half-yearly")
    const table = card.getByRole("table", { name: "Subscribers by period" })
    await expect(table.getByRole("row", { name: /^2026H1/ })).toContainText("\u22125.0%")
    await expect(table.getByRole("row", { name: /^2026H2/ })).toContainText("210")
    await expect(card.locator("svg.recharts-surface")).toBeVisible()
    await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0)
    await expect(page.getByRole("button", { name: "Download template" })).toHaveCount(0)
  })

  test("the charts and tables pass axe in the light and the dark theme, and fit a phone without sideways scrolling", async ({
    page,
    adminApi,
  }) => {
    test.slow() // axe four times over a page with charts
    const sym = kpiSymbol("A")
    await createTicker(adminApi, sym)
    await importKpis(
      adminApi,
      ["2025Q3", "2025Q4", "2026Q1", "2026Q2"].flatMap((period, index) => [
        {
          ticker: sym,
          metric: "Net revenue retention",
          period,
          kind: "estimate",
          value: 110 + index,
          unit: "%",
        },
        { ticker: sym, metric: "Net revenue retention", period, kind: "actual", value: 111 - index * 2 },
        { ticker: sym, metric: "Revenue", period, kind: "estimate", value: 1_250_000 + index, unit: "USD k" },
        { ticker: sym, metric: "Revenue", period, kind: "actual", value: 1_312_500 + index, source: "10-Q" },
      ]),
    )
    const found: Array<string> = []
    for (const viewport of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme })
        await page.goto(`/kpis?symbol=${sym}`)
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme)
        await expect(page.locator("svg.recharts-surface")).toHaveCount(2)
        for (const violation of await seriousViolations(page))
          found.push(`${viewport.width} px, ${colorScheme}: ${violation}`)
      }
      if (viewport.width === 390)
        expect(await page.evaluate(sidewaysScroll)).toEqual({ overflow: 0, culprit: "" })
    }
    expect(found).toEqual([])
  })
})
