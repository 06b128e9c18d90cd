import type { Me } from "@folio/core"
import { expect, test } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { createCompany, createTeam, invite, slugOf, unique } from "./support/directory"

test.use({ storageState: adminStorageState })

const emailFor = (name: string) => `${slugOf(name)}@people.example`

test("the directory's filters and search live in the URL", async ({ page }) => {
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
  await expect(page.getByText("Nobody matches these filters")).toBeVisible()
  await page.reload()
  await expect(page.getByLabel("Status")).toHaveValue("disabled")
  await page.getByRole("button", { name: "Clear filters" }).click()
  await expect(page).toHaveURL("/users")
})

test("inviting from the directory limits a client's roles and shows the new person as invited", async ({
  page,
}) => {
  const company = await createCompany(page.request, unique("Invitees Ltd"))
  const name = unique("Ivy Invitee")
  await page.goto("/users")
  await page.getByRole("button", { name: "Invite user" }).click()
  const dialog = page.getByRole("dialog", { name: "Invite user" })
  // Nothing chosen yet: the form says what is missing, next to each field.
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/Enter an email address/)
  await expect(dialog.getByLabel("Email")).toBeFocused()
  await expect(dialog.getByRole("combobox", { name: "Company" })).toHaveAccessibleDescription(
    "Choose a company",
  )

  await dialog.getByLabel("Email").fill(emailFor(name))
  await dialog.getByLabel("Name").fill(name)
  await dialog.getByRole("combobox", { name: "Company" }).fill(company.name)
  await page.getByRole("option", { name: company.name }).click()
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText(["Developer", "Reader"])
  await dialog.getByLabel("Role").selectOption("developer")
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog).toBeHidden()

  await page.goto(`/users?q=${encodeURIComponent(emailFor(name))}`)
  const row = page.getByRole("table", { name: "Users" }).getByRole("row", { name: new RegExp(name) })
  await expect(row).toContainText("Invited")
  await expect(row).toContainText("Developer")

  // The same address twice: the server's 409 is shown on the email field.
  await page.getByRole("button", { name: "Invite user" }).click()
  await dialog.getByLabel("Email").fill(emailFor(name))
  await dialog.getByLabel("Name").fill(name)
  await dialog.getByRole("combobox", { name: "Company" }).fill(company.name)
  await page.getByRole("option", { name: company.name }).click()
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(
    `${emailFor(name)} already has an account.`,
  )
})

test("an admin changes a role and disables and re-enables a person, each after confirming", async ({
  page,
}) => {
  const company = await createCompany(page.request, unique("Roles Inc"))
  const name = unique("Casey Change")
  const user = await invite(page.request, {
    email: emailFor(name),
    name,
    companyId: company.id,
    role: "reader",
  })
  const team = await createTeam(page.request, company.id, "Macro")
  await page.request.post(`/api/teams/${team.id}/members`, {
    data: { userId: user.id, role: "lead" },
    headers: {
      "x-folio-csrf":
        (await page.context().cookies()).find((cookie) => cookie.name === "folio_csrf")?.value ?? "",
    },
  })

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

  await page.getByRole("button", { name: "Disable" }).click()
  const disable = page.getByRole("dialog", { name: `Disable ${name}?` })
  // A destructive confirmation starts on Cancel.
  await expect(disable.getByRole("button", { name: "Cancel" })).toBeFocused()
  await disable.getByRole("button", { name: "Disable" }).click()
  await expect(disable).toBeHidden()
  await expect(profile).toContainText("Disabled")

  // From the directory's row menu, with the keyboard.
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
