import { readFile } from "node:fs/promises"
import AxeBuilder from "@axe-core/playwright"
import type { ReadershipExport, Report } from "@folio/core"
import type { APIRequestContext, Page } from "@playwright/test"
import { signInAs } from "./support/accounts"
import { adminStorageState } from "./support/admin"
import { createCompany, unique } from "./support/directory"
import { clientAddressOf, expect, test } from "./support/fixtures"
import {
  countsOf,
  myReadership,
  newClientReader,
  openReportTimed,
  postEvents,
  prepareTab,
  recordEvents,
  reportForClient,
  setTabHidden,
} from "./support/readership"
import { publishReport } from "./support/reports"
import { sidewaysScroll } from "./support/sideways"

/**
 * Readership from the console: a report counts as read after 16 s with it on screen. The clock is
 * Playwright's fake one (`page.clock`), installed before the page loads, so the tracker's
 * `setTimeout` and `Date.now` run only when the test moves time on. Counts are read back from
 * `GET /api/profile/readership`, which holds raw and pending events alike (no waiting for the
 * rollup job), for a reader of each test's own.
 */

/**
 * Leaves `report` for `sentinel`, kept on screen 20 s, and waits until the sentinel's read is
 * recorded. The queue sends in order, and the first report's events went out before that read
 * (on `pagehide` when the page was left), so whatever the first visit recorded is in by then.
 */
const settleWithSentinel = async (page: Page, sentinel: Report) => {
  await openReportTimed(page, sentinel)
  await page.clock.runFor(20_000)
  await setTabHidden(page, true) // sends the queue now
  await expect.poll(() => countsOf(page.request, sentinel.id)).toEqual({ views: 1, reads: 1 })
}

const serious = async (page: Page): Promise<ReadonlyArray<string>> => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ resultTypes: ["violations"] })
    .analyze()
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(" ")}`))
}

test.describe("a report counts as read after 16 s visible (fake clock)", () => {
  test.beforeEach(async ({ page }) => {
    await prepareTab(page)
    await page.clock.install()
  })

  test("kept visible 20 s: one view and exactly one read", async ({ page, adminApi }) => {
    await newClientReader(adminApi, page.request)
    const [report, sentinel] = [await reportForClient(adminApi), await reportForClient(adminApi, "Sentinel")]
    await openReportTimed(page, report)
    await page.clock.runFor(20_000)
    // Past the read's batch too: still one read, however long the page stays open.
    await page.clock.runFor(60_000)
    await settleWithSentinel(page, sentinel)
    expect(await countsOf(page.request, report.id)).toEqual({ views: 1, reads: 1 })
    const read = (await myReadership(page.request)).recent.find(
      (event) => event.reportId === report.id && event.kind === "report_read",
    )
    expect(read).toMatchObject({ channel: "console", subject: report.title })
    expect(read?.durationMs).toBeGreaterThanOrEqual(16_000)
    expect(read?.durationMs).toBeLessThan(17_500)
  })

  test("left after 5 s: a view and no read", async ({ page, adminApi }) => {
    await newClientReader(adminApi, page.request)
    const [report, sentinel] = [await reportForClient(adminApi), await reportForClient(adminApi, "Sentinel")]
    await openReportTimed(page, report)
    await page.clock.runFor(5_000)
    // Away through the console's own link: the page unmounts, the tab stays.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Reports" }).click()
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    await page.clock.runFor(60_000)
    await settleWithSentinel(page, sentinel)
    expect(await countsOf(page.request, report.id)).toEqual({ views: 1, reads: 0 })
  })

  test("20 s open with the tab hidden for 10 of them: a view and no read", async ({ page, adminApi }) => {
    await newClientReader(adminApi, page.request)
    const [report, sentinel] = [await reportForClient(adminApi), await reportForClient(adminApi, "Sentinel")]
    await openReportTimed(page, report)
    await page.clock.runFor(5_000)
    await setTabHidden(page, true)
    await page.clock.runFor(10_000)
    await setTabHidden(page, false)
    await page.clock.runFor(5_000)
    // 20 s open, 11 of them visible (the second before the clock stopped counts too).
    await page.goto("/reports")
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    await settleWithSentinel(page, sentinel)
    expect(await countsOf(page.request, report.id)).toEqual({ views: 1, reads: 0 })
  })

  test("the hidden time does not count, the visible time adds up: 10 s, hidden 60 s, 7 s more is a read", async ({
    page,
    adminApi,
  }) => {
    await newClientReader(adminApi, page.request)
    const report = await reportForClient(adminApi)
    await openReportTimed(page, report)
    await page.clock.runFor(10_000)
    await setTabHidden(page, true)
    await page.clock.runFor(60_000)
    await setTabHidden(page, false)
    await page.clock.runFor(7_000)
    await setTabHidden(page, true)
    await expect.poll(() => countsOf(page.request, report.id)).toEqual({ views: 1, reads: 1 })
    const read = (await myReadership(page.request)).recent.find((event) => event.kind === "report_read")
    expect(read?.durationMs).toBeGreaterThanOrEqual(16_000)
    expect(read?.durationMs).toBeLessThan(18_500)
  })

  test("a tab closed right after the read still delivers it (fetch keepalive on pagehide)", async ({
    page,
    adminApi,
  }) => {
    await newClientReader(adminApi, page.request)
    const report = await reportForClient(adminApi)
    await openReportTimed(page, report)
    // The view went out after 5 s; the read, queued at 16 s, would go at 21 s: the tab closes first.
    await page.clock.runFor(17_000)
    const request = page.context().request
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => countsOf(request, report.id)).toEqual({ views: 1, reads: 1 })
  })

  test("signing out sends what the session queued before the session ends", async ({
    page,
    adminApi,
    playwright,
    baseURL,
  }, testInfo) => {
    const reader = await newClientReader(adminApi, page.request)
    const report = await reportForClient(adminApi)
    await openReportTimed(page, report)
    // The view's batch would go 5 s after the page opened; the clock stands still, so only
    // signing out can send it (after the session ended it would be refused).
    await page.getByRole("button", { name: /account menu/i }).click()
    await page.clock.runFor(500)
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible()
    expect((await page.request.get("/api/session")).status()).toBe(401)

    const again = await playwright.request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { "x-forwarded-for": clientAddressOf(testInfo.testId) },
    })
    await signInAs(again, reader)
    expect(await countsOf(again, report.id)).toEqual({ views: 1, reads: 0 })
    await again.dispose()
  })
})

test.describe("refusals", () => {
  test("a reader's batch about a report they may not read, or for someone else, is refused whole: nothing kept", async ({
    page,
    adminApi,
  }) => {
    const reader = await newClientReader(adminApi, page.request)
    const readable = await reportForClient(adminApi)
    const elsewhere = await publishReport(adminApi, {
      title: unique("Another client's"),
      sector: "Energy",
      audience: [{ companyId: (await createCompany(adminApi, unique("Other Client"))).id }],
    })
    const at = new Date().toISOString()
    const view = (reportId: string, extra: Record<string, unknown> = {}) => ({
      kind: "report_view",
      reportId,
      at,
      ...extra,
    })

    const unreadable = await postEvents(page.request, [view(readable.id), view(elsewhere.id)])
    expect([403, 404], unreadable.body).toContain(unreadable.status)

    const me = await adminApi.get("/api/session")
    const adminId = ((await me.json()) as { user: { id: string } }).user.id
    const someoneElse = await postEvents(page.request, [view(readable.id, { userId: adminId })])
    expect(someoneElse.status, someoneElse.body).toBe(403)

    // The same events as the reader's own are taken: so the refusals above kept nothing.
    expect(await recordEvents(page.request, [view(readable.id, { userId: reader.id })])).toEqual({
      accepted: 1,
    })
    expect(await countsOf(page.request, readable.id)).toEqual({ views: 1, reads: 0 })
    expect(
      (await myReadership(page.request)).recent.filter((event) => event.reportId === elsewhere.id),
    ).toEqual([])
  })
})

/** A reader with a few events: a sign-in (the server's), two opens and a read (posted as the console would). */
const readerWithEvents = async (admin: APIRequestContext, request: APIRequestContext) => {
  const reader = await newClientReader(admin, request)
  const report = await reportForClient(admin, "Profile")
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString()
  await recordEvents(request, [
    { kind: "report_view", reportId: report.id, at: at(120), userId: reader.id },
    { kind: "report_read", reportId: report.id, at: at(100), durationMs: 16_000, userId: reader.id },
    { kind: "report_view", reportId: report.id, at: at(30), userId: reader.id },
  ])
  return { reader, report }
}

test("my profile shows what is recorded about me and downloads it as JSON and CSV", async ({
  page,
  adminApi,
}) => {
  const { reader, report } = await readerWithEvents(adminApi, page.request)
  await page.goto("/profile")
  const section = page.getByRole("region", { name: "Readership" })
  await expect(section).toContainText("16 seconds with it on screen")
  await expect(section).toContainText(/kept \d+ days/)
  const counts = section.getByRole("list", { name: "Events recorded, by kind" })
  await expect(counts.getByRole("listitem").filter({ hasText: "Opened a report" })).toContainText("2")
  await expect(counts.getByRole("listitem").filter({ hasText: "Read a report" })).toContainText("1")
  await expect(counts.getByRole("listitem").filter({ hasText: "Signed in" })).toContainText("1")
  const table = section.getByRole("table", { name: "Newest events" })
  await expect(table.getByRole("row")).toHaveCount(5) // the header and four events
  const readRow = table.getByRole("row").filter({ hasText: "Read a report" })
  await expect(readRow).toContainText("16 s on screen")
  await expect(readRow).toContainText("Console")
  await expect(readRow.getByRole("link", { name: report.title })).toHaveAttribute(
    "href",
    `/reports/${report.id}`,
  )

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Download my data", exact: true }).click(),
  ])
  expect(json.suggestedFilename()).toMatch(/^folio-readership-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(await readFile((await json.path()) ?? "", "utf8")) as ReadershipExport
  expect(exported.user).toMatchObject({ id: reader.id, email: reader.email })
  expect(exported.events.map((event) => event.kind).sort()).toEqual([
    "report_read",
    "report_view",
    "report_view",
    "sign_in",
  ])

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Download my data as CSV" }).click(),
  ])
  expect(csv.suggestedFilename()).toMatch(/\.csv$/)
  const lines = (await readFile((await csv.path()) ?? "", "utf8")).split("\r\n")
  expect(lines[0]).toBe("at,kind,channel,subject,report_id,duration_ms,company,team")
  expect(lines.filter((line) => line.includes(",report_read,"))).toHaveLength(1)
  expect(lines).toHaveLength(5)

  // Light and dark, desktop and phone: axe, and no sideways scroll on a phone (events as a list there).
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme })
      await expect(section.getByText("Read a report").first()).toBeVisible()
      expect(await serious(page), `${colorScheme} at ${viewport.width} px`).toEqual([])
    }
    if (viewport.width === 390) {
      await expect(section.getByRole("list", { name: "Newest events" })).toBeVisible()
      expect(await page.evaluate(sidewaysScroll)).toEqual({ overflow: 0, culprit: "" })
    }
  }
})

test("an admin erases a reader's readership data: the dialog says what goes and what stays, then how many were erased", async ({
  page,
  adminApi,
  browser,
  baseURL,
}, testInfo) => {
  const { reader } = await readerWithEvents(adminApi, page.request)
  const recorded = (await myReadership(page.request)).total
  expect(recorded).toBe(4)

  const adminContext = await browser.newContext({
    storageState: adminStorageState,
    baseURL: baseURL!,
    extraHTTPHeaders: { "x-forwarded-for": clientAddressOf(testInfo.testId) },
  })
  const admin = await adminContext.newPage()
  await admin.goto(`/users/${reader.id}`)
  const section = admin.getByRole("region", { name: "Readership data" })
  await section.getByRole("button", { name: "Erase readership data" }).click()
  const dialog = admin.getByRole("dialog", { name: `Erase the readership data of ${reader.name}?` })
  await expect(dialog).toContainText("every raw event of")
  await expect(dialog).toContainText("their own daily rows")
  await expect(dialog).toContainText("with no one named")
  expect(await serious(admin)).toEqual([])
  await dialog.getByRole("button", { name: "Erase", exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByRole("status")).toHaveText(`4 events of ${reader.name} erased.`)
  await adminContext.close()

  expect(await myReadership(page.request)).toMatchObject({ total: 0, counts: [], recent: [] })
  await page.goto("/profile")
  await expect(page.getByRole("region", { name: "Readership" })).toContainText(
    "Nothing is recorded about you.",
  )
})

test("people who are not admins get no erase button, and the server refuses them", async ({
  page,
  adminApi,
}) => {
  const reader = await newClientReader(adminApi, page.request)
  await page.goto(`/users/${reader.id}`)
  await expect(page.getByRole("heading", { name: reader.name, level: 1 })).toBeVisible()
  await expect(page.getByRole("button", { name: "Erase readership data" })).toHaveCount(0)
  const state = await page.request.storageState()
  const csrf = state.cookies.find((cookie) => cookie.name === "folio_csrf")?.value ?? ""
  const response = await page.request.delete(`/api/users/${reader.id}/readership`, {
    headers: { "x-folio-csrf": csrf },
  })
  expect(response.status()).toBe(403)
})
