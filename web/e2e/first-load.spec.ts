import { readdirSync, readFileSync, statSync } from "node:fs"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import type { Page } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { createTicker, importKpis, kpiSymbol } from "./support/kpis"
import { createReport } from "./support/reports"

test.use({ storageState: adminStorageState })

/**
 * The JavaScript a first screen may fetch, brotli-compressed: the reports list, a signed-in
 * person's first screen, at most 250 KB (issue 14); a report's page is a ratchet (it adds the
 * Markdown renderer): lower it as its weight comes down, never raise it. What a screen can do
 * without loads after it (components/deferred.tsx; docs/performance.md, "First load").
 */
const budgetKb = { list: 250, report: 336 } as const

/** The console the server serves: E2E_WEB_DIST when the run builds it elsewhere, else web/dist. */
const dist = process.env.E2E_WEB_DIST
  ? pathToFileURL(`${resolve(process.env.E2E_WEB_DIST)}/`)
  : new URL("../dist/", import.meta.url)
const assets = new URL("assets/", dist)

/** The size of an asset as a brotli client downloads it: the `.br` file the server sends. */
const brotliBytes = (path: string): number => {
  const name = path.slice("/assets/".length)
  return statSync(new URL(`${name}.br`, assets)).size
}

interface Fetched {
  readonly path: string
  readonly beforeFirstScreen: boolean
}

/**
 * Every script the page fetched, from Chromium's resource timing (module scripts, module
 * preloads and dynamic imports alike), and whether it was asked for before the first screen was
 * on display (the mark the console sets when the router has rendered it).
 */
const scriptsFetched = async (page: Page): Promise<ReadonlyArray<Fetched>> => {
  await page.waitForFunction(() => performance.getEntriesByName("folio:first-screen").length > 0)
  return page.evaluate(() => {
    const shown = performance.getEntriesByName("folio:first-screen")[0]?.startTime ?? 0
    return performance
      .getEntriesByType("resource")
      .map((entry) => ({ url: new URL(entry.name), start: entry.startTime }))
      .filter(({ url }) => url.origin === location.origin && /^\/assets\/.+\.js$/.test(url.pathname))
      .map(({ url, start }) => ({ path: url.pathname, beforeFirstScreen: start < shown }))
  })
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10

const measure = async (page: Page, path: string, shown: () => Promise<void>) => {
  await page.goto(path)
  await shown()
  const fetched = await scriptsFetched(page)
  const first = fetched.filter((script) => script.beforeFirstScreen)
  const firstBytes = first.reduce((sum, script) => sum + brotliBytes(script.path), 0)
  // Error monitoring loads once the screen is shown; wait for it, to say what the load came to.
  await expect
    .poll(async () => (await scriptsFetched(page)).length, { message: "the monitoring chunk loads after" })
    .toBeGreaterThan(first.length)
  const all = await scriptsFetched(page)
  const allBytes = all.reduce((sum, script) => sum + brotliBytes(script.path), 0)
  test.info().annotations.push({
    type: "first load",
    description: `${path}: ${kb(firstBytes)} KB brotli in ${first.length} scripts before the screen, ${kb(allBytes)} KB with what loads after it`,
  })
  console.log(
    `first load ${path}: ${kb(firstBytes)} KB (brotli, ${first.length} scripts) for the screen; ${kb(allBytes)} KB (${all.length}) once monitoring has loaded`,
  )
  return { firstBytes, first }
}

test("the reports list, a signed-in person's first screen, stays within the first-load budget of compressed JavaScript", async ({
  page,
}) => {
  const { firstBytes, first } = await measure(page, "/reports", () =>
    expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible(),
  )
  expect(first.length, "the screen's scripts were seen").toBeGreaterThan(3)
  expect(kb(firstBytes), `scripts: ${first.map((script) => script.path).join(", ")}`).toBeLessThanOrEqual(
    budgetKb.list,
  )
})

test("a report's page opened from a link stays within the first-load budget of compressed JavaScript", async ({
  page,
  adminApi,
}) => {
  const report = await createReport(adminApi, {
    title: "First-load weight of a report page",
    sector: "Information Technology",
  })
  const { firstBytes } = await measure(page, `/reports/${report.id}`, () =>
    expect(page.getByRole("heading", { name: report.title, level: 1 })).toBeVisible(),
  )
  expect(kb(firstBytes)).toBeLessThanOrEqual(budgetKb.report)
})

/**
 * recharts' own class name, kept by minification: a script holding it carries the chart library
 * (~130 KB gzip), which only /kpis may load (vite.config.ts, the "charts" chunk).
 */
const holdsCharts = (path: string): boolean =>
  readFileSync(new URL(path.slice("/assets/".length), assets), "utf8").includes("recharts-surface")

/** The scripts a module imports statically (`import … from "./x.js"`): they load with it. */
const staticImports = (path: string): ReadonlyArray<string> =>
  Array.from(
    readFileSync(new URL(path.slice("/assets/".length), assets), "utf8").matchAll(
      /import\s*(?:[\w$*{}\s,]+from\s*)?"\.\/([^"]+\.js)"/g,
    ),
    (match) => `/assets/${match[1]}`,
  )

test("no script of the first page load holds the chart library: the page's own scripts and all they import", () => {
  const html = readFileSync(new URL("index.html", dist), "utf8")
  const entry = Array.from(html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g), (match) => match[1] ?? "")
  expect(entry.length, "index.html names the console's entry").toBeGreaterThan(0)
  const loaded = new Set<string>()
  const queue = [...entry]
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (loaded.has(path)) continue
    loaded.add(path)
    queue.push(...staticImports(path))
  }
  expect(staticImports(entry[0] ?? ""), "the walk reads the entry's imports").toContainEqual(
    expect.stringMatching(/^\/assets\/react-[\w-]+\.js$/),
  )
  expect([...loaded].filter(holdsCharts)).toEqual([])
  // The check sees the library where it is.
  const built = readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`)
  expect(built.filter(holdsCharts).length, "a built script holds recharts").toBeGreaterThan(0)
})

test("the chart library loads on /kpis and on no screen before it: the dashboard fetches none of it, /kpis draws its charts with it", async ({
  page,
  adminApi,
}) => {
  const symbol = kpiSymbol("FL")
  await createTicker(adminApi, symbol)
  await importKpis(adminApi, [
    { ticker: symbol, metric: "Revenue", period: "2026Q1", kind: "estimate", value: 10, unit: "USD m" },
    { ticker: symbol, metric: "Revenue", period: "2026Q1", kind: "actual", value: 11 },
  ])
  await page.goto("/dashboard")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  const before = await scriptsFetched(page)
  // Monitoring, the last thing a screen loads after it is shown, is in: the page is done loading.
  await expect
    .poll(async () => (await scriptsFetched(page)).length, { message: "the monitoring chunk loads after" })
    .toBeGreaterThan(before.filter((script) => script.beforeFirstScreen).length)
  expect((await scriptsFetched(page)).filter((script) => holdsCharts(script.path))).toEqual([])

  // To /kpis in the same page, as a person does: its charts bring the library.
  await page.getByRole("link", { name: "KPIs" }).first().click()
  await expect(page.getByRole("heading", { name: "KPIs", level: 1 })).toBeVisible()
  await expect(page.locator("svg.recharts-surface").first()).toBeVisible()
  const charts = (await scriptsFetched(page)).filter((script) => holdsCharts(script.path))
  expect(charts.length, "/kpis fetched the chart library").toBeGreaterThan(0)
})
