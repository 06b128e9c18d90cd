import { expect, test } from "./support/fixtures"

for (const [path, status] of [
  ["/404", 200],
  ["/no/such/page", 404],
] as const) {
  test(`${path} shows the not-found screen (HTTP ${status})`, async ({ page }) => {
    const response = await page.goto(path)
    // A path that is none of the console's routes says so to crawlers and link checkers too.
    expect(response?.status()).toBe(status)
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
