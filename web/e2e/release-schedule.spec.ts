import type { Me, Report } from "@folio/core"
import type { APIRequestContext, Locator, Page } from "@playwright/test"
import { adminStorageState, storageStateOf } from "./support/admin"
import { unique, write } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { createReport, createTicker, moveReport } from "./support/reports"

/** An approved report about a ticker of its own (blackouts and restrictions here touch no other spec). */
const approvedReport = async (
  admin: APIRequestContext,
  title: string,
): Promise<{ report: Report; symbol: string }> => {
  const symbol = await createTicker(admin, `${title} Inc.`)
  const report = await moveReport(
    admin,
    await createReport(admin, { title, sector: "Information Technology", tickers: [symbol] }),
    "submit",
    "approve",
  )
  return { report, symbol }
}

const scheduleThroughApi = (admin: APIRequestContext, report: Report, releaseAt: Date): Promise<Report> =>
  write<Report>(
    admin,
    "PUT",
    `/api/reports/${report.id}/schedule`,
    { releaseAt: releaseAt.toISOString() },
    200,
  )

/** The zone the signed-in person sees times in: their profile's. */
const zoneOf = async (page: Page): Promise<string> => {
  const me = (await (await page.request.get("/api/session")).json()) as Me
  return me.user.timezone
}

const zoneName = (zone: string) => (zone === "UTC" || zone === "Etc/UTC" ? "UTC" : zone.replaceAll("_", " "))

/** Picks one of the quick times under a DateTimePicker (a time a test can know). */
const quickPick = async (scope: Locator, group: string, pick: string) => {
  await scope.getByRole("group", { name: group }).getByRole("button", { name: pick, exact: true }).click()
}

/** Nothing wider than the phone's screen. */
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

test.describe("as an editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("an approved report scheduled from its page appears on the schedule with its time and zone", async ({
    page,
    adminApi,
  }) => {
    const title = unique("Scheduled outlook")
    const { report } = await approvedReport(adminApi, title)
    const profileZone = await zoneOf(page)
    const zone = zoneName(profileZone)

    await page.goto(`/reports/${report.id}`)
    const release = page.getByRole("region", { name: "Release" })
    await expect(release).toContainText("Not scheduled")
    await release.getByRole("button", { name: "Schedule…" }).click()
    const dialog = page.getByRole("dialog", { name: "Schedule the release" })
    await expect(dialog).toContainText(`In your time zone: ${zone}`)
    await quickPick(dialog, "Quick picks", "Tomorrow 07:00")
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText("Status: Scheduled")).toBeVisible()
    await expect(release).toContainText("07:00")
    await expect(release).toContainText(zone)

    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Release schedule" })
      .click()
    await expect(page.getByRole("heading", { name: "Release schedule", level: 1 })).toBeVisible()
    await expect(page.getByText(`Times in ${zone}`)).toBeVisible()
    // The week holding tomorrow shows it at 07:00 (every release of a day is shown there).
    const dayIn = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: profileZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(new Date(Date.now() + offset * 86_400_000))
    await page.goto(`/release-schedule?view=week&date=${dayIn(1)}`)
    await expect(page.getByRole("table", { name: "Week" })).toBeVisible()
    await expect(
      page.getByRole("button", { name: new RegExp(`^${title}, 07:00.*, Scheduled$`) }),
    ).toBeVisible()
    // The agenda says the same, and the view is in the URL.
    await page.getByText("Agenda", { exact: true }).click()
    await expect(page).toHaveURL(/view=agenda/)
    const item = page.getByRole("listitem", { name: title })
    await expect(item).toContainText("07:00")
    await expect(item).toContainText("Scheduled")
  })

  test("a blackout added in the editor refuses scheduling with its reason", async ({ page, adminApi }) => {
    const title = unique("Quiet period note")
    const { report, symbol } = await approvedReport(adminApi, title)
    const reason = `Quiet period before ${symbol} results`

    await page.goto("/release-schedule")
    const blackouts = page.getByRole("region", { name: "Blackout periods" })
    await blackouts.getByRole("button", { name: "Add blackout" }).click()
    const form = blackouts.getByRole("form", { name: "New blackout period" })
    await quickPick(form, "Quick picks for From", "Tomorrow 00:00")
    await quickPick(form, "Quick picks for To", "One week later")
    await form.getByRole("textbox", { name: "Ticker" }).fill(symbol)
    await form.getByRole("textbox", { name: "Reason" }).fill(reason)
    await form.getByRole("button", { name: "Add blackout" }).click()
    await expect(form).toBeHidden()
    await expect(blackouts.getByRole("listitem", { name: `${symbol}: ${reason}` })).toBeVisible()

    await page.goto(`/reports/${report.id}`)
    await page.getByRole("region", { name: "Release" }).getByRole("button", { name: "Schedule…" }).click()
    const dialog = page.getByRole("dialog", { name: "Schedule the release" })
    await quickPick(dialog, "Quick picks", "Tomorrow 12:00")
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click()
    const refusal = dialog.getByRole("alert")
    await expect(refusal).toContainText("A blackout period blocks this release")
    await expect(refusal).toContainText(`Reason: ${reason}`)
    await expect(refusal).toContainText(symbol)
    // Nothing changed.
    const after = (await (await adminApi.get(`/api/reports/${report.id}`)).json()) as Report
    expect(after.status).toBe("approved")
  })

  test("publish now moves a scheduled release to the released ones", async ({ page, adminApi }) => {
    const title = unique("Publish now memo")
    const { report } = await approvedReport(adminApi, title)
    await scheduleThroughApi(adminApi, report, new Date(Date.now() + 3 * 86_400_000))

    await page.goto("/release-schedule?view=agenda")
    const item = page.getByRole("listitem", { name: title })
    await expect(item).toContainText("Scheduled")
    await item.getByRole("button", { name: `Actions for ${title}` }).click()
    await page.getByRole("menuitem", { name: "Publish now…" }).click()
    const dialog = page.getByRole("dialog", { name: "Publish this report now?" })
    await dialog.getByRole("button", { name: "Publish now" }).click()
    await expect(dialog).toBeHidden()
    const released = page.getByRole("region", { name: "Recently released" })
    await expect(released.getByRole("listitem", { name: title })).toContainText("Released")
    const after = (await (await adminApi.get(`/api/reports/${report.id}`)).json()) as Report
    expect(after.status).toBe("published")
  })

  test("publishing a release whose ticker was restricted meanwhile is refused inline, with the reason", async ({
    page,
    adminApi,
  }) => {
    const title = unique("Restricted memo")
    const { report, symbol } = await approvedReport(adminApi, title)
    await scheduleThroughApi(adminApi, report, new Date(Date.now() + 2 * 86_400_000))
    const reason = `Advising ${symbol} on a transaction`
    await write(adminApi, "PUT", `/api/restricted-tickers/${symbol}`, { reason }, 200)

    await page.goto("/release-schedule?view=agenda")
    // The agenda warns before the release job holds it.
    await expect(page.getByRole("listitem", { name: title })).toContainText(
      `Will be held: ${symbol} is restricted: ${reason}`,
    )
    await page.getByRole("button", { name: `Actions for ${title}` }).click()
    await page.getByRole("menuitem", { name: "Publish now…" }).click()
    const dialog = page.getByRole("dialog", { name: "Publish this report now?" })
    await dialog.getByRole("button", { name: "Publish now" }).click()
    const refusal = dialog.getByRole("alert")
    await expect(refusal).toContainText(`${symbol} is on the restricted list`)
    await expect(refusal).toContainText(`Reason: ${reason}`)
    await expect(page.getByRole("region", { name: "Restricted tickers" })).toContainText(reason)
  })

  test("from the keyboard, a release in the week opens its menu and Edit time", async ({
    page,
    adminApi,
  }) => {
    const title = unique("Keyboard release")
    const { report } = await approvedReport(adminApi, title)
    const at = new Date(Date.now() + 2 * 86_400_000)
    await scheduleThroughApi(adminApi, report, at)
    const zone = await zoneOf(page)
    const day = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(at)

    await page.goto(`/release-schedule?view=week&date=${day}`)
    const chip = page.getByRole("button", { name: new RegExp(`^${title}, `) })
    await chip.focus()
    await page.keyboard.press("Enter")
    const edit = page.getByRole("menuitem", { name: "Edit time…" })
    await expect(edit).toBeVisible()
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    await expect(edit).toBeFocused()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Change the release time" })
    await expect(dialog.getByRole("button", { name: "Release time" })).toBeFocused()
    await page.keyboard.press("Escape")
    await expect(dialog).toBeHidden()
  })

  test("a release dragged to another day in the month keeps its time of day", async ({ page, adminApi }) => {
    const title = unique("Dragged release")
    const { report } = await approvedReport(adminApi, title)
    const zone = await zoneOf(page)
    // Ten days ahead at 10:00 in the viewer's zone, and the day after it.
    const day = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(new Date(Date.now() + offset * 86_400_000))
    const from = day(10)
    // A neighbouring day of the same month, so both are in the month shown.
    const step = from.endsWith("-01") ? 1 : -1
    const scheduled = await scheduleThroughApi(
      adminApi,
      report,
      new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10 * 86_400_000),
    )
    const dayLabel = (key: string) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: "UTC",
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      }).format(new Date(`${key}T00:00:00Z`))

    await page.goto(`/release-schedule?view=month&date=${from}`)
    const chip = page.getByRole("button", { name: new RegExp(`^${title}, `) })
    const target = page.getByRole("cell", { name: new RegExp(`^${dayLabel(day(10 + step))}`) })
    await chip.dragTo(target)
    await expect(target.getByRole("button", { name: new RegExp(`^${title}, `) })).toBeVisible()
    await expect
      .poll(
        async () => ((await (await adminApi.get(`/api/reports/${report.id}`)).json()) as Report).releaseAt,
      )
      .toBe(new Date(new Date(scheduled.releaseAt ?? "").getTime() + step * 86_400_000).toISOString())
  })
})

test.describe("on a phone", () => {
  test.use({
    storageState: adminStorageState,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })

  for (const scheme of ["light", "dark"] as const) {
    test(`the agenda is the phone's view, without sideways scroll (${scheme})`, async ({
      page,
      adminApi,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      const title = unique("Phone agenda item with a rather long title that wraps")
      const { report, symbol } = await approvedReport(adminApi, title)
      await scheduleThroughApi(adminApi, report, new Date(Date.now() + 2 * 86_400_000))
      // A quiet period on its ticker labels the days it covers in the month.
      await write(
        adminApi,
        "POST",
        "/api/blackouts",
        {
          startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
          ticker: symbol,
          reason: "Quiet period on the phone",
        },
        201,
      )
      await page.goto("/release-schedule")
      await expect(page.getByRole("radio", { name: "Agenda" })).toBeChecked()
      await expect(page.getByRole("listitem", { name: title })).toBeVisible()
      await noSidewaysScroll(page)
      await page.getByText("Month", { exact: true }).click()
      await expect(page.getByRole("table", { name: "Month" })).toBeVisible()
      await noSidewaysScroll(page)
      await page.getByText("Week", { exact: true }).click()
      await expect(
        page
          .getByRole("region", { name: /today|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/ })
          .first(),
      ).toBeVisible()
      await noSidewaysScroll(page)
    })
  }
})
