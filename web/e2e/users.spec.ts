import type { Me } from "@folio/core"
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test"
import { addPerson, signInAs } from "./support/accounts"
import { admin, adminStorageState, storageStateOf } from "./support/admin"
import {
  addTeamMember,
  createCompany,
  createTeam,
  invite,
  setUserStatus,
  slugOf,
  unique,
} from "./support/directory"
import { expect, test } from "./support/fixtures"

test.use({ storageState: adminStorageState })

const emailFor = (name: string) => `${slugOf(name)}@people.example`

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"

test("the directory's company, role, search and status filters narrow it and go into the URL", async ({
  page,
}) => {
  const company = await createCompany(page.request, unique("Directory Co"))
  const reader = unique("Dora Reader")
  const developer = unique("Dev Developer")
  await invite(page.request, { email: emailFor(reader), name: reader, companyId: company.id, role: "reader" })
  await invite(page.request, {
    email: emailFor(developer),
    name: developer,
    companyId: company.id,
    role: "developer",
  })

  await page.goto(`/users?companyId=${company.id}`)
  await expect(page).toHaveTitle("Users · Folio")
  const table = page.getByRole("table", { name: "Users" })
  await expect(page.getByRole("combobox", { name: "Company" })).toHaveValue(company.name)
  await expect(table.getByRole("row")).toHaveCount(3)

  await page.getByLabel("Role").selectOption("developer")
  await expect(page).toHaveURL(/role=developer/)
  await expect(table.getByRole("row")).toHaveCount(2)
  await expect(table.getByRole("row").nth(1)).toContainText(developer)

  await page.getByLabel("Role").selectOption("")
  await page.getByRole("searchbox", { name: "Search" }).fill(slugOf(reader))
  await expect(page).toHaveURL(/q=dora-reader/)
  await expect(table.getByRole("row")).toHaveCount(2)
  await expect(table.getByRole("row").nth(1)).toContainText(reader)

  await page.getByLabel("Status").selectOption("disabled")
  await expect(page).toHaveURL(/status=disabled/)
  await expect(page.getByText("Nobody matches these filters")).toBeVisible()
})

test("filters come back from the URL, and Clear filters empties them", async ({ page }) => {
  await page.goto(`/users?q=${encodeURIComponent("nobody-at-all")}&status=disabled`)
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("nobody-at-all")
  await expect(page.getByLabel("Status")).toHaveValue("disabled")
  await expect(page.getByText("Nobody matches these filters")).toBeVisible()
  await page.getByRole("button", { name: "Clear filters" }).click()
  await expect(page).toHaveURL("/users")
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("")
})

test("the invite dialog says what is missing next to each field", async ({ page }) => {
  await page.goto("/users")
  await page.getByRole("button", { name: "Invite user" }).click()
  const dialog = page.getByRole("dialog", { name: "Invite user" })
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/Enter an email address/)
  await expect(dialog.getByLabel("Email")).toBeFocused()
  await expect(dialog.getByRole("combobox", { name: "Company" })).toHaveAccessibleDescription(
    "Choose a company",
  )
})

test("inviting from the directory limits a client's roles and shows the new person as invited", async ({
  page,
}) => {
  const company = await createCompany(page.request, unique("Invitees Ltd"))
  const name = unique("Ivy Invitee")
  await page.goto("/users")
  await page.getByRole("button", { name: "Invite user" }).click()
  const dialog = page.getByRole("dialog", { name: "Invite user" })
  await dialog.getByLabel("Email").fill(emailFor(name))
  await dialog.getByLabel("Name").fill(name)
  await dialog.getByRole("combobox", { name: "Company" }).fill(company.name)
  await page.getByRole("option", { name: company.name }).click()
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText(["Developer", "Reader"])
  await dialog.getByLabel("Role").selectOption("developer")
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole("searchbox", { name: "Search" }).fill(emailFor(name))
  const row = page
    .getByRole("table", { name: "Users" })
    .getByRole("row")
    .filter({ hasText: emailFor(name) })
  await expect(row).toContainText(name)
  await expect(row).toContainText("Invited")
  await expect(row).toContainText("Developer")
})

test("inviting an address that already has an account shows the server's answer on the email field", async ({
  page,
}) => {
  const company = await createCompany(page.request, unique("Twice Ltd"))
  const name = unique("Ivy Again")
  await invite(page.request, { email: emailFor(name), name, companyId: company.id, role: "reader" })
  await page.goto("/users")
  await page.getByRole("button", { name: "Invite user" }).click()
  const dialog = page.getByRole("dialog", { name: "Invite user" })
  await dialog.getByLabel("Email").fill(emailFor(name))
  await dialog.getByLabel("Name").fill(name)
  await dialog.getByRole("combobox", { name: "Company" }).fill(company.name)
  await page.getByRole("option", { name: company.name }).click()
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(
    `${emailFor(name)} already has an account.`,
  )
})

/** A reader invited into a new client company, lead of its team "Macro". */
const invitedLead = async (request: APIRequestContext) => {
  const company = await createCompany(request, unique("Roles Inc"))
  const name = unique("Casey Change")
  const user = await invite(request, { email: emailFor(name), name, companyId: company.id, role: "reader" })
  const team = await createTeam(request, company.id, "Macro")
  await addTeamMember(request, team.id, user.id, "lead")
  return { company, name, user }
}

test("a person's page shows their role, status, company and teams; the role changes after confirming", async ({
  page,
}) => {
  const { company, name, user } = await invitedLead(page.request)
  await page.goto(`/users/${user.id}`)
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`${name} · Users · Folio`)
  const profile = page.getByRole("region", { name: "Profile" })
  await expect(profile).toContainText("Reader")
  await expect(profile).toContainText("Invited")
  await expect(profile).toContainText(company.name)
  await expect(profile).toContainText("Never")
  const teams = page.getByRole("region", { name: "Teams" })
  await expect(teams.getByRole("link", { name: "Macro" })).toBeVisible()
  await expect(teams).toContainText("Lead")

  await page.getByRole("button", { name: "Change role" }).click()
  const roleDialog = page.getByRole("dialog", { name: `Change the role of ${name}` })
  await expect(roleDialog.getByLabel("Role").locator("option")).toHaveText(["Developer", "Reader"])
  await roleDialog.getByLabel("Role").selectOption("developer")
  await roleDialog.getByRole("button", { name: "Change role" }).click()
  await expect(roleDialog).toBeHidden()
  await expect(profile).toContainText("Developer")
})

test("disabling a person from their page asks first, starting on Cancel", async ({ page }) => {
  const company = await createCompany(page.request, unique("Disable Inc"))
  const name = unique("Dana Disable")
  const user = await invite(page.request, {
    email: emailFor(name),
    name,
    companyId: company.id,
    role: "reader",
  })
  await page.goto(`/users/${user.id}`)
  const profile = page.getByRole("region", { name: "Profile" })
  await expect(profile).toContainText("Invited")
  await page.getByRole("button", { name: "Disable" }).click()
  const disable = page.getByRole("dialog", { name: `Disable ${name}?` })
  // A destructive confirmation starts on Cancel.
  await expect(disable.getByRole("button", { name: "Cancel" })).toBeFocused()
  await disable.getByRole("button", { name: "Disable" }).click()
  await expect(disable).toBeHidden()
  await expect(profile).toContainText("Disabled")
})

test("re-enabling a person from the directory's row menu takes the keyboard alone", async ({ page }) => {
  const company = await createCompany(page.request, unique("Enable Inc"))
  const name = unique("Erin Enable")
  const user = await invite(page.request, {
    email: emailFor(name),
    name,
    companyId: company.id,
    role: "reader",
  })
  await setUserStatus(page.request, user.id, "disabled")
  await page.goto(`/users?q=${encodeURIComponent(emailFor(name))}`)
  const row = page.getByRole("table", { name: "Users" }).getByRole("row", { name: new RegExp(name) })
  await expect(row).toContainText("Disabled")
  await row.getByRole("button", { name: `Actions for ${name}` }).focus()
  await page.keyboard.press("Enter")
  await page.getByRole("menuitem", { name: "Enable…" }).click()
  const enable = page.getByRole("dialog", { name: `Enable ${name}?` })
  await expect(enable.getByRole("button", { name: "Enable" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(enable).toBeHidden()
  await expect(row).toContainText("Active")
})

test("the server's refusal to demote the last active admin is shown in the dialog", async ({ page }) => {
  const me: Me = await (await page.request.get("/api/session")).json()
  await page.goto(`/users/${me.user.id}`)
  await expect(page.getByRole("region", { name: "Profile (you)" })).toBeVisible()
  await page.getByRole("button", { name: "Change role" }).click()
  const dialog = page.getByRole("dialog", { name: `Change the role of ${me.user.name}` })
  await dialog.getByLabel("Role").selectOption("editor")
  await dialog.getByRole("button", { name: "Change role" }).click()
  await expect(dialog.getByRole("alert")).toContainText(
    "You are the last active admin, so you cannot demote yourself. Make someone else an admin first.",
  )
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  await expect(page.getByRole("region", { name: "Profile (you)" })).toContainText("Admin")
})

/**
 * A new analyst signed in three times: a browser (`request`), Firefox on a laptop, and the CLI.
 * Contexts of their own, without the shared admin session: a sign-in on it would end that session.
 */
const personSignedInThrice = async (
  adminApi: APIRequestContext,
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
) => {
  const newContext = (userAgent?: string) =>
    playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      ...(userAgent ? { userAgent } : {}),
    })
  const person = await addPerson(adminApi, "analyst", { label: "sessions" })
  const request = await newContext()
  await signInAs(request, person)
  const laptop = await newContext(firefoxOnWindows)
  await signInAs(laptop, person)
  const cli = await newContext()
  const cliSignIn = await cli.post("/api/session", {
    data: { email: person.email, password: person.password, client: "cli" },
  })
  expect(cliSignIn.status()).toBe(200)
  const { token } = await cliSignIn.json()
  const cliCall = () => cli.get("/api/session", { headers: { authorization: `Bearer ${token}` } })
  const dispose = () => Promise.all([request.dispose(), laptop.dispose(), cli.dispose()])
  return { person, request, laptop, cliCall, dispose }
}

test("an admin sees a person's sessions and recent activity; older events come with Load more", async ({
  page,
  adminApi,
  playwright,
  baseURL,
}) => {
  const { person, request, dispose } = await personSignedInThrice(adminApi, playwright, baseURL!)
  // More sign-ins than one page of activity holds, so the oldest events need "Load more". Each
  // browser sign-in replaces that browser's previous session: this adds no session.
  for (let i = 0; i < 7; i++) await signInAs(request, person)

  await page.goto(`/users/${person.id}`)
  const list = page.getByRole("region", { name: "Sessions" }).getByRole("list", { name: "Sessions" })
  await expect(list.getByRole("listitem")).toHaveCount(3)
  await expect(list.getByRole("listitem", { name: "Firefox on Windows" })).toContainText("127.0.0.1")
  await expect(list.getByRole("listitem", { name: "Folio CLI" })).toContainText(
    /Signed in .* Active just now/,
  )

  const activity = page.getByRole("region", { name: "Recent activity" })
  const events = activity.getByRole("list", { name: "Activity" }).getByRole("listitem")
  await expect(events).toHaveCount(10)
  await expect(events.first()).toHaveAccessibleName(`${person.name} signed in with a password`)
  await expect(
    activity.getByRole("listitem", { name: `${person.name} signed in with a password to the CLI` }),
  ).toBeVisible()
  // The invitation is older than the first page: it comes with the next one.
  const invited = `${admin.email} invited ${person.name} as Analyst`
  await expect(activity.getByRole("listitem", { name: invited })).toHaveCount(0)
  await activity.getByRole("button", { name: "Load more" }).click()
  await expect(activity.getByRole("listitem", { name: invited })).toBeVisible()
  await expect(
    activity.getByRole("listitem", { name: invited }).getByRole("link", { name: admin.email }),
  ).toHaveAttribute("href", /\/users\//)
  await expect(
    activity.getByRole("listitem", { name: `${person.name} accepted the invitation and set a password` }),
  ).toBeVisible()
  await expect(activity.getByRole("button", { name: "Load more" })).toHaveCount(0)
  await dispose()
})

test("an admin signs a person out of one session, then everywhere after confirming", async ({
  page,
  adminApi,
  playwright,
  baseURL,
}) => {
  const { person, laptop, cliCall, dispose } = await personSignedInThrice(adminApi, playwright, baseURL!)
  await page.goto(`/users/${person.id}`)
  const sessions = page.getByRole("region", { name: "Sessions" })
  const list = sessions.getByRole("list", { name: "Sessions" })
  await expect(list.getByRole("listitem")).toHaveCount(3)
  const events = page
    .getByRole("region", { name: "Recent activity" })
    .getByRole("list", { name: "Activity" })
    .getByRole("listitem")

  // One session: the CLI login ends, the laptop stays signed in.
  await list
    .getByRole("listitem", { name: "Folio CLI" })
    .getByRole("button", { name: /^Sign out Folio CLI/ })
    .click()
  await expect(list.getByRole("listitem")).toHaveCount(2)
  await expect(list.getByRole("listitem", { name: "Folio CLI" })).toHaveCount(0)
  expect((await cliCall()).status()).toBe(401)
  expect((await laptop.get("/api/session")).status()).toBe(200)
  await expect(events.first()).toHaveAccessibleName(`${admin.email} signed out a session of ${person.name}`)

  // Everywhere, after confirming.
  await sessions.getByRole("button", { name: "Sign out everywhere" }).click()
  const confirm = page.getByRole("dialog", { name: `Sign out ${person.name} everywhere?` })
  await expect(confirm).toContainText("2 sessions")
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused()
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click()
  await expect(confirm).toBeHidden()
  await expect(sessions).toContainText(`${person.name} is not signed in anywhere.`)
  await expect(sessions.getByRole("button", { name: "Sign out everywhere" })).toHaveCount(0)
  expect((await laptop.get("/api/session")).status()).toBe(401)
  await expect(events.first()).toHaveAccessibleName(
    `${admin.email} signed out ${person.name} everywhere (2 sessions)`,
  )
  await dispose()
})

test("a section that fails to load says so in place, and Try again recovers it", async ({ page }) => {
  const me: Me = await (await page.request.get("/api/session")).json()
  // The activity request dies inside the real server (its test fault hook), once per request while routed.
  const audit = "**/api/audit?**"
  await page.route(audit, (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-folio-test-fault": "500" } }),
  )
  await page.goto(`/users/${me.user.id}`)
  const activity = page.getByRole("region", { name: "Recent activity" })
  await expect(activity.getByRole("alert")).toContainText("Could not load this")
  // The rest of the screen is unaffected: the admin's own sessions, this one marked.
  const sessions = page.getByRole("region", { name: "Sessions" })
  await expect(sessions.getByRole("listitem", { name: /\(this device\)$/ })).toBeVisible()

  await page.unroute(audit)
  await activity.getByRole("button", { name: "Try again" }).click()
  await expect(activity.getByRole("alert")).toHaveCount(0)
  await expect(activity.getByRole("list", { name: "Activity" }).getByRole("listitem").first()).toBeVisible()
})

test.describe("as a publisher's editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("people who are not admins see a person's profile and teams, not their sessions or activity", async ({
    page,
    adminApi,
  }) => {
    const me: Me = await (await adminApi.get("/api/session")).json()
    await page.goto(`/users/${me.user.id}`)
    await expect(page.getByRole("region", { name: "Profile" })).toContainText("Admin")
    await expect(page.getByRole("region", { name: "Teams" })).toBeVisible()
    await expect(page.getByRole("region", { name: "Sessions" })).toHaveCount(0)
    await expect(page.getByRole("region", { name: "Recent activity" })).toHaveCount(0)
    await expect(page.getByRole("main").getByRole("button", { name: /Sign out/ })).toHaveCount(0)
    const viewer: Me = await (await page.request.get("/api/session")).json()
    expect(viewer.user.role).toBe("editor")
  })
})

test("a person who does not exist shows the not-found screen", async ({ page }) => {
  await page.goto("/users/00000000-0000-4000-8000-000000000000")
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test("the directory's table scrolls inside its card, not the page", async ({ page }) => {
    await page.goto("/users")
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
