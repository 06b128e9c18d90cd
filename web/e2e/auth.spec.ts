import type { Health, Me } from "@folio/core"
import { admin, signInThroughApi, signInThroughForm } from "./support/admin"
import { expect, test } from "./support/fixtures"

test("/ sends a signed-out visitor to sign-in", async ({ page }) => {
  await page.goto("/")
  await expect(page).toHaveURL("/login")
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible()
  await expect(page).toHaveTitle("Sign in · Folio")
})

test("signing in as the admin opens the dashboard with who I am and the server's health", async ({
  page,
}) => {
  await page.goto("/login")
  await signInThroughForm(page)

  await expect(page).toHaveURL("/dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await expect(page).toHaveTitle("Dashboard · Folio")

  const me: Me = await (await page.request.get("/api/session")).json()
  const health: Health = await (await page.request.get("/api/health")).json()
  const you = page.getByRole("region", { name: "Signed in as" })
  await expect(you).toContainText(me.user.name)
  await expect(you).toContainText(admin.email)
  await expect(you.getByText("Admin", { exact: true })).toBeVisible()
  await expect(you).toContainText(me.company.name)

  const server = page.getByRole("region", { name: "Server" })
  await expect(server).toContainText(health.version)
  await expect(server).toContainText(health.deploymentId)
  await expect(server.getByText("Healthy", { exact: true })).toBeVisible()
  await expect(server.getByText("Up to date", { exact: true })).toBeVisible()

  // Signed in, / goes straight to the dashboard and /login has nothing to offer.
  await page.goto("/")
  await expect(page).toHaveURL("/dashboard")
  await page.goto("/login")
  await expect(page).toHaveURL("/dashboard")
})

test("signing out returns to sign-in and the dashboard then redirects there", async ({ page }) => {
  await signInThroughApi(page.request)
  await page.goto("/dashboard")
  await page.getByRole("button", { name: /account menu/i }).click()
  // A write: it carries the CSRF token from the readable cookie.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "folio_csrf")
  expect(csrf?.value).toBeTruthy()
  const signOut = page.waitForRequest((r) => r.method() === "DELETE" && r.url().endsWith("/api/session"))
  await page.getByRole("menuitem", { name: "Sign out" }).click()

  await expect(page).toHaveURL("/login")
  expect((await signOut).headers()["x-folio-csrf"]).toBe(csrf?.value)
  expect((await page.request.get("/api/session")).status()).toBe(401)

  await page.goto("/dashboard")
  await expect(page).toHaveURL("/login?redirect=%2Fdashboard")
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible()
})

test("visiting /sign-out ends the session", async ({ page }) => {
  await signInThroughApi(page.request)
  await page.goto("/sign-out")
  await expect(page).toHaveURL("/login")
  expect((await page.request.get("/api/session")).status()).toBe(401)
})

test("a wrong password shows the server's message inline and stays on sign-in", async ({ page }) => {
  await page.goto("/login")
  await signInThroughForm(page, "not-the-password")

  await expect(page.getByRole("alert")).toContainText("Wrong email or password.")
  await expect(page).toHaveURL("/login")
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(admin.email)
})

test("invalid input is explained next to its field without asking the server", async ({ page }) => {
  const signIns: string[] = []
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/session")) signIns.push(request.url())
  })
  await page.goto("/login")
  await page.getByLabel("Email", { exact: true }).fill("not-an-email")
  await page.getByRole("button", { name: "Sign in" }).click()

  const email = page.getByLabel("Email", { exact: true })
  await expect(email).toHaveAccessibleDescription("Enter an email address like name@example.com")
  await expect(email).toHaveAttribute("aria-invalid", "true")
  await expect(email).toBeFocused()
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "Enter your password",
  )
  expect(signIns).toEqual([])
})

test("the keyboard alone is enough to sign in", async ({ page }) => {
  await page.goto("/login")
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused()
  await page.keyboard.type(admin.email)
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused()
  await page.keyboard.type(admin.password)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL("/dashboard")
})

test("after signing in the console returns to the page that asked for it", async ({ page }) => {
  await page.goto("/dashboard?from=mail#top")
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await signInThroughForm(page)
  await expect(page).toHaveURL("/dashboard?from=mail#top")
})

for (const target of ["//example.com/steal", "https://example.com/steal", "/\\example.com"]) {
  test(`a redirect to ${target} is ignored after signing in`, async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`)
    await signInThroughForm(page)
    await expect(page).toHaveURL("/dashboard")
  })
}

test("after too many failed attempts the server's rate-limit message is shown", async ({ page }) => {
  // An address of its own, so the limit it reaches touches no other test.
  const email = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@folio.test`
  await page.goto("/login")
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("not-the-password")
  const statuses: number[] = []
  for (let attempt = 0; attempt < 8 && !statuses.includes(429); attempt++) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/api/session"),
    )
    await page.getByRole("button", { name: "Sign in" }).click()
    statuses.push((await answered).status())
  }
  expect(statuses.at(-1)).toBe(429)
  await expect(page.getByRole("alert")).toContainText(/Too many attempts to sign in\. Try again in \d+/)
  await expect(page).toHaveURL("/login")
})
