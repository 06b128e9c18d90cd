import { linkUnusableTexts } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { addPerson, inviteAs, signInAs, strongPassword, uniqueEmail } from "./support/accounts"
import { expireLinks } from "./support/expiry"
import { expect, test } from "./support/fixtures"
import { linkIn, mailTo, nextMail, pathOf } from "./support/inbox"

/** Asks for a reset link through the API (what the form does) and answers the link's path. */
const requestReset = async (request: APIRequestContext, email: string): Promise<string> => {
  const seen = mailTo(email).length
  const answer = await request.post("/api/auth/forgot-password", { data: { email } })
  expect(answer.status(), await answer.text()).toBe(202)
  return pathOf(linkIn(await nextMail(email, /Reset your Folio password/, seen), "/forgot-password/reset"))
}

test("Forgot password? carries the typed email over and sends a reset link", async ({ page, adminApi }) => {
  const person = await addPerson(adminApi, "analyst", { label: "forgot" })
  await page.goto("/login")
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByRole("link", { name: "Forgot password?" }).click()
  await expect(page).toHaveURL(/\/forgot-password\?email=/)
  await expect(page).toHaveTitle("Forgot password · Folio")
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email)
  await page.getByRole("button", { name: "Email me a reset link" }).click()
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible()
  await expect(page.getByRole("status")).toContainText("If an account exists for that email")
  await nextMail(person.email, /Reset your Folio password/)
})

test("a reset link only looks when opened, and its form checks the new password with core's rules", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "resetrules" })
  const link = await requestReset(request, person.email)
  await page.goto(link)
  await page.reload() // opening it twice uses nothing
  await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible()
  await expect(page.getByText(person.email)).toBeVisible()
  await expect(page).toHaveTitle("Reset password · Folio")

  const newPassword = page.getByLabel("New password", { exact: true })
  const confirm = page.getByLabel("Confirm new password")
  await newPassword.fill("short")
  await page.getByRole("button", { name: "Save new password" }).click()
  await expect(newPassword).toHaveAccessibleDescription(/Password must be at least 12 characters/)
  await expect(newPassword).toBeFocused()

  // core's rule: not the name or email.
  await newPassword.fill(`${person.email.split("@")[0]}-extra`)
  await page.getByRole("button", { name: "Save new password" }).click()
  await expect(newPassword).toHaveAccessibleDescription(/must not contain your email address/)

  const password = strongPassword()
  await newPassword.fill(password)
  await confirm.fill(`${password}x`)
  await page.getByRole("button", { name: "Save new password" }).click()
  await expect(confirm).toHaveAccessibleDescription(/The passwords do not match/)
})

test("a new password from a reset link signs out every session, and only it signs in afterwards", async ({
  page,
  request,
  adminApi,
  playwright,
  baseURL,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "resetuser" })
  // Another device, signed in with the old password: the reset must end its session.
  const elsewhere = await playwright.request.newContext({ baseURL: baseURL! })
  await signInAs(elsewhere, person)
  await page.goto(await requestReset(request, person.email))

  const password = strongPassword()
  await page.getByLabel("New password", { exact: true }).fill(password)
  await page.getByLabel("Confirm new password").fill(password)
  await page.getByRole("button", { name: "Save new password" }).click()
  await expect(page).toHaveURL(/\/login\?notice=password-reset/)
  await expect(page.getByRole("status")).toContainText("Password changed")
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email)
  expect((await elsewhere.get("/api/session")).status()).toBe(401)

  // The old password no longer works; the new one does.
  await page.getByLabel("Password", { exact: true }).fill(person.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("alert")).toContainText("Wrong email or password.")
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL("/dashboard")
  await elsewhere.dispose()
})

test("a reset link that was used says so and offers a new one", async ({ page, request, adminApi }) => {
  const person = await addPerson(adminApi, "reader", { label: "resetused" })
  const link = await requestReset(request, person.email)
  const reset = await request.post("/api/auth/reset-password", {
    data: { token: new URL(link, "http://x").searchParams.get("token"), password: strongPassword() },
  })
  expect(reset.status(), await reset.text()).toBe(204)

  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This reset link cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("expired or was already used")
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  )
})

test("a reset link without its token says it is incomplete", async ({ page }) => {
  await page.goto("/forgot-password/reset")
  await expect(page.getByRole("alert")).toContainText("This link is incomplete")
})

test("an invited person sets a password from the email, then signs in", async ({ page, adminApi }) => {
  const email = uniqueEmail("invitee")
  const { mail } = await inviteAs(adminApi, { email, name: "Grace Hopper", role: "analyst" })
  const link = pathOf(linkIn(mail, "/set-password"))

  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Welcome to Folio, Grace", level: 1 })).toBeVisible()
  await expect(page).toHaveTitle("Set your password · Folio")
  await expect(page.getByText(email)).toBeVisible()

  const password = strongPassword()
  await page.getByLabel("New password", { exact: true }).fill(password)
  await page.getByLabel("Confirm new password").fill(password)
  await page.getByLabel("Confirm new password").press("Enter")

  await expect(page).toHaveURL(/\/login\?notice=invite-accepted/)
  await expect(page.getByRole("status")).toContainText("Your account is ready")
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email)
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused()
  await page.keyboard.type(password)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL("/dashboard")
  await expect(page.getByText("Welcome back, Grace.")).toBeVisible()
})

test("an accepted invitation cannot be used twice", async ({ page, request, adminApi }) => {
  const email = uniqueEmail("twiceinvitee")
  const link = pathOf(
    linkIn((await inviteAs(adminApi, { email, name: "Grace Twice", role: "analyst" })).mail, "/set-password"),
  )
  const accepted = await request.post("/api/auth/accept-invite", {
    data: { token: new URL(link, "http://x").searchParams.get("token"), password: strongPassword() },
  })
  expect(accepted.status(), await accepted.text()).toBe(204)

  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("Ask your administrator for a new one")
})

test("an expired reset link fails with a clear message, on saving and on opening again", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "reader", { label: "resetexpiry" })
  const link = await requestReset(request, person.email)
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible()

  // The hour runs out while the form is open: saving says why and offers a new link.
  await expireLinks(request, person.email, "reset")
  const password = strongPassword()
  await page.getByLabel("New password", { exact: true }).fill(password)
  await page.getByLabel("Confirm new password").fill(password)
  await page.getByRole("button", { name: "Save new password" }).click()
  await expect(page.getByRole("heading", { name: "This reset link cannot be used", level: 1 })).toBeVisible()
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.reset)
  await expect(page).toHaveTitle("Link expired · Folio")
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  )

  // Nothing changed: the old password still signs in.
  await page.reload()
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.reset)
  const signIn = await request.post("/api/session", {
    data: { email: person.email, password: person.password },
  })
  expect(signIn.status()).toBe(200)
})

test("an expired invitation says so on /set-password and lets nobody in", async ({
  page,
  request,
  adminApi,
}) => {
  const email = uniqueEmail("lateinvitee")
  const { mail } = await inviteAs(adminApi, { email, name: "Ada Lovelace", role: "analyst" })
  const link = pathOf(linkIn(mail, "/set-password"))
  await expireLinks(request, email, "invite")

  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This invitation cannot be used", level: 1 })).toBeVisible()
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.invite)
  await expect(page).toHaveTitle("Link expired · Folio")
  const token = new URL(link, "http://x").searchParams.get("token")
  const accepted = await request.post("/api/auth/accept-invite", {
    data: { token, password: strongPassword() },
  })
  expect(accepted.status()).toBe(401)
  expect((await accepted.json()).message).toBe(linkUnusableTexts.invite)
})
