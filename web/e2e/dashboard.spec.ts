import AxeBuilder from "@axe-core/playwright"
import { type Analytics, type PlatformFigures, type Report, readDwellMs } from "@folio/core"
import {
  type APIRequestContext,
  type Locator,
  type Page,
  request as playwrightRequest,
} from "@playwright/test"
import type pg from "pg"
import { addPerson, type Person, signInAs } from "./support/accounts"
import { adminStorageState, type SharedRole, storageStateOf } from "./support/admin"
import { postEvents, rollup, serverDatabase } from "./support/analytics"
import { addTeamMember, createCompany, createTeam, unique, write } from "./support/directory"
import { clientAddressOf, expect, test } from "./support/fixtures"
import { createReport, moveReport, publishReport } from "./support/reports"
import { sidewaysScroll } from "./support/sideways"

/**
 * The role-aware dashboard (issue 17): each role's tiles with real data and with none, their
 * headings leading where they say; the readership summary of a client company's page and the
 * entitlements and readership of a team's. Readership comes from events the readers post, rolled up
 * through `select readership_rollup()` on the server's own database (the job does it every minute;
 * a test does not wait for it).
 */

/** Runs `fn` with the server's database (found by a report of this test's), then closes it. */
const withDatabase = async <A>(report: Report, fn: (db: pg.Client) => Promise<A>): Promise<A> => {
  const db = await serverDatabase(report.id)
  test.skip(db === undefined, "needs DATABASE_URL: the spec reads the server's own database")
  try {
    return await fn(db as pg.Client)
  } finally {
    await db?.end()
  }
}

/** A signed-in API context of a person of their own (a reader posting their events, say). */
const sessionOf = async (baseURL: string, person: Person, testId: string): Promise<APIRequestContext> => {
  const context = await playwrightRequest.newContext({
    baseURL,
    // Signed out to begin with, whatever the test's own session: signing in over the admin's
    // shared session would end it for every other spec.
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": clientAddressOf(`${testId}:${person.email}`) },
  })
  await signInAs(context, person)
  return context
}

/**
 * A reader's console posting that they opened a report and read it through (16 s of visible dwell),
 * `reads` times, each at its own moment (the server keeps one event per person, kind, report and instant).
 */
const readReport = (reader: APIRequestContext, report: Report, reads = 1) => {
  const now = Date.now()
  return postEvents(reader, [
    { kind: "report_view", reportId: report.id, at: new Date(now) },
    ...Array.from({ length: reads }, (_, read) => ({
      kind: "report_read" as const,
      reportId: report.id,
      durationMs: readDwellMs,
      at: new Date(now - (read + 1) * 60_000),
    })),
  ])
}

const body = "## View\n\nDemand holds up; margins widen into the second half."

const region = (page: Page, name: string): Locator => page.getByRole("region", { name, exact: true })

/** A tile's heading link (the tile's region is named by it). */
const headingLink = (tile: Locator, name: string): Locator =>
  tile.getByRole("heading", { level: 2 }).getByRole("link", { name })

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

test.describe("a client's reader", () => {
  test("sees the latest reports they may read, their favorites, and what was published since their last visit", async ({
    page,
    adminApi,
  }) => {
    const company = await createCompany(adminApi, unique("Dashboard Client"))
    const reader = await addPerson(adminApi, "reader", { companyId: company.id, label: "dashreader" })
    const before = await publishReport(adminApi, {
      title: unique("Before the visit"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id }],
    })
    await signInAs(page.request, reader)

    // The first visit: nothing to compare with yet, and no favorites.
    await page.goto("/dashboard")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    const since = region(page, "Since your last visit")
    await expect(since).toContainText("this is your first visit")
    const latest = region(page, "Latest reports")
    await expect(latest.getByRole("link", { name: before.title })).toBeVisible()
    const favorites = region(page, "My favorites")
    await expect(favorites).toContainText("No favorites yet")
    // Tiles for other roles are not here.
    await expect(region(page, "Review queue")).toHaveCount(0)
    await expect(region(page, "My drafts")).toHaveCount(0)

    // An hour passes (the visit and the first report moved back), a report is published and the
    // reader stars the first one.
    await withDatabase(before, async (db) => {
      await db.query("update dashboard_visits set last_at = last_at - interval '1 hour' where user_id = $1", [
        reader.id,
      ])
      await db.query(
        "update reports set published_at = published_at - interval '2 hours', updated_at = updated_at - interval '2 hours' where id = $1",
        [before.id],
      )
    })
    const after = await publishReport(adminApi, {
      title: unique("After the visit"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id }],
    })
    await write(page.request, "PUT", `/api/reports/${before.id}/favorite`, undefined, 204)

    await page.reload()
    await expect(since).toContainText("Your last visit was 1 hour ago.")
    const published = since.getByRole("list", { name: "Published" })
    await expect(published.getByRole("listitem")).toHaveCount(1)
    await expect(published.getByRole("link", { name: after.title })).toBeVisible()
    await expect(since.getByRole("link", { name: before.title })).toHaveCount(0)
    await expect(latest.getByRole("link", { name: after.title })).toBeVisible()
    await expect(favorites.getByRole("link", { name: before.title })).toBeVisible()

    // Within the same sitting a reload keeps the same "since".
    await page.reload()
    await expect(
      since.getByRole("list", { name: "Published" }).getByRole("link", { name: after.title }),
    ).toBeVisible()

    // Each heading leads where it says.
    const day = new Date(Date.now() - 3_600_000).toISOString().slice(0, 10)
    await expect(headingLink(since, "Since your last visit")).toHaveAttribute(
      "href",
      `/reports?sort=-publishedAt&from=${day}`,
    )
    await headingLink(favorites, "My favorites").click()
    await expect(page).toHaveURL("/reports/favorites")
    await expect(page.getByRole("heading", { name: "Favorites", level: 1 })).toBeVisible()
    // (The list is a table on a desktop and cards on a phone: the first is the one shown.)
    await expect(page.getByRole("main").getByRole("link", { name: before.title }).first()).toBeVisible()
    await page.goBack()
    await headingLink(latest, "Latest reports").click()
    await expect(page).toHaveURL("/reports?sort=-publishedAt")
    await page.goBack()
    await published.getByRole("link", { name: after.title }).click()
    await expect(page.getByRole("heading", { name: after.title, level: 1 })).toBeVisible()
  })
})

test.describe("an analyst", () => {
  test("sees empty tiles at first, then their drafts, the drafts sent back to them and the reads of their latest reports", async ({
    page,
    adminApi,
    baseURL,
  }, testInfo) => {
    const analyst = await addPerson(adminApi, "analyst", { label: "dashanalyst" })
    await signInAs(page.request, analyst)

    await page.goto("/dashboard")
    const drafts = region(page, "My drafts")
    const sentBack = region(page, "Sent back to me")
    const reads = region(page, "Reads of my latest reports")
    await expect(drafts).toContainText("No drafts.")
    await expect(sentBack).toContainText("Nothing sent back")
    await expect(reads).toContainText("None of your reports is published yet")
    await expect(region(page, "Latest reports")).toBeVisible()
    await expect(region(page, "Review queue")).toHaveCount(0)

    // A draft, a draft an editor sent back, and a report published to a client whose reader reads it.
    const company = await createCompany(adminApi, unique("Readers Capital"))
    const reader = await addPerson(adminApi, "reader", { companyId: company.id, label: "dashanalystreader" })
    const draft = await createReport(page.request, {
      title: unique("Still drafting"),
      sector: "Energy",
      body,
    })
    const returned = await moveReport(
      page.request,
      await createReport(page.request, { title: unique("Needs another look"), sector: "Energy", body }),
      "submit",
    )
    await moveReport(adminApi, returned, "return")
    const out = await moveReport(
      adminApi,
      await moveReport(
        page.request,
        await createReport(page.request, {
          title: unique("Read by clients"),
          sector: "Energy",
          body,
          audience: [{ companyId: company.id }],
        }),
        "submit",
      ),
      "approve",
      "publish",
    )
    const theirs = await sessionOf(baseURL ?? "", reader, testInfo.testId)
    try {
      await readReport(theirs, out, 2)
    } finally {
      await theirs.dispose()
    }
    await withDatabase(out, rollup)

    await page.reload()
    await expect(drafts.getByRole("link", { name: draft.title })).toBeVisible()
    await expect(drafts.getByRole("link", { name: returned.title })).toBeVisible()
    const sent = sentBack.getByRole("listitem").filter({ hasText: returned.title })
    await expect(sent).toBeVisible()
    const read = reads.getByRole("listitem").filter({ hasText: out.title })
    await expect(read).toContainText("1 view · 2 reads · 2 in the last 7 days")

    await expect(headingLink(reads, "Reads of my latest reports")).toHaveAttribute("href", "/analytics")
    await headingLink(drafts, "My drafts").click()
    await expect(page).toHaveURL(/\/reports\?status=draft&author=[0-9a-f-]{36}$/)
    await page.goBack()
    await read.getByRole("link", { name: out.title }).click()
    await expect(page.getByRole("heading", { name: out.title, level: 1 })).toBeVisible()
  })
})

test.describe("an editor", () => {
  test("sees the review queue, the upcoming releases, the week's readership and their drafts", async ({
    page,
    adminApi,
    baseURL,
  }, testInfo) => {
    const editor = await addPerson(adminApi, "editor", { label: "dasheditor" })
    await signInAs(page.request, editor)
    // A read this week, so the week has readership whatever ran before.
    const company = await createCompany(adminApi, unique("Weekly Capital"))
    const reader = await addPerson(adminApi, "reader", { companyId: company.id, label: "dashweek" })
    const read = await publishReport(adminApi, {
      title: unique("Read this week"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id }],
    })
    const theirs = await sessionOf(baseURL ?? "", reader, testInfo.testId)
    try {
      await readReport(theirs, read)
    } finally {
      await theirs.dispose()
    }
    await withDatabase(read, rollup)
    const inReview = await moveReport(
      adminApi,
      await createReport(adminApi, { title: unique("Waiting for review"), sector: "Energy", body }),
      "submit",
    )
    const approved = await moveReport(
      adminApi,
      await createReport(adminApi, { title: unique("Going out soon"), sector: "Energy", body }),
      "submit",
      "approve",
    )
    // Sooner than any other spec schedules, so it is among the first five.
    const releaseAt = new Date(Date.now() + 10 * 60_000)
    releaseAt.setUTCSeconds(0, 0)
    await write(adminApi, "PUT", `/api/reports/${approved.id}/schedule`, { releaseAt }, 200)

    await page.goto("/dashboard")
    const queue = region(page, "Review queue")
    await expect(queue.getByRole("link", { name: inReview.title })).toBeVisible()
    const upcoming = region(page, "Upcoming releases")
    await expect(upcoming.getByRole("link", { name: approved.title })).toBeVisible()
    await expect(
      upcoming.getByRole("listitem").filter({ hasText: approved.title }).locator("time"),
    ).toHaveAttribute("datetime", releaseAt.toISOString())
    await expect(region(page, "My drafts")).toContainText("No drafts.")
    await expect(region(page, "Since your last visit")).toHaveCount(0)

    // The week's totals are the analytics answer for the same 7 days (other specs read meanwhile:
    // compare with a fresh answer until both agree).
    const week = region(page, "This week's readership")
    const range = {
      from: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
      to: new Date().toISOString().slice(0, 10),
    }
    await expect(headingLink(week, "This week's readership")).toHaveAttribute(
      "href",
      `/analytics?from=${range.from}&to=${range.to}`,
    )
    await expect(async () => {
      const analytics: Analytics = await (
        await page.request.get(`/api/analytics?from=${range.from}&to=${range.to}`)
      ).json()
      await page.reload()
      const figures = week.getByRole("definition")
      await expect(figures).toHaveText(
        [analytics.totals.views, analytics.totals.reads, analytics.totals.readers].map((n) =>
          n.toLocaleString("en-US"),
        ),
        { timeout: 3_000 },
      )
    }).toPass({ timeout: 30_000 })

    await headingLink(queue, "Review queue").click()
    await expect(page).toHaveURL("/reports?status=in_review")
    await page.goBack()
    await headingLink(upcoming, "Upcoming releases").click()
    await expect(page).toHaveURL("/release-schedule?view=agenda")
  })
})

test.describe("the admin", () => {
  test.use({ storageState: adminStorageState })

  test("sees the headline figures, each leading where it is looked into, with the server's health", async ({
    page,
  }) => {
    await page.goto("/dashboard")
    const figures = region(page, "Headline figures")
    await expect(async () => {
      const answer: PlatformFigures = await (await page.request.get("/api/dashboard/figures")).json()
      await page.reload()
      // A figure reads "<its name><its number><its context>".
      const shows = (name: string, value: number) =>
        expect(figures.getByRole("group", { name })).toHaveText(
          new RegExp(`^${name}${value.toLocaleString("en-US")}(\\D|$)`),
          { timeout: 3_000 },
        )
      await shows("Client companies", answer.clientCompanies)
      await shows("Reads this week", answer.readsLast7Days)
      await shows("Dead deliveries", answer.deadDeliveries)
      await shows("Open error issues", answer.openErrorIssues)
    }).toPass({ timeout: 30_000 })
    const links: ReadonlyArray<readonly [string, string | RegExp]> = [
      ["Active users", "/users"],
      ["Client companies", "/companies?kind=client"],
      ["Published in 30 days", /^\/reports\?status=published&sort=-publishedAt&from=\d{4}-\d{2}-\d{2}$/],
      ["Reads this week", /^\/analytics\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/],
      ["Dead deliveries", "/control-panel?tab=work"],
      ["Open error issues", "/developer/reports"],
      ["Jobs waiting", "/control-panel?tab=work"],
      ["Jobs failing", "/control-panel?tab=work"],
    ]
    for (const [name, href] of links)
      await expect(figures.getByRole("link", { name, exact: true })).toHaveAttribute("href", href)
    await expect(region(page, "Server").getByText("Healthy", { exact: true })).toBeVisible()
    await expect(region(page, "Review queue")).toBeVisible()
    await expect(region(page, "This week's readership")).toBeVisible()

    await figures.getByRole("link", { name: "Dead deliveries" }).click()
    await expect(page).toHaveURL("/control-panel?tab=work")
    await expect(page.getByRole("tab", { name: "Jobs & deliveries", selected: true })).toBeVisible()
  })

  test("a tile that fails shows its own error and retries, and the others stay", async ({ page }) => {
    let failing = true
    await page.route("**/api/dashboard/figures", (route) =>
      // No answer at all: the console retries twice, then the tile says so.
      failing ? route.abort("failed") : route.fallback(),
    )
    await page.goto("/dashboard")
    const figures = region(page, "Headline figures")
    await expect(figures.getByRole("alert")).toContainText("Could not load this", { timeout: 20_000 })
    await expect(region(page, "Server").getByText("Healthy", { exact: true })).toBeVisible()
    failing = false
    await figures.getByRole("button", { name: "Try again" }).click()
    await expect(figures.getByRole("group", { name: "Client companies" })).toBeVisible()
  })
})

test.describe("a client's team", () => {
  test.use({ storageState: adminStorageState })

  test("its page shows what reaches it and its readership; the company's page sums up the readership by team", async ({
    page,
    adminApi,
    baseURL,
  }, testInfo) => {
    test.slow() // three reports through review, then axe four times
    const company = await createCompany(adminApi, unique("Entitled Capital"))
    const team = await createTeam(adminApi, company.id, unique("Rates desk"))
    const reader = await addPerson(adminApi, "reader", { companyId: company.id, label: "dashteam" })
    await addTeamMember(adminApi, team.id, reader.id, "member")
    const toTeam = await publishReport(adminApi, {
      title: unique("For the desk"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id, teamId: team.id }],
    })
    const toCompany = await publishReport(adminApi, {
      title: unique("For the firm"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id }],
    })
    // Held back a day: the desk cannot read it yet, but it is addressed to them.
    const embargoed = await publishReport(adminApi, {
      title: unique("For the desk tomorrow"),
      sector: "Energy",
      body,
      audience: [{ companyId: company.id, teamId: team.id, embargoHours: 24 }],
    })
    const theirs = await sessionOf(baseURL ?? "", reader, testInfo.testId)
    try {
      await readReport(theirs, toTeam)
      await readReport(theirs, toCompany)
    } finally {
      await theirs.dispose()
    }
    await withDatabase(toTeam, rollup)

    await page.goto(`/companies/${company.id}/teams/${team.id}`)
    const entitlements = region(page, "Entitlements")
    await expect(entitlements).toContainText("Every sector")
    await expect(entitlements).toContainText(`1 report addressed to ${company.name}`)
    await expect(entitlements).toContainText(`2 reports addressed to ${team.name}`)
    await expect(entitlements).toContainText(/24 h after release: \d+ reports?/)
    const addressed = entitlements.getByRole("list", { name: `Reports addressed to ${team.name}` })
    await expect(addressed.getByRole("listitem")).toHaveCount(2)
    await expect(addressed.getByRole("listitem").filter({ hasText: toTeam.title })).toContainText(
      "At release",
    )
    await expect(addressed.getByRole("listitem").filter({ hasText: embargoed.title })).toContainText(
      "24 h after release",
    )

    const teamReads = region(page, "Readership, last 30 days")
    await expect(teamReads.getByRole("definition")).toHaveText(["2", "2", "1"])
    await expect(teamReads.getByRole("list", { name: "Reads by reader" })).toContainText(reader.name)
    await expect(teamReads.getByRole("link", { name: "Open in analytics" })).toHaveAttribute(
      "href",
      new RegExp(`^/analytics\\?from=[\\d-]+&to=[\\d-]+&company=${company.id}&team=${team.id}$`),
    )

    await page.goto(`/companies/${company.id}`)
    const companyReads = region(page, "Readership, last 30 days")
    await expect(companyReads.getByRole("definition")).toHaveText(["2", "2", "1"])
    await expect(companyReads.getByRole("list", { name: "Top reports" })).toContainText(toTeam.title)
    const byTeam = companyReads.getByRole("list", { name: "Reads by team" })
    await expect(byTeam.getByRole("listitem").filter({ hasText: team.name })).toContainText("2 reads")
    await byTeam.getByRole("link", { name: team.name }).click()
    await expect(page.getByRole("heading", { name: team.name, level: 1 })).toBeVisible()

    // Both pages, light and dark, at a phone's width: axe and no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 })
    const found: Array<string> = []
    for (const path of [`/companies/${company.id}`, `/companies/${company.id}/teams/${team.id}`])
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme })
        await page.goto(path)
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme)
        await expect(region(page, "Readership, last 30 days").getByRole("definition").first()).toBeVisible()
        await expect(page.getByRole("main").getByRole("status")).toHaveCount(0)
        for (const violation of await seriousViolations(page))
          found.push(`${path}, ${colorScheme}: ${violation}`)
        expect(await page.evaluate(sidewaysScroll)).toEqual({ overflow: 0, culprit: "" })
      }
    expect(found).toEqual([])
  })
})

// Signed in as the reader on the page: not under the admin's shared session, which that would end.
test.describe("a client's reader on their team's page", () => {
  test("a reader of the company sees what reaches their team, and no readership", async ({
    page,
    adminApi,
  }) => {
    const company = await createCompany(adminApi, unique("Own Team Capital"))
    const team = await createTeam(adminApi, company.id, unique("Credit desk"))
    const reader = await addPerson(adminApi, "reader", { companyId: company.id, label: "dashteamreader" })
    await addTeamMember(adminApi, team.id, reader.id, "member")
    await signInAs(page.request, reader)
    await page.goto(`/companies/${company.id}/teams/${team.id}`)
    const entitlements = region(page, "Entitlements")
    await expect(entitlements).toContainText(`0 reports addressed to ${team.name}`)
    await expect(entitlements).toContainText("No report names this team in its audience")
    await expect(region(page, "Readership, last 30 days")).toHaveCount(0)
  })
})

/** Each role's dashboard, light and dark, at a desktop's and a phone's width. */
const everyRole: ReadonlyArray<"admin" | SharedRole> = ["admin", "editor", "analyst", "reader", "client"]

for (const role of everyRole) {
  test.describe(`the ${role}'s dashboard`, () => {
    test.use({ storageState: storageStateOf(role) })

    test("passes axe in the light and the dark theme and fits a phone without sideways scrolling", async ({
      page,
    }) => {
      test.slow() // axe four times
      const found: Array<string> = []
      for (const viewport of [
        { width: 1280, height: 860 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport)
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme })
          await page.goto("/dashboard")
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme)
          await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
          // Every tile has loaded: no skeleton left.
          await expect(page.getByRole("main").getByRole("status")).toHaveCount(0)
          for (const violation of await seriousViolations(page))
            found.push(`${viewport.width} px, ${colorScheme}: ${violation}`)
          if (viewport.width === 390)
            expect(await page.evaluate(sidewaysScroll)).toEqual({ overflow: 0, culprit: "" })
        }
      }
      expect(found).toEqual([])
    })
  })
}
