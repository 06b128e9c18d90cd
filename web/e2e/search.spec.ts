import type { Company, Report, SearchResult } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { storageStateOf } from "./support/admin"
import { createCompany, signInAsNewUser, slugOf, unique } from "./support/directory"
import { expect, test } from "./support/fixtures"

/** A word no other report contains: letters only, so full-text search keeps it whole. */
const rareWord = (): string =>
  `qz${Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`

const csrf = async (request: APIRequestContext) => {
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name === "folio_csrf")?.value
  return { "x-folio-csrf": token ?? "" }
}

/** Writes a report and takes it through review to published, as an editor would. */
const publishReport = async (request: APIRequestContext, data: Record<string, unknown>): Promise<Report> => {
  const created = await request.post("/api/reports", { data, headers: await csrf(request) })
  expect(created.status(), await created.text()).toBe(201)
  let report = (await created.json()) as Report
  for (const action of ["submit", "approve", "publish"]) {
    const moved = await request.post(`/api/reports/${report.id}/actions/${action}`, {
      data: { version: report.version },
      headers: await csrf(request),
    })
    expect(moved.status(), await moved.text()).toBe(200)
    report = (await moved.json()) as Report
  }
  expect(report.status).toBe("published")
  return report
}

/** Two reports published to a new client company, sharing a word no other report has. */
const publishedPair = async (admin: APIRequestContext) => {
  const word = rareWord()
  const audience = await createCompany(admin, unique("Audience Capital"))
  const outlook = await publishReport(admin, {
    title: `Grid outlook ${word.slice(2, 6)}`,
    summary: "Where power demand goes next.",
    body: `## Demand\n\nThe ${word} margin expansion continues as utilities add capacity.`,
    type: "sector",
    sector: "Utilities",
    audience: [{ companyId: audience.id }],
  })
  const review = await publishReport(admin, {
    title: `Storage review ${word.slice(2, 6)}`,
    body: `Battery makers see ${word} headwinds from pricing.`,
    type: "note",
    sector: "Utilities",
    audience: [{ companyId: audience.id }],
  })
  return { word, audience, outlook, review }
}

/** Signs `request` (a page's, say) in as a new reader of `company`. */
const signInAsReaderOf = (admin: APIRequestContext, request: APIRequestContext, company: Company) =>
  signInAsNewUser(admin, request, {
    email: `${slugOf(unique("reader"))}@${company.slug}.example`,
    name: "Rhea Reader",
    companyId: company.id,
    role: "reader",
  })

test("a reader finds a published report by a word of its body, highlighted", async ({ page, adminApi }) => {
  const { word, audience, outlook, review } = await publishedPair(adminApi)
  await signInAsReaderOf(adminApi, page.request, audience)
  await page.goto(`/search?q=${word}`)
  await expect(page).toHaveTitle(`${word} · Search · Folio`)
  const reports = page.getByRole("region", { name: "Reports" })
  await expect(reports).toContainText("2 results")
  const hit = reports.getByRole("article", { name: outlook.title })
  await expect(hit.locator("mark", { hasText: word })).toBeVisible()
  await expect(reports.getByRole("article", { name: review.title })).toBeVisible()
})

test("a quoted phrase matches the words in that order only, and -word leaves out the reports that mention it", async ({
  page,
  adminApi,
}) => {
  const { word, audience, outlook, review } = await publishedPair(adminApi)
  await signInAsReaderOf(adminApi, page.request, audience)
  await page.goto(`/search?q=${word}`)
  const reports = page.getByRole("region", { name: "Reports" })
  await expect(reports).toContainText("2 results")

  const search = page.getByRole("searchbox", { name: "Search" })
  await search.fill(`"${word} margin expansion"`)
  await search.press("Enter")
  await expect(reports).toContainText("1 result")
  await expect(reports.getByRole("article", { name: outlook.title })).toBeVisible()
  await expect(reports.getByRole("article", { name: review.title })).toHaveCount(0)

  await search.fill(`${word} -headwinds`)
  await search.press("Enter")
  await expect(page).toHaveURL(/headwinds/)
  await expect(reports).toContainText("1 result")
  await expect(reports.getByRole("article", { name: review.title })).toHaveCount(0)
})

test("a facet narrows the results and lives in the URL", async ({ page, adminApi }) => {
  const { word, audience, review } = await publishedPair(adminApi)
  await signInAsReaderOf(adminApi, page.request, audience)
  await page.goto(`/search?q=${word}`)
  const reports = page.getByRole("region", { name: "Reports" })
  await expect(reports).toContainText("2 results")
  await page.getByRole("group", { name: "Type" }).getByRole("button", { name: /Note/ }).click()
  await expect(page).toHaveURL(/type=note/)
  await expect(reports).toContainText("1 result")
  await expect(reports.getByRole("article", { name: review.title })).toBeVisible()
})

test("Ctrl+K from another screen: type, and Enter opens the best match", async ({ page, adminApi }) => {
  const { word, audience, outlook } = await publishedPair(adminApi)
  await signInAsReaderOf(adminApi, page.request, audience)
  await page.goto("/dashboard")
  await expect(page.getByRole("button", { name: "Search and jump (Ctrl+K)" })).toBeVisible()
  await page.keyboard.press("Control+k")
  const palette = page.getByRole("dialog", { name: "Search Folio" })
  await expect(palette).toBeVisible()
  await palette.getByRole("combobox", { name: "Search or jump to" }).fill(`"${word} margin"`)
  await expect(palette.getByRole("option", { name: outlook.title })).toHaveAttribute("aria-selected", "true")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(`/reports/${outlook.id}`)
  await expect(page.getByRole("heading", { name: outlook.title, level: 1 })).toBeVisible()
})

test("a reader of a company outside the audience never finds it, in the screen, the palette or the API", async ({
  page,
  adminApi,
}) => {
  const { word } = await publishedPair(adminApi)
  const outsider = await createCompany(adminApi, unique("Outsider Partners"))
  await signInAsReaderOf(adminApi, page.request, outsider)
  const answer = await page.request.get("/api/search", { params: { q: word } })
  expect(answer.status(), await answer.text()).toBe(200)
  const result = (await answer.json()) as SearchResult
  expect(result.total).toBe(0)
  expect(result.reports).toEqual([])
  await page.goto(`/search?q=${word}`)
  await expect(page.getByText(`Nothing matches “${word}”`)).toBeVisible()
  await page.keyboard.press("Control+k")
  await page.getByRole("combobox", { name: "Search or jump to" }).fill(word)
  await expect(
    page.getByRole("status").filter({ hasText: "No reports, tickers, companies or people match" }),
  ).toBeVisible()
})

test.describe("as a publisher's reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("readers are told they cannot import reports", async ({ page }) => {
    await page.goto("/reports/import")
    await expect(page.getByText("Your role (Reader) cannot import reports.")).toBeVisible()
  })

  test("an empty search explains the syntax", async ({ page }) => {
    await page.goto("/search")
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused()
    await expect(page.getByText("an exact phrase")).toBeVisible()
    await expect(page.getByText("leave out reports that mention a word")).toBeVisible()
  })
})
