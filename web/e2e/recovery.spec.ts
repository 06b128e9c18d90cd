import { linkUnusableTexts } from "@folio/core"
import { expect, test } from "@playwright/test"
import { createPerson, invite, signInAs, strongPassword, uniqueEmail } from "./support/accounts"
import { expireLinks } from "./support/expiry"
import { linkIn, nextMail, pathOf } from "./support/inbox"

test("forgot password → reset from the email → sign in with the new password", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const person = await createPerson(request, "analyst", "resetuser")
  // Another device, signed in with the old password: the reset must end its session.
  const elsewhere = await playwright.request.newContext({ baseURL: baseURL! })
  await signInAs(elsewhere, person)

  await page.goto("/login")
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByRole("link", { name: "Forgot password?" }).click()
  await expect(page).toHaveURL(/\/forgot-password\?email=/)
  await expect(page).toHaveTitle("Forgot password · Folio")
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email)
  await page.getByRole("button", { name: "Email me a reset link" }).click()
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible()
  await expect(page.getByRole("status")).toContainText("If an account exists for that email")

  const link = pathOf(
    linkIn(await nextMail(person.email, /Reset your Folio password/), "/forgot-password/reset"),
  )
  await page.goto(link)
  await page.goto(link) // opening it twice uses nothing
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

  await confirm.fill(password)
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

  // The link is spent.
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This reset link cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("expired or was already used")
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  )
  await elsewhere.dispose()
})

test("a reset link without its token says it is incomplete", async ({ page }) => {
  await page.goto("/forgot-password/reset")
  await expect(page.getByRole("alert")).toContainText("This link is incomplete")
})

test("an invited person sets a password from the email, then signs in", async ({ page, request }) => {
  const email = uniqueEmail("invitee")
  const mail = await invite(request, { email, name: "Grace Hopper", role: "analyst" })
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

  // An accepted invitation cannot be used twice.
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("Ask your administrator for a new one")
})

test("an expired reset link fails with a clear message, on opening and on saving", async ({
  page,
  request,
}) => {
  const person = await createPerson(request, "reader", "resetexpiry")
  expect((await request.post("/api/auth/forgot-password", { data: { email: person.email } })).status()).toBe(
    202,
  )
  const link = pathOf(
    linkIn(await nextMail(person.email, /Reset your Folio password/), "/forgot-password/reset"),
  )
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
  await page.goto(link)
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.reset)
  const signIn = await request.post("/api/session", {
    data: { email: person.email, password: person.password },
  })
  expect(signIn.status()).toBe(200)
})

test("an expired invitation says so on /set-password and lets nobody in", async ({ page, request }) => {
  const email = uniqueEmail("lateinvitee")
  const mail = await invite(request, { email, name: "Ada Lovelace", role: "analyst" })
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
