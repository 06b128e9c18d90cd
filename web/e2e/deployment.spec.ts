import { expect, type Page, test } from "@playwright/test"
import { adminStorageState } from "./support/admin"

test.use({ storageState: adminStorageState })

const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { folioE2eDocument: true }))
const isSameDocument = (page: Page) => page.evaluate(() => "folioE2eDocument" in window)

test("API calls name the console's deployment", async ({ page }) => {
  const deployment = page.waitForRequest((request) => request.url().endsWith("/api/session"))
  await page.goto("/dashboard")
  const consoleDeployment = await page.locator('meta[name="folio-deployment"]').getAttribute("content")
  expect(consoleDeployment).not.toBe("__FOLIO_DEPLOYMENT_ID__")
  expect((await deployment).headers()["x-folio-deployment"]).toBe(consoleDeployment)
})

test("navigation stays in the page while the server runs the console's deployment", async ({ page }) => {
  await page.goto("/dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await markDocument(page)
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Dashboard" })
    .click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  expect(await isSameDocument(page)).toBe(true)
})

test("once the server runs another deployment, the next navigation loads the page afresh", async ({
  page,
}) => {
  await page.route("**/api/**", async (route) => {
    const response = await route.fetch()
    await route.fulfill({
      response,
      headers: { ...response.headers(), "x-folio-deployment": "a-newer-deployment" },
    })
  })
  await page.goto("/dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await markDocument(page)

  const reloaded = page.waitForEvent("load")
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Dashboard" })
    .click()
  await reloaded
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  expect(await isSameDocument(page)).toBe(false)
})
