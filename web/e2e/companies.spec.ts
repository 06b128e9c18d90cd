import type { CompanyPage } from "@folio/core"
import { adminStorageState, sharedPerson, storageStateOf } from "./support/admin"
import { openFromSidebar } from "./support/console"
import { createCompany, createTeam, invite, slugOf, unique } from "./support/directory"
import { expect, test } from "./support/fixtures"

test.describe("as the admin", () => {
  test.use({ storageState: adminStorageState })

  test("creates a client company from the dialog; the slug follows the name and the page shows the details", async ({
    page,
  }) => {
    const name = unique("Acme Capital")
    await page.goto("/companies")
    await expect(page).toHaveTitle("Companies · Folio")
    await page.getByRole("button", { name: "New company" }).click()
    const create = page.getByRole("dialog", { name: "New company" })
    await create.getByLabel("Name").fill(name)
    // The slug follows the name until it is typed by hand.
    await expect(create.getByLabel("Slug")).toHaveValue(slugOf(name))
    await create.getByRole("button", { name: "Create company" }).click()

    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/)
    await expect(page).toHaveTitle(`${name} · Companies · Folio`)
    const details = page.getByRole("region", { name: "Details" })
    await expect(details).toContainText(slugOf(name))
    await expect(details).toContainText("Client")
    await expect(details).toContainText("All sectors")
  })

  test("creates a team from the company's page, and the breadcrumb leads back to it", async ({ page }) => {
    const company = await createCompany(page.request, unique("Team Capital"))
    await page.goto(`/companies/${company.id}`)
    const teams = page.getByRole("region", { name: "Teams" })
    await expect(teams).toContainText("No teams yet")
    await teams.getByRole("button", { name: "New team" }).click()
    const newTeam = page.getByRole("dialog", { name: `New team in ${company.name}` })
    await newTeam.getByLabel("Name").fill("Equities desk")
    await newTeam.getByLabel("Description").fill("Long-only equities")
    await newTeam.getByRole("button", { name: "Create team" }).click()
    await expect(page.getByRole("heading", { name: "Equities desk", level: 1 })).toBeVisible()
    await expect(page.getByRole("region", { name: "Members" })).toContainText("No members yet")

    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: company.name })
      .click()
    await expect(page).toHaveURL(`/companies/${company.id}`)
    await expect(
      page.getByRole("region", { name: "Teams" }).getByRole("link", { name: "Equities desk" }),
    ).toBeVisible()
  })

  test("invites a reader from the company's page with the company filled in; the directory lists them as invited", async ({
    page,
  }) => {
    const company = await createCompany(page.request, unique("Invite Capital"))
    await page.goto(`/companies/${company.id}`)
    const email = `${slugOf(unique("reader"))}@acme.example`
    await page.getByRole("region", { name: "People" }).getByRole("button", { name: "Invite user" }).click()
    const inviteDialog = page.getByRole("dialog", { name: `Invite someone to ${company.name}` })
    await expect(inviteDialog.getByLabel("Company")).toHaveValue(company.name)
    // A client's people can only be readers or developers.
    await expect(inviteDialog.getByLabel("Role").locator("option")).toHaveText(["Developer", "Reader"])
    await inviteDialog.getByLabel("Email").fill(email)
    await inviteDialog.getByLabel("Name").fill("Rita Reader")
    await inviteDialog.getByLabel("Role").selectOption("reader")
    await inviteDialog.getByRole("button", { name: "Send invitation" }).click()
    await expect(inviteDialog).toBeHidden()
    const people = page.getByRole("region", { name: "People" })
    await expect(people.getByRole("row", { name: /Rita Reader/ })).toContainText("Invited")

    // The invitation is in the directory as "invited".
    await openFromSidebar(page, "Users")
    await page.getByRole("searchbox", { name: "Search" }).fill(email)
    const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email })
    await expect(row).toContainText("Rita Reader")
    await expect(row).toContainText("Invited")
    await expect(row).toContainText("Reader")
    await expect(row).toContainText(company.name)
  })

  test("a person of the company joins a team as its lead, becomes a member, then leaves after a confirmation", async ({
    page,
  }) => {
    const company = await createCompany(page.request, unique("Desk Capital"))
    const team = await createTeam(page.request, company.id, "Equities desk")
    const email = `${slugOf(unique("reader"))}@acme.example`
    await invite(page.request, { email, name: "Rita Reader", companyId: company.id, role: "reader" })
    await page.goto(`/companies/${company.id}/teams/${team.id}`)

    const members = page.getByRole("region", { name: "Members" })
    await members.getByRole("button", { name: "Add member" }).click()
    const add = page.getByRole("dialog", { name: "Add a member to Equities desk" })
    await add.getByRole("combobox", { name: "Person" }).fill("Rita")
    await page.getByRole("option", { name: `Rita Reader (${email})` }).click()
    await add.getByLabel("Team role").selectOption("lead")
    await add.getByRole("button", { name: "Add to team" }).click()
    await expect(add).toBeHidden()
    const member = members.getByRole("row", { name: /Rita Reader/ })
    await expect(member).toContainText("Lead")
    await expect(members).toContainText("1 member")

    await member.getByRole("button", { name: "Actions for Rita Reader" }).click()
    await page.getByRole("menuitem", { name: "Make member" }).click()
    await expect(member).toContainText("Member")
    await member.getByRole("button", { name: "Actions for Rita Reader" }).click()
    await page.getByRole("menuitem", { name: "Remove from team…" }).click()
    const confirm = page.getByRole("dialog", { name: "Remove Rita Reader?" })
    await confirm.getByRole("button", { name: "Remove" }).click()
    await expect(confirm).toBeHidden()
    await expect(members.getByRole("row", { name: /Rita Reader/ })).toHaveCount(0)
    await expect(members).toContainText("No members yet")
  })

  test("a slug that is taken is explained on the slug field with the server's words", async ({ page }) => {
    const taken = await createCompany(page.request)
    await page.goto("/companies")
    await page.getByRole("button", { name: "New company" }).click()
    const dialog = page.getByRole("dialog", { name: "New company" })
    await dialog.getByLabel("Name").fill(unique("Another"))
    await dialog.getByLabel("Slug").fill(taken.slug)
    await dialog.getByRole("button", { name: "Create company" }).click()

    const slug = dialog.getByLabel("Slug")
    await expect(slug).toHaveAccessibleDescription(
      new RegExp(`The slug "${taken.slug}" is already used by another company\\.`),
    )
    await expect(slug).toHaveAttribute("aria-invalid", "true")
    await expect(slug).toBeFocused()
    await expect(dialog).toBeVisible()
  })

  test("the company form explains invalid input next to its field without asking the server", async ({
    page,
  }) => {
    const creates: string[] = []
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/companies")) creates.push(request.url())
    })
    await page.goto("/companies")
    await page.getByRole("button", { name: "New company" }).click()
    const dialog = page.getByRole("dialog", { name: "New company" })
    await dialog.getByLabel("Slug").fill("Not A Slug")
    await dialog.getByLabel("Domain").fill("https://example.com/path")
    await dialog.getByRole("button", { name: "Create company" }).click()

    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Company name is required")
    await expect(dialog.getByLabel("Name")).toBeFocused()
    await expect(dialog.getByLabel("Slug")).toHaveAccessibleDescription(/may contain only lower-case letters/)
    await expect(dialog.getByLabel("Domain")).toHaveAccessibleDescription(/Enter a domain like example\.com/)
    expect(creates).toEqual([])
  })

  test("the keyboard alone opens, fills, cancels and submits the new-company dialog", async ({ page }) => {
    await page.goto("/companies")
    const trigger = page.getByRole("button", { name: "New company" })
    await trigger.focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "New company" })
    await expect(dialog.getByLabel("Name")).toBeFocused()

    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press("Escape")
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()

    await page.keyboard.press("Enter")
    await expect(dialog.getByLabel("Name")).toBeFocused()
    const name = unique("Keyboard Partners")
    await page.keyboard.type(name)
    await page.keyboard.press("Tab")
    await expect(dialog.getByLabel("Slug")).toBeFocused()
    await expect(dialog.getByLabel("Slug")).toHaveValue(slugOf(name))
    await page.keyboard.press("Enter")
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
  })

  test("search and filters live in the URL and survive a reload", async ({ page }) => {
    const company = await createCompany(page.request, unique("Filterable Holdings"))
    await page.goto("/companies")
    await page.getByRole("searchbox", { name: "Search" }).fill(company.name)
    await expect(page).toHaveURL(/[?&]q=Filterable/)
    const table = page.getByRole("table", { name: "Companies" })
    await expect(table.getByRole("row")).toHaveCount(2)
    await page.getByLabel("Kind").selectOption("publisher")
    await expect(page).toHaveURL(/kind=publisher/)
    await expect(page.getByText("No company matches these filters")).toBeVisible()

    await page.reload()
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(company.name)
    await expect(page.getByLabel("Kind")).toHaveValue("publisher")
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect(page).toHaveURL("/companies")
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("")
  })

  test("the edit dialog starts from the company's values, explains a bad domain on its field, then saves the new name", async ({
    page,
  }) => {
    const company = await createCompany(page.request, unique("Editable"))
    const renamed = unique("Renamed")
    await page.goto(`/companies/${company.id}`)
    await page.getByRole("button", { name: "Edit company" }).click()
    const dialog = page.getByRole("dialog", { name: `Edit ${company.name}` })
    await expect(dialog.getByLabel("Name")).toHaveValue(company.name)
    await expect(dialog.getByLabel("Name")).toBeFocused()
    await dialog.getByLabel("Domain").fill("https://example.com/path")
    await dialog.getByRole("button", { name: "Save changes" }).click()
    await expect(dialog.getByLabel("Domain")).toHaveAccessibleDescription(/Enter a domain like example\.com/)
    await expect(dialog.getByLabel("Domain")).toBeFocused()
    await dialog.getByLabel("Domain").fill("")
    await dialog.getByLabel("Name").fill(renamed)
    await dialog.getByRole("button", { name: "Save changes" }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible()
  })

  test("a company that does not exist shows the not-found screen", async ({ page }) => {
    await page.goto("/companies/00000000-0000-4000-8000-000000000000")
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
    await page.goto("/companies/not-an-id")
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
  })
})

test.describe("as the shared client's reader", () => {
  test.use({ storageState: storageStateOf("client") })

  test("a reader sees only their own company, and another company's address is not found", async ({
    page,
    adminApi,
  }) => {
    const { company: own, name } = sharedPerson("client")
    const other = await createCompany(adminApi, unique("Someone Else"))

    // What the server answers a reader is their own company only.
    const listed: CompanyPage = await (await page.request.get("/api/companies")).json()
    expect(listed.items.map((company) => company.id)).toEqual([own.id])

    await page.goto("/companies")
    await expect(page.getByRole("heading", { name: "Companies", level: 1 })).toBeVisible()
    const rows = page.getByRole("table", { name: "Companies" }).getByRole("row")
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(1)).toContainText(own.name)
    await expect(page.getByRole("button", { name: "New company" })).toHaveCount(0)
    // Admin-only actions are not offered on their company's page either.
    await rows.nth(1).getByRole("link", { name: own.name }).click()
    await expect(page.getByRole("heading", { name: own.name, level: 1 })).toBeVisible()
    await expect(page.getByRole("button", { name: "Edit company" })).toHaveCount(0)
    await expect(page.getByRole("button", { name: "Invite user" })).toHaveCount(0)
    await expect(page.getByRole("region", { name: "People" })).toContainText(name)

    await page.goto(`/companies/${other.id}`)
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
    await expect(page).toHaveTitle("Page not found · Folio")
  })
})
