import { readFileSync } from "node:fs"
import { adminStorageState } from "./support/admin"
import { createCompany, createTeam, unique } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { createReport } from "./support/reports"
import { sidewaysScroll } from "./support/sideways"

// Every route of the built console (web/dist/routes.json, the list the server answers 404 from),
// opened at a phone's width: nothing may reach past the screen's right edge.
const routes: ReadonlyArray<string> = JSON.parse(
  readFileSync(new URL("../dist/routes.json", import.meta.url), "utf8"),
) as ReadonlyArray<string>
/** Not screens to look at: signing out would end the session every other spec shares. */
const skipped = new Set(["/sign-out"])
/** Screens that are a loader themselves. */
const loaders = new Set(["/loading"])

test.use({
  storageState: adminStorageState,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
})

test("no route reaches past the screen at 390 px", async ({ page, adminApi }) => {
  test.slow() // one page load per route, 30-odd of them
  const company = await createCompany(adminApi)
  const team = await createTeam(adminApi, company.id, unique("Desk"))
  const report = await createReport(adminApi, {
    title: unique("A report title long enough to wrap twice on a phone, as real research titles do"),
    sector: "Information Technology",
  })
  const me = (await (await adminApi.get("/api/session")).json()) as { user: { id: string } }
  const params: Record<string, string> = {
    $reportId: report.id,
    $companyId: company.id,
    $teamId: team.id,
    $userId: me.user.id,
    $issueId: "00000000-0000-4000-8000-000000000000",
  }
  const overflowing: Array<string> = []
  for (const route of routes) {
    if (skipped.has(route)) continue
    const path = route
      .split("/")
      .map((segment) => params[segment] ?? segment)
      .join("/")
    await page.goto(path)
    // What the user sees first: the screen's heading, or a full-screen status.
    await expect(page.locator("h1, [role=status]").first(), path).toBeVisible()
    // Then its data: no loader or skeleton left.
    if (!loaders.has(route))
      await expect(page.locator(".mantine-Skeleton-root, .mantine-Loader-root"), path).toHaveCount(0)
    const { overflow, culprit } = await page.evaluate(sidewaysScroll)
    if (overflow > 0) overflowing.push(`${path}: ${overflow} px (${culprit})`)
  }
  expect(overflowing).toEqual([])

  // The measure itself sees something wider than the screen.
  await page.evaluate(() => {
    const wide = document.createElement("div")
    wide.style.width = "600px"
    wide.style.height = "1px"
    document.body.append(wide)
  })
  expect((await page.evaluate(sidewaysScroll)).overflow).toBeGreaterThan(0)
})
