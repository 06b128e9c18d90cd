import type { SiteStatus } from "@folio/core"
import { adminStorageState } from "./support/admin"
import { screenshotsOf, setConfig } from "./support/config"
import { unique } from "./support/directory"
import { expect, test } from "./support/fixtures"

/**
 * The control panel's maintenance switch. Maintenance turns every non-admin away, so this file
 * runs in the "site-wide" project: after every other spec, one file at a time.
 */
test.use({ storageState: adminStorageState })

test("the maintenance switch turns maintenance on with its message, and off again", async ({
  page,
  adminApi,
}) => {
  const message = unique("Back after the database upgrade")
  const status = async (): Promise<SiteStatus["maintenance"]> =>
    ((await (await adminApi.get("/api/status")).json()) as SiteStatus).maintenance
  try {
    await page.goto("/control-panel?tab=maintenance")
    const form = page.getByRole("form", { name: "Maintenance mode" })
    const toggle = form.getByRole("switch", { name: "Maintenance mode" })
    await expect(toggle).not.toBeChecked()
    await toggle.click({ force: true })
    await form.getByRole("textbox", { name: "Message" }).fill(message)
    await form.getByRole("button", { name: "Save" }).click()
    const confirm = page.getByRole("dialog", { name: "Turn maintenance on?" })
    await expect(confirm).toContainText(message)
    await confirm.getByRole("button", { name: "Turn maintenance on" }).click()
    const notice = page.getByText("People other than admins now see the maintenance page.")
    await expect(notice).toBeVisible()
    await expect(notice).toBeHidden()
    await expect(page.getByRole("tab", { name: /Maintenance/ })).toContainText("On")
    expect(await status()).toMatchObject({ enabled: true, message })

    await screenshotsOf(page, "control-panel-maintenance", async () => {
      await expect(form.getByRole("switch", { name: "Maintenance mode" })).toBeChecked()
    })
    await page.setViewportSize({ width: 1280, height: 860 })

    await form.getByRole("switch", { name: "Maintenance mode" }).click({ force: true })
    await form.getByRole("button", { name: "Save" }).click()
    await expect(page.getByText("Everyone can use Folio again.")).toBeVisible()
    await expect(form.getByRole("switch", { name: "Maintenance mode" })).not.toBeChecked()
    expect(await status()).toMatchObject({ enabled: false, message })
  } finally {
    await setConfig(adminApi, { "maintenance.enabled": false }, "e2e clean-up")
  }
})
