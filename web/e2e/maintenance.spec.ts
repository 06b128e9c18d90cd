import type { Browser } from "@playwright/test"
import { storageStateOf } from "./support/admin"
import { screenshotsOf, setConfig } from "./support/config"
import { unique } from "./support/directory"
import { expect, test } from "./support/fixtures"

test.use({ storageState: storageStateOf("admin") })
// Maintenance is the whole server's: one test at a time, and off again after each, however it ended.
test.describe.configure({ mode: "default" })
test.afterEach(async ({ adminApi }) => {
  await setConfig(adminApi, { "maintenance.enabled": false }, "e2e clean-up")
})

const readerPage = async (browser: Browser) => {
  const context = await browser.newContext({ storageState: storageStateOf("reader") })
  return { context, page: await context.newPage() }
}

test("maintenance on: a reader gets its page and 503s while an admin works under a banner; off: the reader is back", async ({
  page,
  browser,
  adminApi,
}) => {
  const message = unique("Folio is moving to a new database")
  const reader = await readerPage(browser)
  try {
    await setConfig(adminApi, {
      "maintenance.enabled": true,
      "maintenance.message": message,
      "maintenance.retryAfterSeconds": 120,
    })

    // Both people open the reports at once (two page loads, side by side).
    await Promise.all([reader.page.goto("/reports"), page.goto("/reports")])
    await expect(reader.page).toHaveURL(/\/maintenance\?from=%2Freports/)
    await expect(reader.page.getByRole("heading", { name: "Folio is under maintenance" })).toBeVisible()
    await expect(reader.page.getByTestId("maintenance-message")).toHaveText(message)

    const refused = await reader.context.request.get("/api/reports")
    expect(refused.status()).toBe(503)
    expect(refused.headers()["retry-after"]).toBe("120")
    expect(await refused.json()).toMatchObject({ _tag: "MaintenanceMode", message, retryAfterSeconds: 120 })
    // The site status still answers, so the page can tell when maintenance is over.
    expect((await reader.context.request.get("/api/status")).status()).toBe(200)

    const notice = page.getByRole("note", { name: "Maintenance notice" })
    await expect(notice).toContainText("Maintenance is on — readers see the maintenance page.")
    await expect(notice.getByRole("link", { name: "Switch it off in the control panel" })).toHaveAttribute(
      "href",
      "/control-panel",
    )
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    expect((await page.request.get("/api/reports")).status()).toBe(200)

    // Off: the reader's page notices by itself and goes back where they were, no reload.
    await setConfig(adminApi, { "maintenance.enabled": false })
    await expect(reader.page).toHaveURL(/\/reports$/)
    await expect(reader.page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    expect((await reader.context.request.get("/api/reports")).status()).toBe(200)
  } finally {
    await reader.context.close()
  }
})

test("the maintenance page at desktop and phone widths, light and dark", async ({ browser, adminApi }) => {
  const message = unique("Back after the upgrade, around noon")
  const reader = await readerPage(browser)
  try {
    await setConfig(adminApi, { "maintenance.enabled": true, "maintenance.message": message })
    await reader.page.goto("/dashboard")
    await screenshotsOf(reader.page, "maintenance", async () => {
      await expect(reader.page.getByTestId("maintenance-message")).toHaveText(message)
    })
  } finally {
    await reader.context.close()
  }
})
