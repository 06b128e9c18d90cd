import { linkUnusableTexts } from "@folio/core"
import { expect, test } from "@playwright/test"
import { createPerson, uniqueEmail } from "./support/accounts"
import { expireLinks } from "./support/expiry"
import { codeIn, linkIn, mailTo, nextMail, pathOf } from "./support/inbox"

test("a sign-in link only looks until Continue is pressed, then signs in once", async ({ page, request }) => {
  const person = await createPerson(request, "analyst", "linkuser")

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

  const link = pathOf(linkIn(await nextMail(person.email, /sign-in link/), "/magic-link"))

  // A mail scanner (or the user, twice) opening the link changes nothing.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(link)
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

  // Used: opening it again (signed out, on another day) says so plainly and offers a new one.
  await page.goto("/sign-out")
  await expect(page).toHaveURL("/login")
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "This sign-in link cannot be used" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("expired or was already used")
  await expect(page).toHaveTitle("Link expired · Folio")
  await page.getByRole("link", { name: "Email me a new sign-in link" }).click()
  await expect(page).toHaveURL("/login?method=link")
  await expect(page.getByRole("heading", { name: "Email me a sign-in link", level: 1 })).toBeVisible()
})

test("a sign-in link that expired while open fails on Continue with a clear message, and so does its code", async ({
  page,
  request,
}) => {
  const person = await createPerson(request, "analyst", "linkexpiry")
  expect((await request.post("/api/auth/magic-link", { data: { email: person.email } })).status()).toBe(202)
  const mail = await nextMail(person.email, /sign-in link/)
  const link = pathOf(linkIn(mail, "/magic-link"))

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
  await page.goto(link)
  await expect(page.getByRole("alert")).toHaveText(linkUnusableTexts.magic_link)
  await expect(page.getByRole("link", { name: "Email me a new sign-in link" })).toBeVisible()

  // The 6-digit code of that email expired with it.
  await page.goto("/magic-link")
  await page.getByLabel("Email", { exact: true }).fill(person.email)
  await page.getByLabel("6-digit code").fill(codeIn(mail))
  await page.getByRole("button", { name: "Sign in with code" }).click()
  await expect(page.getByRole("alert")).toContainText("not right, or it is no longer valid")
  expect((await page.request.get("/api/session")).status()).toBe(401)
})

test("Continue goes to the same-origin page named in ?redirect, and ignores others", async ({
  page,
  request,
}) => {
  const person = await createPerson(request, "analyst", "linkredirect")
  await request.post("/api/auth/magic-link", { data: { email: person.email } })
  const link = pathOf(linkIn(await nextMail(person.email, /sign-in link/), "/magic-link"))

  await page.goto(`${link}&redirect=${encodeURIComponent("//example.com/steal")}`)
  await page.getByRole("button", { name: `Continue as ${person.email}` }).click()
  await expect(page).toHaveURL("/dashboard")
})

test("the 6-digit code from the email works once on /magic-link", async ({ page, request }) => {
  const person = await createPerson(request, "reader", "codeuser")
  const answer = await request.post("/api/auth/magic-link", { data: { email: person.email } })
  expect(answer.status()).toBe(202)
  const code = codeIn(await nextMail(person.email, /sign-in link/))

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

  await page.goto("/sign-out")
  await expect(page).toHaveURL("/login")
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
