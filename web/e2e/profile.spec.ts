import { addPerson, signInAs, strongPassword } from "./support/accounts"
import { sharedPerson, storageStateOf } from "./support/admin"
import { openFromSidebar } from "./support/console"
import { expect, test } from "./support/fixtures"

test("my name and time zone are checked, saved, shown in the account menu and kept", async ({
  page,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "reader", { label: "profile" })
  await signInAs(page.request, person)
  await page.goto("/profile")
  await expect(page).toHaveTitle("Profile · Folio")
  const details = page.getByRole("region", { name: "Your details" })
  await expect(details.getByLabel("Email")).toHaveValue(person.email)
  await expect(details.getByRole("button", { name: "Save details" })).toBeDisabled()

  await details.getByLabel("Name").fill("")
  await details.getByRole("button", { name: "Save details" }).click()
  await expect(details.getByLabel("Name")).toHaveAccessibleDescription(/Name is required/)

  await details.getByLabel("Name").fill("Ada Lovelace")
  await details.getByRole("combobox", { name: "Time zone" }).fill("Tokyo")
  await page.getByRole("option", { name: "Asia/Tokyo" }).click()
  await details.getByRole("button", { name: "Save details" }).click()
  await expect(details.getByRole("status")).toHaveText("Saved")
  await expect(page.getByRole("button", { name: "Account menu for Ada Lovelace" })).toBeVisible()

  // Kept by the server, not only by this page.
  await page.reload()
  await expect(details.getByLabel("Name")).toHaveValue("Ada Lovelace")
  await expect(details.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo")
})

test.describe("as a publisher's analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("the sidebar's Profile link opens my profile", async ({ page }) => {
    await page.goto("/dashboard")
    await openFromSidebar(page, "Profile")
    await expect(page).toHaveURL("/profile")
    await expect(page).toHaveTitle("Profile · Folio")
    await expect(page.getByRole("region", { name: "Your details" }).getByLabel("Email")).toHaveValue(
      sharedPerson("analyst").email,
    )
  })
})

test("the weekly digest switch is saved", async ({ page, adminApi }) => {
  const person = await addPerson(adminApi, "reader", { label: "digest" })
  await signInAs(page.request, person)
  await page.goto("/profile")
  const notifications = page.getByRole("region", { name: "Email notifications" })
  const digest = notifications.getByRole("switch", { name: "Weekly digest" })
  await expect(digest).not.toBeChecked()
  // The switch shows the saved state, so it turns on once the server has answered: click, then wait
  // for that (`check()` wants the state changed the moment the click ends, which a slow answer is not).
  await digest.click()
  await expect(digest).toBeChecked()
  await expect(digest).toBeEnabled()

  await page.reload()
  await expect(notifications.getByRole("switch", { name: "Weekly digest" })).toBeChecked()
})

test("sessions: the current one is marked, and the others are signed out after confirming", async ({
  page,
  adminApi,
  playwright,
  baseURL,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "sessions" })
  const laptop = await playwright.request.newContext({ baseURL: baseURL! })
  await signInAs(laptop, person)
  await signInAs(page.request, person)
  await page.goto("/profile")

  const sessions = page.getByRole("list", { name: "Sessions" })
  await expect(sessions.getByRole("listitem")).toHaveCount(2)
  await expect(sessions.getByText("This device")).toHaveCount(1)
  await expect(sessions.getByRole("listitem").first()).toContainText("This device")

  await page.getByRole("button", { name: "Sign out everywhere else" }).click()
  const confirm = page.getByRole("dialog", { name: "Sign out everywhere else?" })
  await expect(confirm).toContainText("1 other session will be signed out")
  await confirm.getByRole("button", { name: "Sign out others" }).click()
  await expect(confirm).toBeHidden()
  await expect(sessions.getByRole("listitem")).toHaveCount(1)
  await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible()
  expect((await laptop.get("/api/session")).status()).toBe(401)
  await laptop.dispose()
})

test("a new password is checked in the form, then by the server against the current one", async ({
  page,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "pwcheck" })
  await signInAs(page.request, person)
  await page.goto("/profile")
  const password = page.getByRole("region", { name: "Password", exact: true })
  const next = strongPassword()
  await password.getByLabel("Current password").fill("not-my-password")
  await password.getByLabel("New password", { exact: true }).fill(next)
  await password.getByLabel("Confirm new password").fill(`${next}!`)
  await password.getByRole("button", { name: "Change password" }).click()
  await expect(password.getByLabel("Confirm new password")).toHaveAccessibleDescription(/do not match/)

  await password.getByLabel("Confirm new password").fill(next)
  await password.getByRole("button", { name: "Change password" }).click()
  await expect(password.getByRole("alert")).toBeVisible()
})

test("a new password signs out the other sessions and keeps this one", async ({
  page,
  adminApi,
  playwright,
  baseURL,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "pwchange" })
  const laptop = await playwright.request.newContext({ baseURL: baseURL! })
  await signInAs(laptop, person)
  await signInAs(page.request, person)
  await page.goto("/profile")
  const password = page.getByRole("region", { name: "Password", exact: true })
  const next = strongPassword()
  await password.getByLabel("Current password").fill(person.password)
  await password.getByLabel("New password", { exact: true }).fill(next)
  await password.getByLabel("Confirm new password").fill(next)
  await password.getByRole("button", { name: "Change password" }).click()
  await expect(password.getByRole("status")).toContainText("Password changed. Signed out 1 other session.")
  expect((await laptop.get("/api/session")).status()).toBe(401)
  expect((await page.request.get("/api/session")).status()).toBe(200)
  await signInAs(laptop, { ...person, password: next })
  await laptop.dispose()
})
