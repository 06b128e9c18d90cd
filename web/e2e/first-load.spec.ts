import { statSync } from "node:fs"
import type { Page } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { createReport } from "./support/reports"

test.use({ storageState: adminStorageState })

/**
 * The JavaScript a first screen may fetch, brotli-compressed: the reports list, a signed-in
 * person's first screen, at most 250 KB (issue 14); a report's page is a ratchet (it adds the
 * Markdown renderer): lower it as its weight comes down, never raise it. What a screen can do
 * without loads after it (components/deferred.tsx; docs/performance.md, "First load").
 */
const budgetKb = { list: 250, report: 345 } as const

const assets = new URL("../dist/assets/", import.meta.url)

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
