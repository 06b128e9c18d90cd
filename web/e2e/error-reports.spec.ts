import { clientExceptionText } from "@folio/core"
import type { Page } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { exceptionMessages, expectForwarded, forwarded, sentEnvelopes, spanNames } from "./support/sentry"

/** The DSN playwright.config.ts gives the e2e server (`https://…@o4501.ingest.us.sentry.io/4502`). */
const dsn = new URL(process.env.E2E_SENTRY_DSN ?? "")
const projectId = dsn.pathname.slice(1)

/**
 * Makes the dashboard's code-split chunk throw while it is evaluated, as a bug in it would, from
 * two named functions so the stack has frames of the console's own code. Nothing ships: the
 * browser gets this body instead of the real chunk.
 */
const breakDashboardChunk = async (page: Page, message: string) => {
  await page.route(/\/assets\/dashboard-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: "text/javascript; charset=utf-8",
      body: [
        `function folioE2eRender() { throw new TypeError(${JSON.stringify(message)}) }`,
        "function folioE2eMount() { folioE2eRender() }",
        "folioE2eMount()",
        "",
      ].join("\n"),
    }),
  )
}

test.describe("signed in as the admin", () => {
  test.use({ storageState: adminStorageState })

  test("a console exception reaches Sentry's ingest byte for byte through the tunnel and lands in the inbox with its stack", async ({
    page,
    baseURL,
  }) => {
    const message = `e2e: the dashboard failed to render ${Date.now().toString(36)}`
    const sent = sentEnvelopes(page)
    await breakDashboardChunk(page, message)

    await page.goto("/dashboard")
    await expect(page.getByRole("alert")).toHaveText(clientExceptionText(new URL(baseURL ?? page.url()).host))

    // The real SDK posts the event to the tunnel on this origin, with the DSN's org, project and region.
    await expect
      .poll(() =>
        sent.filter((envelope) => exceptionMessages(envelope.body).includes(`TypeError: ${message}`)),
      )
      .toHaveLength(1)
    const envelope = sent.find((candidate) =>
      exceptionMessages(candidate.body).includes(`TypeError: ${message}`),
    )
    if (envelope === undefined) throw new Error("unreachable")
    expect(Object.fromEntries(envelope.url.searchParams)).toEqual({ o: "4501", p: projectId, r: "us" })

    // The tunnel forwards the untouched bytes to the DSN's project on the ingest.
    const received = await expectForwarded(envelope.body)
    expect(received.method).toBe("POST")
    expect(received.url).toBe(`/api/${projectId}/envelope/?hsts=0`)

    // The issue shows up in the inbox, with the stack frame by frame.
    await page.unroute(/\/assets\/dashboard-[\w-]+\.js$/)
    await page.goto("/developer/reports")
    await expect(page).toHaveTitle("Error reports · Folio")
    await expect(page.getByRole("tab", { name: "Unresolved", selected: true })).toBeVisible()
    await page.getByRole("searchbox", { name: "Search" }).fill(message)
    // The search lands in the URL after a pause; wait for it, or it would win over the click below.
    await expect(page).toHaveURL(/[?&]q=/)
    const issues = page.getByRole("table", { name: "Unresolved issues" })
    await expect(issues.getByRole("row").filter({ hasText: message })).toHaveCount(1)
    await issues
      .getByRole("row")
      .filter({ hasText: message })
      .getByRole("link", { name: "TypeError" })
      .click()

    await expect(page.getByRole("heading", { name: "TypeError", level: 1 })).toBeVisible()
    await expect(page.getByText(message).first()).toBeVisible()
    const stack = page.getByRole("list", { name: "Stack of TypeError, most recent call first" })
    const frames = stack.getByRole("listitem")
    await expect(frames.first()).toContainText("folioE2eRender")
    await expect(frames.first()).toContainText(/\/assets\/dashboard-[\w-]+\.js:1:\d+/)
    await expect(frames.nth(1)).toContainText("folioE2eMount")
    await expect(page.getByRole("list", { name: "Breadcrumbs, oldest first" })).toBeVisible()
    // The SDK named the signed-in admin (by id), so the issue counts one affected user.
    await expect(page.getByRole("region", { name: "Details" })).toContainText(/Users affected\s*1(?!\d)/)

    // Resolve it: it leaves the unresolved list and can be reopened.
    await page.getByRole("button", { name: "Resolve" }).click()
    await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible()
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Error reports" })
      .click()
    await expect(page.getByRole("tab", { name: "Resolved", selected: true })).toBeVisible()
    await page.getByRole("searchbox", { name: "Search" }).fill(message)
    await expect(page).toHaveURL(/[?&]q=/)
    await expect(
      page.getByRole("table", { name: "Resolved issues" }).getByRole("row").filter({ hasText: message }),
    ).toHaveCount(1)
  })

  test("the tabs work from the keyboard, and the tab lives in the URL", async ({ page }) => {
    await page.goto("/developer/reports")
    await page.getByRole("tab", { name: "Unresolved" }).focus()
    await page.keyboard.press("ArrowRight")
    await expect(page.getByRole("tab", { name: "Resolved", selected: true })).toBeFocused()
    await expect(page).toHaveURL("/developer/reports?tab=resolved")
    await page.keyboard.press("End")
    await expect(page.getByRole("tab", { name: "Traces" })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(page.getByRole("tab", { name: "Traces", selected: true })).toBeFocused()
    await expect(page).toHaveURL("/developer/reports?tab=traces")
    await page.reload()
    await expect(page.getByRole("tab", { name: "Traces", selected: true })).toBeVisible()
  })

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

    test("issues are cards with their figures, and an issue shows its stack", async ({ page }) => {
      const message = `e2e: phone ${Date.now().toString(36)}`
      await breakDashboardChunk(page, message)
      await page.goto("/dashboard")
      await expect(page.getByRole("alert")).toBeVisible()
      await page.unroute(/\/assets\/dashboard-[\w-]+\.js$/)

      await page.goto(`/developer/reports?q=${encodeURIComponent(message)}`)
      const card = page.getByRole("list", { name: "Unresolved issues" }).getByRole("listitem")
      await expect(card).toHaveCount(1, { timeout: 15_000 })
      await expect(card).toContainText(/1 event · 1 user · last seen/)
      await card.getByRole("link", { name: "TypeError" }).click()
      await expect(page.getByRole("heading", { name: "TypeError", level: 1 })).toBeVisible()
      await expect(
        page
          .getByRole("list", { name: "Stack of TypeError, most recent call first" })
          .getByRole("listitem")
          .first(),
      ).toContainText("folioE2eRender")
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    })
  })

  test("the retention setting is checked before it is saved", async ({ page }) => {
    await page.goto("/developer/reports")
    const button = page.getByRole("button", { name: /^Retention: \d+ days?$/ })
    await button.click()
    const dialog = page.getByRole("dialog", { name: "Error report retention" })
    const field = dialog.getByRole("textbox", { name: "Keep reports for" })
    await expect(field).toBeFocused()

    await field.fill("400")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect(field).toHaveAccessibleDescription(/Retention is between 1 and 365 days/)
    await expect(field).toBeFocused()

    await field.fill("45")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole("button", { name: "Retention: 45 days" })).toBeVisible()
    await page.reload()
    await expect(page.getByRole("button", { name: "Retention: 45 days" })).toBeVisible()
  })
})

test("a navigation that ends in a redirect reports nothing, and /404 is not traced", async ({ page }) => {
  const sent = sentEnvelopes(page)
  const before = forwarded().length

  // Signed out: /404, then its way out ("/") redirects to /dashboard, which redirects to sign-in.
  await page.goto("/404")
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
  await page.getByRole("link", { name: "Go to the dashboard" }).click()
  await expect(page).toHaveURL("/login")
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible()

  // A sentinel error after both: once it has been sent, anything the redirects reported was too.
  const sentinel = `e2e: sentinel ${Date.now().toString(36)}`
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text)
    })
  }, sentinel)
  await expect
    .poll(() => sent.some((envelope) => exceptionMessages(envelope.body).includes(`Error: ${sentinel}`)))
    .toBe(true)
  // And the navigation to /login has been traced, so the /404 page load would have been sent by now.
  await expect.poll(() => sent.flatMap((envelope) => spanNames(envelope.body))).toContain("/login")

  const reported = sent.flatMap((envelope) => exceptionMessages(envelope.body))
  expect(reported).toEqual([`Error: ${sentinel}`])
  const traced = [
    ...sent.flatMap((envelope) => spanNames(envelope.body)),
    ...forwarded()
      .slice(before)
      .flatMap((record) => spanNames(record.body)),
  ]
  expect(traced).not.toContain("/404")
})
