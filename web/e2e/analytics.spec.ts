import { readFile } from "node:fs/promises"
import AxeBuilder from "@axe-core/playwright"
import { type Analytics, lastDays, type Me } from "@folio/core"
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from "@playwright/test"
import { addPerson, type Person, signInAs } from "./support/accounts"
import { storageStateOf } from "./support/admin"
import { postEvents, type RawCounts, rawCounts, rollup, serverDatabase } from "./support/analytics"
import { addTeamMember, createCompany, createTeam, unique } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { createReport, moveReport, publishReport } from "./support/reports"
import { sidewaysScroll } from "./support/sideways"

test.skip(
  process.env.DATABASE_URL === undefined,
  "counts the raw events in the server's database (an external PostgreSQL)",
)

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

/** The range every test asks for: the screen's default (the last 30 days, UTC), written out. */
const range = () => lastDays(30)
const rangeQuery = () => `from=${range().from}&to=${range().to}`

/** A reader of `companyId` signed in on a request context of their own (their own session, cookies and CSRF). */
const readerSession = async (
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  admin: APIRequestContext,
  companyId: string,
): Promise<Person & { readonly id: string; readonly request: APIRequestContext }> => {
  const person = await addPerson(admin, "reader", { companyId, name: unique("Reader") })
  // Signed out to start with: a new context takes the test's storage state (the editor's cookie),
  // and a sign-in over it would end that session for the rest of the test.
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } })
  await signInAs(request, person)
  return { ...person, request }
}

/** A report for everyone at `companyId`, published by the admin. */
const reportFor = (admin: APIRequestContext, companyId: string, title = unique("Readership check")) =>
  publishReport(admin, {
    title,
    body: "## View\n\nMargins hold through the quarter.",
    sector: "Energy",
    audience: [{ companyId }],
  })

/** A figure of the totals, by its label. */
const total = (page: Page, label: string): Locator =>
  page.getByRole("region", { name: "Totals" }).getByRole("group", { name: label, exact: true })

/** A table's row whose header cell is `name`. */
const row = (table: Locator, name: string): Locator =>
  table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name, exact: true }) })

/** A reader's row of the Readers table (the row header holds their name and address). */
const readerRow = (table: Locator, person: Person): Locator =>
  table
    .getByRole("row")
    .filter({ has: table.page().getByRole("rowheader").filter({ hasText: person.email }) })

/** The table of a section, all of its rows shown. */
const fullTable = async (page: Page, section: string): Promise<Locator> => {
  const region = page.getByRole("region", { name: section, exact: true })
  const more = region.getByRole("button", { name: /^Show all/ })
  if (await more.isVisible()) await more.click()
  return region.getByRole("table", { name: section, exact: true })
}

/** Where two sets of counts differ: `{ reads: [from the answer, from the raw events] }`. */
const differences = (answer: Analytics["totals"], raw: RawCounts): Record<string, [number, number]> =>
  Object.fromEntries(
    (Object.keys(raw) as Array<keyof RawCounts>)
      .filter((key) => answer[key] !== raw[key])
      .map((key) => [key, [answer[key], raw[key]]]),
  )

const expectTotals = async (page: Page, counts: RawCounts) => {
  await expect(total(page, "Views")).toContainText(counts.views.toLocaleString("en-US"))
  await expect(total(page, "Reads")).toContainText(counts.reads.toLocaleString("en-US"))
  await expect(total(page, "Readers")).toContainText(counts.readers.toLocaleString("en-US"))
}

/**
 * A client company of its own with a team; two readers (one in the team), a report for the company
 * they open and one of them reads, and a second report opened once. Events go through the console's
 * own endpoint in each reader's session; the rollup runs at once (its job would within a minute).
 */
const readershipOfOneClient = async (
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  admin: APIRequestContext,
) => {
  const company = await createCompany(admin, unique("Analytics client"))
  const team = await createTeam(admin, company.id, unique("Credit desk"))
  const inTeam = await readerSession(playwright, baseURL, admin, company.id)
  await addTeamMember(admin, team.id, inTeam.id, "member")
  const alone = await readerSession(playwright, baseURL, admin, company.id)
  // A title a spreadsheet would run as a formula: the CSV export must defuse it.
  const report = await reportFor(admin, company.id, unique("=HYPERLINK check"))
  const other = await reportFor(admin, company.id)
  await postEvents(inTeam.request, [
    { kind: "report_view", reportId: report.id },
    { kind: "report_read", reportId: report.id, durationMs: 16_500 },
    { kind: "report_view", reportId: other.id },
  ])
  await postEvents(alone.request, [{ kind: "report_view", reportId: report.id }])
  await Promise.all([inTeam.request.dispose(), alone.request.dispose()])
  const db = await serverDatabase(report.id)
  if (db === undefined) throw new Error("DATABASE_URL is set (the spec skips otherwise)")
  await rollup(db)
  return { company, team, inTeam, alone, report, other, db }
}

test.describe("as an editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("totals and the company's row equal the raw events; drilling into the company shows its teams and readers, a team its own, the trail leads back; a table downloads as CSV", async ({
    page,
    adminApi,
    playwright,
    baseURL,
  }) => {
    test.slow() // two readers invited and signed in, two reports published, then the screen
    const { company, team, inTeam, alone, report, db } = await readershipOfOneClient(
      playwright,
      baseURL!,
      adminApi,
    )
    try {
      // The whole platform: the answer (from the rollups) and the raw events agree. Other specs add
      // events meanwhile, so the two are compared until one look sees both at rest.
      await expect
        .poll(async () => {
          const [answer, raw] = await Promise.all([
            adminApi
              .get(`/api/analytics?${rangeQuery()}`)
              .then((response) => response.json() as Promise<Analytics>),
            rawCounts(db, range()),
          ])
          return differences(answer.totals, raw)
        })
        .toEqual({})

      await page.goto(`/analytics?${rangeQuery()}`)
      await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible()
      await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true")
      const ours = await rawCounts(db, range(), { companyId: company.id })
      expect(ours).toMatchObject({ views: 3, reads: 1, readers: 1 })
      const companies = await fullTable(page, "By company")
      const companyRow = row(companies, company.name)
      await expect(companyRow.getByRole("cell")).toHaveText([String(ours.views), String(ours.reads)])
      await expect(
        page.getByRole("region", { name: "Top reports" }).getByRole("link", { name: report.title }),
      ).toBeVisible()

      // The company: its totals, teams and readers; the URL says which.
      await companyRow.getByRole("link", { name: company.name }).click()
      await expect(page).toHaveURL(new RegExp(`company=${company.id}`))
      await expect(page).toHaveTitle(`${company.name} · Analytics · Folio`)
      const trail = page.getByRole("navigation", { name: "Drill-down" })
      await expect(trail).toContainText(company.name)
      await expectTotals(page, ours)
      await expect(total(page, "Sign-ins")).toContainText(String(ours.signIns))
      const teams = page.getByRole("table", { name: "By team" })
      await expect(row(teams, team.name).getByRole("cell")).toHaveText(["2", "1"])
      await expect(row(teams, "No team").getByRole("cell")).toHaveText(["1", "0"])
      const readers = page.getByRole("table", { name: "Readers" })
      await expect(readerRow(readers, inTeam)).toBeVisible()
      await expect(readerRow(readers, alone)).toBeVisible()
      await expect(page.getByRole("region", { name: "By company" })).toHaveCount(0)

      // Every table exports what it holds.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export Readers as CSV" }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^analytics-readers-analytics-client-[a-z0-9-]+-${range().from}-${range().to}\\.csv$`),
      )
      const csv = await readFile((await download.path()) ?? "", "utf8")
      const lines = csv.trimEnd().split("\r\n")
      expect(lines[0]).toBe("Reader,Views,Reads,Last seen,Email,User id")
      expect(lines).toContain(`${inTeam.name},2,1,${range().to},${inTeam.email},${inTeam.id}`)
      expect(lines).toHaveLength(3)
      const [reports] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export Top reports as CSV" }).click(),
      ])
      const reportLines = (await readFile((await reports.path()) ?? "", "utf8")).trimEnd().split("\r\n")
      expect(reportLines[0]).toBe("Report,Sector,Published,Views,Reads,Report id")
      expect(reportLines[1]).toMatch(new RegExp(`^'${report.title},Energy,[0-9T:.-]+Z,2,1,${report.id}$`))

      // The team: its readers only, and its totals equal its raw events.
      await row(teams, team.name).getByRole("link", { name: team.name }).click()
      await expect(page).toHaveURL(new RegExp(`team=${team.id}`))
      await expectTotals(page, await rawCounts(db, range(), { teamId: team.id }))
      await expect(readerRow(readers, inTeam)).toBeVisible()
      await expect(readers.getByRole("row")).toHaveCount(2)

      // Back up the trail: the company, then every company, with the range kept.
      await trail.getByRole("link", { name: company.name }).click()
      await expect(page).not.toHaveURL(/team=/)
      await expect(page.getByRole("table", { name: "By team" })).toBeVisible()
      await trail.getByRole("link", { name: "All companies" }).click()
      await expect(page).not.toHaveURL(/company=/)
      await expect(page).toHaveURL(new RegExp(`from=${range().from}`))
      await expect(page.getByRole("region", { name: "By company" })).toBeVisible()
    } finally {
      await db.end()
    }
  })

  test("the range lives in the URL: presets, a custom range, ends the wrong way round swapped, nonsense ignored; no readership says so", async ({
    page,
    adminApi,
  }) => {
    const quiet = await createCompany(adminApi, unique("Quiet client"))
    await page.goto(`/analytics?from=yesterday&to=2025-02-30&company=${quiet.id}`)
    await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(range().from)
    await expect(page.getByText("No readership in this range")).toBeVisible()
    await expect(page.getByRole("navigation", { name: "Drill-down" })).toContainText(quiet.name)

    await page.getByRole("button", { name: "7 days" }).click()
    await expect(page).toHaveURL(new RegExp(`from=${lastDays(7).from}&to=${lastDays(7).to}`))
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true")

    await page.getByLabel("From", { exact: true }).fill("2025-03-01")
    await page.getByLabel("To", { exact: true }).fill("2025-03-31")
    await page.getByRole("button", { name: "Apply" }).click()
    await expect(page).toHaveURL(/from=2025-03-01&to=2025-03-31/)
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "false")
    await expect(page.getByText("No readership in this range")).toBeVisible()

    await page.goto(`/analytics?from=2025-03-10&to=2025-03-01&company=${quiet.id}`)
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2025-03-01")
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2025-03-10")
    await page.getByRole("button", { name: "Show the last 12 months" }).click()
    await expect(page).toHaveURL(new RegExp(`from=${lastDays(365).from}`))
    await expect(page.getByRole("button", { name: "12 months" })).toHaveAttribute("aria-pressed", "true")
  })

  test("a failed answer says so and offers to try again", async ({ page }) => {
    // The e2e server fails any /api request carrying this header inside its handlers.
    const analyticsApi = (url: URL) => url.pathname === "/api/analytics"
    await page.route(analyticsApi, (route) =>
      route.continue({ headers: { ...route.request().headers(), "x-folio-test-fault": "500" } }),
    )
    await page.goto(`/analytics?${rangeQuery()}`)
    const failure = page.getByRole("alert").filter({ hasText: "Could not load this" })
    await expect(failure).toBeVisible()
    await page.unroute(analyticsApi)
    await failure.getByRole("button", { name: "Try again" }).click()
    await expect(failure).toBeHidden()
    await expect(
      page.getByRole("region", { name: "Totals" }).or(page.getByText("No readership in this range")),
    ).toBeVisible()
  })

  test("the chart, its table and the breakdowns pass axe in the light and the dark theme, and fit a phone without sideways scrolling", async ({
    page,
    adminApi,
    playwright,
    baseURL,
  }) => {
    test.slow() // the readers' set-up, then axe four times over a page with a chart
    const { company, db } = await readershipOfOneClient(playwright, baseURL!, adminApi)
    await db.end()
    const url = `/analytics?${rangeQuery()}&company=${company.id}`
    const found: Array<string> = []
    for (const viewport of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme })
        await page.goto(url)
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme)
        const overTime = page.getByRole("region", { name: "Reads and views over time" })
        await expect(overTime.locator("svg.recharts-surface")).toBeVisible()
        for (const violation of await seriousViolations(page))
          found.push(`${viewport.width} px, ${colorScheme}: ${violation}`)
        // The same figures as text.
        await overTime.getByText("Table", { exact: true }).click()
        const days = overTime.getByRole("table", { name: "Views and reads by day" })
        await expect(days.getByRole("row").nth(1)).toContainText("3")
        for (const violation of await seriousViolations(page))
          found.push(`${viewport.width} px, ${colorScheme}, day table: ${violation}`)
      }
      if (viewport.width === 390)
        expect(await page.evaluate(sidewaysScroll)).toEqual({ overflow: 0, culprit: "" })
    }
    expect(found).toEqual([])
  })
})

test.describe("as an analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("sees the readership of the reports they wrote, and only that", async ({
    page,
    adminApi,
    playwright,
    baseURL,
  }) => {
    test.slow() // a reader invited and signed in, two reports through review, then the screen
    const me: Me = await (await page.request.get("/api/session")).json()
    const company = await createCompany(adminApi, unique("Analyst's client"))
    // One report the analyst wrote (the admin approves and publishes it), one they did not.
    const draft = await createReport(page.request, {
      title: unique("Own research"),
      body: "## View\n\nOurs.",
      sector: "Energy",
      audience: [{ companyId: company.id }],
    })
    const mine = await moveReport(
      adminApi,
      await moveReport(page.request, draft, "submit"),
      "approve",
      "publish",
    )
    const theirs = await reportFor(adminApi, company.id, unique("Someone else's"))
    const reader = await readerSession(playwright, baseURL!, adminApi, company.id)
    await postEvents(reader.request, [
      { kind: "report_view", reportId: mine.id },
      { kind: "report_view", reportId: theirs.id },
      { kind: "report_read", reportId: theirs.id, durationMs: 20_000 },
    ])
    await reader.request.dispose()
    const db = await serverDatabase(mine.id)
    if (db === undefined) throw new Error("DATABASE_URL is set (the spec skips otherwise)")
    try {
      await rollup(db)
      const own = await rawCounts(db, range(), { companyId: company.id, authorId: me.user.id })
      expect(own).toMatchObject({ views: 1, reads: 0, readers: 0 })

      await page.goto(`/analytics?${rangeQuery()}&company=${company.id}`)
      await expect(page.getByText("Readership of your reports")).toBeVisible()
      await expectTotals(page, own)
      // What is about a person, not a report, is not an analyst's to see.
      await expect(total(page, "Sign-ins")).toHaveCount(0)
      const top = page.getByRole("region", { name: "Top reports" })
      await expect(top.getByRole("link", { name: mine.title })).toBeVisible()
      await expect(top.getByRole("link", { name: theirs.title })).toHaveCount(0)
      await expect(page.getByRole("region", { name: "By analyst" })).toHaveCount(0)
      const answer: Analytics = await (await page.request.get(`/api/analytics?${rangeQuery()}`)).json()
      expect(answer.scope).toBe("own")
      expect(answer.topReports.map((report) => report.id)).not.toContain(theirs.id)
    } finally {
      await db.end()
    }
  })
})

test.describe("as a reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("has no Analytics in the menu, and a direct visit is turned away", async ({ page }) => {
    await page.goto("/dashboard")
    const nav = page.getByRole("navigation", { name: "Main navigation" })
    await expect(nav.getByRole("link", { name: "Reports" })).toBeVisible()
    await expect(nav.getByRole("link", { name: "Analytics" })).toHaveCount(0)
    await page.goto(`/analytics?${rangeQuery()}`)
    await expect(page.getByRole("heading", { name: "Analytics are for editors and analysts" })).toBeVisible()
    expect((await page.request.get(`/api/analytics?${rangeQuery()}`)).status()).toBe(403)
  })
})
