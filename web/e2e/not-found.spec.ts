import { expect, test } from "./support/fixtures"

for (const path of ["/404", "/no/such/page"]) {
  test(`${path} shows the not-found screen`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
    await expect(page).toHaveTitle("Page not found · Folio")
    await expect(page).toHaveURL(path)

    // The way out leads to sign-in for a signed-out visitor.
    await page.getByRole("link", { name: "Go to the dashboard" }).click()
    await expect(page).toHaveURL("/login")
  })
}

test("/loading shows the full-screen loading state", async ({ page }) => {
  await page.goto("/loading")
  await expect(page.getByRole("status")).toHaveText("Loading Folio…")
  await expect(page).toHaveTitle("Loading · Folio")
})
