import type { Report, ReportPage, ReportRevision, ReportRevisionSummary } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { sharedPerson, storageStateOf } from "./support/admin"
import { openFromSidebar } from "./support/console"
import { createCompany, unique, write } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { createReport, createTicker, moveReport, publishReport, typeIntoNewDraft } from "./support/reports"

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase()

/** A report on two new tickers, published to one client company only. */
const publishedToOneClient = async (admin: APIRequestContext, audience: { readonly id: string }) => {
  const [first, second] = [
    await createTicker(admin, "Northwind Semiconductors"),
    await createTicker(admin, "Contoso Cloud"),
  ]
  const word = `quasar${suffix().toLowerCase()}`
  const report = await publishReport(admin, {
    title: `Chips and clouds ${word}`,
    summary: `Why ${first} and ${second} lead the ${word} cycle.`,
    body: `## Investment view\n\nDemand for **${word}** accelerators keeps rising.`,
    sector: "Information Technology",
    tickers: [first, second],
    audience: [{ companyId: audience.id }],
  })
  return { report, first, second, word }
}

test.describe("as a publisher's analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("an analyst writes a report: tickers suggest the sector, the audience is chosen, the preview renders and the draft saves itself once titled", async ({
    page,
    adminApi,
  }) => {
    const [first, second] = [
      await createTicker(adminApi, "Northwind Semiconductors"),
      await createTicker(adminApi, "Contoso Cloud"),
    ]
    const audience = await createCompany(adminApi, unique("Audience Capital"))
    const word = `quasar${suffix().toLowerCase()}`
    const title = `Chips and clouds ${word}`

    await page.goto("/reports")
    await page.getByRole("link", { name: "New report" }).first().click()
    await expect(page.getByRole("heading", { name: "New report", level: 1 })).toBeVisible()
    await expect(page).toHaveTitle("New report · Folio")
    const tickers = page.getByRole("combobox", { name: "Tickers" })
    for (const symbol of [first, second]) {
      await tickers.fill(symbol)
      await page.getByRole("option", { name: new RegExp(symbol) }).click()
    }
    // Picking a ticker suggests its sector.
    await expect(page.getByRole("combobox", { name: "Sector" })).toHaveValue("Information Technology")
    await page.getByRole("button", { name: "Remove All clients" }).click()
    await page.getByRole("button", { name: "Company or team" }).click()
    await page.getByRole("combobox", { name: "Company" }).fill(audience.name)
    await page.getByRole("option", { name: audience.name }).click()
    await page.getByRole("button", { name: "Add to audience" }).click()
    await expect(page.getByRole("group", { name: audience.name })).toBeVisible()
    await page.getByLabel("Summary").fill(`Why ${first} and ${second} lead the ${word} cycle.`)
    const body = page.getByRole("textbox", { name: "Body (Markdown)" })
    await body.fill(`## Investment view\n\nDemand for **${word}** accelerators keeps rising.`)
    await expect(
      page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Investment view" }),
    ).toBeVisible()
    // Once it has a title the draft saves itself, and the address becomes the draft's own.
    await page.getByRole("textbox", { name: "Title" }).fill(title)
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}\/edit$/)
    await expect(page.getByText(/^Saved · /)).toBeVisible()
  })

  test("a draft keeps saving what is typed next, and View report shows it", async ({ page }) => {
    const { draft } = await typeIntoNewDraft(
      page,
      "Draft in progress",
      "Demand keeps rising.",
      " Margins follow.",
    )
    await expect(page.getByText("Unsaved changes…")).toBeVisible()
    await expect(page.getByText(/^Saved · /)).toBeVisible()

    await page.getByRole("button", { name: "View report" }).click()
    await expect(page.getByRole("heading", { name: draft.title, level: 1 })).toBeVisible()
    await expect(page.getByRole("article", { name: "Report" })).toContainText(
      "Demand keeps rising. Margins follow.",
    )
  })

  test("an analyst may submit their draft for review, but not approve it", async ({ page }) => {
    const draft = await createReport(page.request, { title: unique("Draft to submit"), sector: "Energy" })
    await page.goto(`/reports/${draft.id}`)
    await expect(page.getByRole("heading", { name: draft.title, level: 1 })).toBeVisible()
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0)
    await page.getByRole("button", { name: "Submit for review" }).click()
    await expect(page.getByText("Status: In review")).toBeVisible()
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0)
  })
})

test.describe("as a publisher's editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("an editor finds a report in review, approves it and publishes it after confirming", async ({
    page,
    adminApi,
  }) => {
    const inReview = await moveReport(
      adminApi,
      await createReport(adminApi, { title: unique("Ready for review"), sector: "Energy" }),
      "submit",
    )
    await page.goto("/reports?status=in_review")
    await page.getByRole("table", { name: "Reports" }).getByRole("link", { name: inReview.title }).click()
    await expect(page).toHaveURL(`/reports/${inReview.id}`)
    await page.getByRole("button", { name: "Approve" }).click()
    await expect(page.getByText("Status: Approved")).toBeVisible()
    await page.getByRole("button", { name: "Publish now" }).click()
    const confirm = page.getByRole("dialog", { name: "Publish this report now?" })
    await confirm.getByRole("button", { name: "Publish now" }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByText("Status: Published")).toBeVisible()
    await expect(page.getByRole("region", { name: "Disclosures" })).toBeVisible()
  })
})

test.describe("as the shared client's reader", () => {
  test.use({ storageState: storageStateOf("client") })

  test("a reader of the audience finds the report by ticker, reads it without workflow buttons, and favorites it", async ({
    page,
    adminApi,
  }) => {
    const { report, first, second, word } = await publishedToOneClient(
      adminApi,
      sharedPerson("client").company,
    )
    await page.goto(`/reports?ticker=${first}`)
    const row = page
      .getByRole("table", { name: "Reports" })
      .getByRole("row", { name: new RegExp(report.title) })
    await expect(row).toContainText(second)
    await row.getByRole("link", { name: report.title }).click()
    await expect(page.getByRole("heading", { name: report.title, level: 1 })).toBeVisible()
    const article = page.getByRole("article", { name: "Report" })
    await expect(article.getByRole("heading", { name: "Investment view" })).toBeVisible()
    await expect(article).toContainText(`Demand for ${word} accelerators`)
    // Readers get no workflow: no edit, no status moves.
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0)
    await expect(page.getByRole("button", { name: "Archive" })).toHaveCount(0)

    await page.getByRole("button", { name: "Favorite" }).click()
    await expect(page.getByRole("button", { name: "Favorited" })).toHaveAttribute("aria-pressed", "true")
    await openFromSidebar(page, "Favorites")
    await expect(page.getByRole("heading", { name: "Favorites", level: 1 })).toBeVisible()
    await page
      .getByRole("table", { name: "Favorite reports" })
      .getByRole("link", { name: report.title })
      .click()
    await expect(page).toHaveURL(`/reports/${report.id}`)
    await expect(page.getByRole("button", { name: "Favorited" })).toHaveAttribute("aria-pressed", "true")
  })

  test("a reader of another company never sees it: not found at its address, absent from lists, search and the API", async ({
    page,
    adminApi,
  }) => {
    // Published to another client company: the shared client's reader is the outsider here.
    const { report, first, word } = await publishedToOneClient(
      adminApi,
      await createCompany(adminApi, unique("Audience Capital")),
    )
    const listed: ReportPage = await (await page.request.get(`/api/reports?ticker=${first}`)).json()
    expect(listed.items).toEqual([])
    expect((await page.request.get(`/api/reports/${report.id}`)).status()).toBe(404)
    const searched = await (await page.request.get(`/api/search?q=${word}`)).json()
    expect(JSON.stringify(searched)).not.toContain(report.id)

    await page.goto(`/reports/${report.id}`)
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible()
    await page.goto("/reports")
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    await expect(page.getByRole("link", { name: report.title })).toHaveCount(0)
  })
})

test("two editors change one report: the second save shows both versions, keeps what was typed and saves the choices", async ({
  browser,
  adminApi: admin,
}) => {
  const title = unique("Quarterly outlook")
  const report = await createReport(admin, { title, sector: "Energy", body: "Opening paragraph." })
  // Two people who may edit it, each in a browser of their own: the shared editor, and the admin.
  const one = await (await browser.newContext({ storageState: storageStateOf("editor") })).newPage()
  const two = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage()
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

  await Promise.all([one.context().close(), two.context().close()])
})

test.describe("as the admin", () => {
  test.use({ storageState: storageStateOf("admin") })

  test("the report page compares an earlier revision with the current version", async ({ page }) => {
    const created = await createReport(page.request, {
      title: unique("Revised outlook"),
      sector: "Energy",
      body: "Opening paragraph.",
    })
    const update = (version: number, body: string, endSession = false) =>
      write<Report>(page.request, "PATCH", `/api/reports/${created.id}`, { version, body, endSession }, 200)
    // Its editing session ends with this save, so the next one is a revision of its own.
    const oil = await update(created.version, "Opening paragraph.\n\nEditor one adds oil.", true)
    const gas = await update(oil.version, "Opening paragraph.\n\nEditor two adds gas.")

    await page.goto(`/reports/${created.id}`)
    await page.getByRole("button", { name: `Compare version ${oil.version} with the current one` }).click()
    const diff = page.getByRole("dialog", { name: `Version ${oil.version}: changes since` })
    await expect(diff.getByRole("group", { name: `Body: version ${oil.version} against now` })).toContainText(
      "Editor one adds oil.",
    )
    await expect(diff.locator("del")).toContainText("Editor one adds oil.")
    await expect(diff.locator("ins")).toContainText("Editor two adds gas.")
    expect(gas.version).toBeGreaterThan(oil.version)
  })
})
