import type { Report, ReportPage, ReportRevision, ReportRevisionSummary } from "@folio/core"
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test"
import { createPerson, type Person, signInAs } from "./support/accounts"
import { signInThroughApi } from "./support/admin"
import { createCompany, signInAsNewUser, slugOf, unique } from "./support/directory"

/** Writes need the CSRF token the session cookie came with. */
const csrf = async (request: APIRequestContext) => {
  const state = await request.storageState()
  return { "x-folio-csrf": state.cookies.find((cookie) => cookie.name === "folio_csrf")?.value ?? "" }
}

/**
 * An admin session of this test's own: `createPerson` signs its request in again, which rotates
 * the session it presents, so the shared storage state must not be the one it gets.
 */
const adminRequest = async (
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> },
  baseURL: string,
) => {
  const admin = await request.newContext({ baseURL })
  await signInThroughApi(admin)
  return admin
}

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase()

/** A ticker no other spec uses (symbols are unique in the shared database). */
const createTicker = async (admin: APIRequestContext, name: string): Promise<string> => {
  const symbol = `Z${suffix()}`
  const response = await admin.post("/api/tickers", {
    data: {
      symbol,
      name,
      exchange: "NASDAQ",
      sector: "Information Technology",
      currency: "USD",
      country: "US",
    },
    headers: await csrf(admin),
  })
  expect(response.status(), await response.text()).toBe(201)
  return symbol
}

/** A browser context signed in as someone of the publisher with the given role. */
const publisherPage = async (browser: Browser, baseURL: string, person: Person): Promise<Page> => {
  const context = await browser.newContext({ baseURL })
  await signInAs(context.request, person)
  return context.newPage()
}

const readerPage = async (
  browser: Browser,
  baseURL: string,
  admin: APIRequestContext,
  companyId: string,
  label: string,
): Promise<Page> => {
  const context = await browser.newContext({ baseURL })
  await signInAsNewUser(admin, context.request, {
    email: `${slugOf(unique(label))}@client.example`,
    name: `Reader ${label}`,
    companyId,
    role: "reader",
  })
  return context.newPage()
}

test("an analyst writes and submits, an editor approves and publishes, the audience reads and favorites it, others never see it", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const admin = await adminRequest(playwright.request, baseURL!)
  const [first, second] = [
    await createTicker(admin, "Northwind Semiconductors"),
    await createTicker(admin, "Contoso Cloud"),
  ]
  const audience = await createCompany(admin, unique("Audience Capital"))
  const outsider = await createCompany(admin, unique("Outsider Partners"))
  const analyst = await createPerson(admin, "analyst")
  const editor = await createPerson(admin, "editor")
  const word = `quasar${suffix().toLowerCase()}`
  const title = `Chips and clouds ${word}`

  // The analyst writes the report: fields, two tickers, the audience, a Markdown body.
  const writer = await publisherPage(browser, baseURL!, analyst)
  await writer.goto("/reports")
  await writer.getByRole("link", { name: "New report" }).first().click()
  await expect(writer.getByRole("heading", { name: "New report", level: 1 })).toBeVisible()
  await expect(writer).toHaveTitle("New report · Folio")
  const tickers = writer.getByRole("combobox", { name: "Tickers" })
  for (const symbol of [first, second]) {
    await tickers.fill(symbol)
    await writer.getByRole("option", { name: new RegExp(symbol) }).click()
  }
  // Picking a ticker suggests its sector.
  await expect(writer.getByRole("combobox", { name: "Sector" })).toHaveValue("Information Technology")
  await writer.getByRole("button", { name: "Remove All clients" }).click()
  await writer.getByRole("button", { name: "Company or team" }).click()
  await writer.getByRole("combobox", { name: "Company" }).fill(audience.name)
  await writer.getByRole("option", { name: audience.name }).click()
  await writer.getByRole("button", { name: "Add to audience" }).click()
  await expect(writer.getByRole("group", { name: audience.name })).toBeVisible()
  await writer.getByLabel("Summary").fill(`Why ${first} and ${second} lead the ${word} cycle.`)
  const body = writer.getByRole("textbox", { name: "Body (Markdown)" })
  await body.fill(`## Investment view\n\nDemand for **${word}** accelerators keeps rising.`)
  await expect(
    writer.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Investment view" }),
  ).toBeVisible()
  // Once it has a title the draft saves itself, and the address becomes the draft's own.
  await writer.getByRole("textbox", { name: "Title" }).fill(title)
  await expect(writer).toHaveURL(/\/reports\/[0-9a-f-]{36}\/edit$/)
  await expect(writer.getByText(/^Saved · /)).toBeVisible()
  const reportUrl = writer.url().replace(/\/edit$/, "")
  const reportId = reportUrl.split("/").pop()!
  // Autosave keeps saving what is typed next.
  await writer.getByRole("textbox", { name: "Body (Markdown)" }).press("ControlOrMeta+End")
  await writer.getByRole("textbox", { name: "Body (Markdown)" }).pressSequentially(" Margins follow.")
  await expect(writer.getByText("Unsaved changes…")).toBeVisible()
  await expect(writer.getByText(/^Saved · /)).toBeVisible()

  await writer.getByRole("button", { name: "View report" }).click()
  await expect(writer.getByRole("heading", { name: title, level: 1 })).toBeVisible()
  await expect(writer.getByRole("article", { name: "Report" })).toContainText("Margins follow.")
  // An analyst may submit but not approve.
  await expect(writer.getByRole("button", { name: "Approve" })).toHaveCount(0)
  await writer.getByRole("button", { name: "Submit for review" }).click()
  await expect(writer.getByText("Status: In review")).toBeVisible()
  await expect(writer.getByRole("link", { name: "Edit" })).toHaveCount(0)

  // The editor approves and publishes it.
  const reviewer = await publisherPage(browser, baseURL!, editor)
  await reviewer.goto("/reports?status=in_review")
  await reviewer.getByRole("table", { name: "Reports" }).getByRole("link", { name: title }).click()
  await expect(reviewer).toHaveURL(reportUrl)
  await reviewer.getByRole("button", { name: "Approve" }).click()
  await expect(reviewer.getByText("Status: Approved")).toBeVisible()
  await reviewer.getByRole("button", { name: "Publish now" }).click()
  const confirm = reviewer.getByRole("dialog", { name: "Publish this report now?" })
  await confirm.getByRole("button", { name: "Publish now" }).click()
  await expect(confirm).toBeHidden()
  await expect(reviewer.getByText("Status: Published")).toBeVisible()
  await expect(reviewer.getByRole("region", { name: "Disclosures" })).toBeVisible()

  // A reader of the audience company finds it, reads it and favorites it.
  const reader = await readerPage(browser, baseURL!, admin, audience.id, "audience")
  await reader.goto(`/reports?ticker=${first}`)
  const row = reader.getByRole("table", { name: "Reports" }).getByRole("row", { name: new RegExp(title) })
  await expect(row).toContainText(second)
  await row.getByRole("link", { name: title }).click()
  await expect(reader.getByRole("heading", { name: title, level: 1 })).toBeVisible()
  await expect(
    reader.getByRole("article", { name: "Report" }).getByRole("heading", { name: "Investment view" }),
  ).toBeVisible()
  await expect(reader.getByRole("article", { name: "Report" })).toContainText(
    `Demand for ${word} accelerators`,
  )
  // Readers get no workflow: no edit, no status moves.
  await expect(reader.getByRole("link", { name: "Edit" })).toHaveCount(0)
  await expect(reader.getByRole("button", { name: "Archive" })).toHaveCount(0)
  await reader.getByRole("button", { name: "Favorite" }).click()
  await expect(reader.getByRole("button", { name: "Favorited" })).toHaveAttribute("aria-pressed", "true")
  await reader
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Favorites" })
    .click()
  await expect(reader.getByRole("heading", { name: "Favorites", level: 1 })).toBeVisible()
  await expect(
    reader.getByRole("table", { name: "Favorite reports" }).getByRole("link", { name: title }),
  ).toBeVisible()
  // Search finds it for the audience.
  await reader.goto(`/search?q=${word}`)
  await reader
    .getByRole("region", { name: "Reports" })
    .getByRole("article", { name: title })
    .getByRole("link", { name: title })
    .click()
  await expect(reader).toHaveURL(reportUrl)
  await expect(reader.getByRole("button", { name: "Favorited" })).toHaveAttribute("aria-pressed", "true")

  // A reader of another company: 404 on its address, absent from lists and search.
  const stranger = await readerPage(browser, baseURL!, admin, outsider.id, "outsider")
  await stranger.goto(reportUrl)
  await expect(stranger.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
  await stranger.goto("/reports")
  await expect(stranger.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
  await expect(stranger.getByRole("link", { name: title })).toHaveCount(0)
  const listed: ReportPage = await (await stranger.request.get(`/api/reports?ticker=${first}`)).json()
  expect(listed.items).toEqual([])
  expect((await stranger.request.get(`/api/reports/${reportId}`)).status()).toBe(404)
  const searched = await (await stranger.request.get(`/api/search?q=${word}`)).json()
  expect(JSON.stringify(searched)).not.toContain(reportId)
  await stranger.goto(`/search?q=${word}`)
  await expect(stranger.getByRole("searchbox", { name: "Search" })).toHaveValue(word)
  await expect(stranger.getByRole("article", { name: title })).toHaveCount(0)

  await admin.dispose()
})

test("two editors change one report: the second save shows both versions and nothing typed is lost", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const admin = await adminRequest(playwright.request, baseURL!)
  const title = unique("Quarterly outlook")
  const created = await admin.post("/api/reports", {
    data: { title, sector: "Energy", body: "Opening paragraph." },
    headers: await csrf(admin),
  })
  expect(created.status(), await created.text()).toBe(201)
  const report: Report = await created.json()
  const one = await publisherPage(browser, baseURL!, await createPerson(admin, "editor", "editor-one"))
  const two = await publisherPage(browser, baseURL!, await createPerson(admin, "editor", "editor-two"))
  for (const page of [one, two]) {
    await page.goto(`/reports/${report.id}/edit`)
    await expect(page.getByRole("textbox", { name: "Body (Markdown)" })).toHaveValue("Opening paragraph.")
  }

  // The first editor changes the title and the body, and it saves.
  await one.getByRole("textbox", { name: "Title" }).fill(`${title} (revised)`)
  await one
    .getByRole("textbox", { name: "Body (Markdown)" })
    .fill("Opening paragraph.\n\nEditor one adds oil.")
  await expect(one.getByText(/^Saved · /)).toBeVisible()

  // The second, still on the old version, changes the body: the save is refused and both versions shown.
  await two
    .getByRole("textbox", { name: "Body (Markdown)" })
    .fill("Opening paragraph.\n\nEditor two adds gas.")
  const conflict = two.getByRole("region", { name: "Someone else saved this report while you were editing" })
  await expect(conflict).toBeVisible()
  await expect(two.getByText("Not saved: conflict")).toBeVisible()
  const bodyChoice = conflict.getByRole("group", { name: "Body", exact: true })
  await expect(bodyChoice).toContainText("Editor one adds oil.")
  await expect(bodyChoice).toContainText("Editor two adds gas.")
  await expect(bodyChoice).toContainText("You both changed this")
  const titleChoice = conflict.getByRole("group", { name: "Title", exact: true })
  await expect(titleChoice).toContainText(`${title} (revised)`)
  await expect(titleChoice).toContainText("Only they changed this")
  // What the second editor typed is still in the editor.
  await expect(two.getByRole("textbox", { name: "Body (Markdown)" })).toHaveValue(
    "Opening paragraph.\n\nEditor two adds gas.",
  )

  // Keeping their title and this body saves on top of the newer version.
  await conflict.getByRole("button", { name: "Save my choices" }).click()
  await expect(conflict).toBeHidden()
  await expect(two.getByText(/^Saved · /)).toBeVisible()
  await expect(two.getByRole("textbox", { name: "Title" })).toHaveValue(`${title} (revised)`)

  const saved: Report = await (await admin.get(`/api/reports/${report.id}`)).json()
  expect(saved.title).toBe(`${title} (revised)`)
  expect(saved.body).toBe("Opening paragraph.\n\nEditor two adds gas.")
  // The first editor's body is a revision of its own, restorable.
  const revisions: ReadonlyArray<ReportRevisionSummary> = await (
    await admin.get(`/api/reports/${report.id}/revisions`)
  ).json()
  const bodies = await Promise.all(
    revisions.map(
      async (revision) =>
        (
          (await (
            await admin.get(`/api/reports/${report.id}/revisions/${revision.version}`)
          ).json()) as ReportRevision
        ).fields.body,
    ),
  )
  expect(bodies).toContain("Opening paragraph.\n\nEditor one adds oil.")

  // The report page compares that revision with the current version.
  await two.goto(`/reports/${report.id}`)
  const older = revisions.find((revision) => revision.version === saved.version - 1)!
  await two.getByRole("button", { name: `Compare version ${older.version} with the current one` }).click()
  const diff = two.getByRole("dialog", { name: `Version ${older.version}: changes since` })
  await expect(diff.getByRole("group", { name: `Body: version ${older.version} against now` })).toContainText(
    "Editor one adds oil.",
  )
  await expect(diff.locator("del")).toContainText("Editor one adds oil.")
  await expect(diff.locator("ins")).toContainText("Editor two adds gas.")

  await admin.dispose()
})
