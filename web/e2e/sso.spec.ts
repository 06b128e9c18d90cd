import { ssoErrorTexts } from "@folio/core"
import type { Page } from "@playwright/test"
import { admin } from "./support/admin"
import { expect, test } from "./support/fixtures"

/** The e2e server's identity provider is oidc-provider's development login: any login name, any password. */
const signInAtProvider = async (page: Page, login: string) => {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill("anything")
  await page.getByRole("button", { name: "Sign-in" }).click()
  // The provider asks once per client to share the email and profile.
  await page.getByRole("button", { name: "Continue" }).click()
}

test("single sign-on links the admin by verified email and lands on the dashboard", async ({ page }) => {
  await page.goto("/login")
  await page.getByRole("link", { name: "Sign in with Folio Test ID" }).click()
  await signInAtProvider(page, admin.email)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await expect(page.getByText(admin.email).first()).toBeVisible()
})

test("an email whose domain belongs to no client company is refused with a message", async ({ page }) => {
  await page.goto("/login")
  await page.getByRole("link", { name: "Sign in with Folio Test ID" }).click()
  await signInAtProvider(page, "stranger@nowhere.example")
  await expect(page).toHaveURL(/\/login\?sso_error=unknown_account/)
  await expect(page.getByRole("alert")).toContainText(ssoErrorTexts.unknown_account)
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()
})
