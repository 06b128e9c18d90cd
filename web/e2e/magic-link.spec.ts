import { linkUnusableTexts } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { addPerson, uniqueEmail } from "./support/accounts"
import { expireLinks } from "./support/expiry"
import { expect, test } from "./support/fixtures"
import { codeIn, linkIn, type Mail, mailTo, nextMail, pathOf } from "./support/inbox"

/** Asks for a sign-in link through the API (what the form does) and answers its mail. */
const requestLink = async (request: APIRequestContext, email: string): Promise<Mail> => {
  const seen = mailTo(email).length
  const answer = await request.post("/api/auth/magic-link", { data: { email } })
  expect(answer.status(), await answer.text()).toBe(202)
  return nextMail(email, /sign-in link/, seen)
}

test("asking for a sign-in link on /login says to check the email, with the code field ready", async ({
  page,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "linkask" })
  await page.goto("/login")
  await page.getByRole("button", { name: "Email me a sign-in link" }).click()
  await expect(page.getByRole("heading", { name: "Email me a sign-in link", level: 1 })).toBeVisible()
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused()
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByRole("button", { name: "Send the link" }).click()

  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible()
  await expect(page).toHaveTitle("Check your email · Folio")
  await expect(page.getByRole("status")).toContainText("If an account exists for that email")
  await expect(page.getByLabel("6-digit code")).toBeFocused()
  await nextMail(person.email, /sign-in link/)
})

test("a sign-in link only looks until Continue is pressed, then signs in", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "linkuser" })
  const link = pathOf(linkIn(await requestLink(request, person.email), "/magic-link"))

  // A mail scanner (or the user, twice) opening the link changes nothing.
  await page.goto(link)
  for (let visit = 0; visit < 2; visit++) {
    if (visit > 0) await page.reload()
    await expect(page.getByRole("heading", { name: "Sign in to Folio", level: 1 })).toBeVisible()
    await expect(page.getByText(person.name, { exact: true })).toBeVisible()
    await expect(page.getByRole("button", { name: `Continue as ${person.email}` })).toBeVisible()
    expect((await page.request.get("/api/session")).status()).toBe(401)
  }

  await page.getByRole("button", { name: `Continue as ${person.email}` }).click()
  await expect(page).toHaveURL("/dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  const me = await (await page.request.get("/api/session")).json()
  expect(me.user.email).toBe(person.email)
})

test("a sign-in link that was used says so plainly and offers a new one", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "linkused" })
  const link = linkIn(await requestLink(request, person.email), "/magic-link")
  const used = await request.post("/api/auth/magic-link/consume", {
    data: { token: new URL(link).searchParams.get("token") },
  })
  expect(used.status(), await used.text()).toBe(200)

  await page.goto(pathOf(link))
  await expect(page.getByRole("heading", { name: "This sign-in link cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("expired or was already used")
  await expect(page).toHaveTitle("Link expired · Folio")
  await page.getByRole("link", { name: "Email me a new sign-in link" }).click()
  await expect(page).toHaveURL("/login?method=link")
  await expect(page.getByRole("heading", { name: "Email me a sign-in link", level: 1 })).toBeVisible()
})

test("a sign-in link that expired while open fails on Continue with a clear message, and again when reopened", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "linkexpiry" })
  const link = pathOf(linkIn(await requestLink(request, person.email), "/magic-link"))

  await page.goto(link)
  const continueButton = page.getByRole("button", { name: `Continue as ${person.email}` })
  await expect(continueButton).toBeVisible()

  // The 15 minutes run out while the page is open (the e2e server's test hook moves the expiry back).
  await expireLinks(request, person.email, "magic_link")
  await continueButton.click()
  await expect(
    page.getByRole("heading", { name: "This sign-in link cannot be used", level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.magic_link)
  await expect(page).toHaveTitle("Link expired · Folio")
  expect((await page.request.get("/api/session")).status()).toBe(401)

  // Opened again later, it says the same before anyone presses anything, and offers a new link.
  await page.reload()
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.magic_link)
  await expect(page.getByRole("link", { name: "Email me a new sign-in link" })).toBeVisible()
})

test("the 6-digit code of an expired sign-in link is refused", async ({ page, request, adminApi }) => {
  const person = await addPerson(adminApi, "analyst", { label: "codeexpiry" })
  const code = codeIn(await requestLink(request, person.email))
  await expireLinks(request, person.email, "magic_link")

  await page.goto("/magic-link")
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByLabel("6-digit code").fill(code)
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(page.getByRole("alert")).toContainText("not right, or it is no longer valid")
  expect((await page.request.get("/api/session")).status()).toBe(401)
})

test("Continue goes to the same-origin page named in ?redirect, and ignores others", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "analyst", { label: "linkredirect" })
  const link = pathOf(linkIn(await requestLink(request, person.email), "/magic-link"))

  await page.goto(`${link}&redirect=${encodeURIComponent("//example.com/steal")}`)
  await page.getByRole("button", { name: `Continue as ${person.email}` }).click()
  await expect(page).toHaveURL("/dashboard")
})

test("the 6-digit code from the email is checked, then signs in on /magic-link", async ({
  page,
  request,
  adminApi,
}) => {
  const person = await addPerson(adminApi, "reader", { label: "codeuser" })
  const code = codeIn(await requestLink(request, person.email))

  await page.goto("/magic-link")
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible()
  await expect(page).toHaveTitle("Check your email · Folio")
  const email = page.getByLabel("Email", { exact: true })
  const codeField = page.getByLabel("6-digit code")

  // Asked of core's schema first: no request for a code that cannot be right.
  await email.fill(person.email)
  await codeField.fill("12")
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(codeField).toHaveAccessibleDescription(/Enter the 6-digit code from the email/)

  const wrong = code === "000000" ? "111111" : "000000"
  await codeField.fill(wrong)
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(page.getByRole("alert")).toContainText("That code is not right")

  await codeField.fill(code)
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(page).toHaveURL("/dashboard")
})

test("a 6-digit code works once", async ({ page, request, adminApi }) => {
  const person = await addPerson(adminApi, "reader", { label: "codeonce" })
  const code = codeIn(await requestLink(request, person.email))
  const used = await request.post("/api/auth/magic-link/consume", { data: { email: person.email, code } })
  expect(used.status(), await used.text()).toBe(200)

  await page.goto("/magic-link")
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByLabel("6-digit code").fill(code)
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(page.getByRole("alert")).toContainText("not right, or it is no longer valid")
  await expect(page).toHaveURL("/magic-link")
})

test("too many link requests show the server's wait, never a fake success", async ({ page, request }) => {
  // Unknown addresses are limited like known ones (no account enumeration through the limit).
  const email = uniqueEmail("linklimit")
  for (let attempt = 0; attempt < 3; attempt++) {
    expect((await request.post("/api/auth/magic-link", { data: { email } })).status()).toBe(202)
  }
  await page.goto("/login?method=link")
  await page.getByLabel("Email", { exact: true }).fill(email)
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/magic-link"))
  await page.getByRole("button", { name: "Send the link" }).click()
  expect((await answered).status()).toBe(429)

  await expect(page.getByRole("alert")).toContainText(
    /Too many attempts to request a sign-in link\. Try again in \d+ (seconds|minutes)\./,
  )
  await expect(page.getByRole("button", { name: /Try again in \d+/ })).toBeDisabled()
  await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0)
  expect(mailTo(email)).toEqual([])
})
