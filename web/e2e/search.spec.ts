import type { SearchResult } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { sharedPerson, storageStateOf } from "./support/admin"
import { createCompany, unique } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { publishReport } from "./support/reports"

/** A word no other report contains: letters only, so full-text search keeps it whole. */
const rareWord = (): string =>
  `qz${Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`

/** Two reports published to one client company only, sharing a word no other report has. */
const publishedPair = async (admin: APIRequestContext, audience: { readonly id: string }) => {
  const word = rareWord()
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

const client = () => sharedPerson("client").company

test.describe("as the shared client's reader", () => {
  test.use({ storageState: storageStateOf("client") })

  test("a reader finds a published report by a word of its body, highlighted", async ({ page, adminApi }) => {
    const { word, outlook, review } = await publishedPair(adminApi, client())
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
    const { word, outlook, review } = await publishedPair(adminApi, client())
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
    const { word, review } = await publishedPair(adminApi, client())
    await page.goto(`/search?q=${word}`)
    const reports = page.getByRole("region", { name: "Reports" })
    await expect(reports).toContainText("2 results")
    await page.getByRole("group", { name: "Type" }).getByRole("button", { name: /Note/ }).click()
    await expect(page).toHaveURL(/type=note/)
    await expect(reports).toContainText("1 result")
    await expect(reports.getByRole("article", { name: review.title })).toBeVisible()
  })

  test("Ctrl+K from another screen: type, and Enter opens the best match", async ({ page, adminApi }) => {
    const { word, outlook } = await publishedPair(adminApi, client())
    await page.goto("/dashboard")
    await expect(page.getByRole("button", { name: "Search and jump (Ctrl+K)" })).toBeVisible()
    await page.keyboard.press("Control+k")
    const palette = page.getByRole("dialog", { name: "Search Folio" })
    await expect(palette).toBeVisible()
    await palette.getByRole("combobox", { name: "Search or jump to" }).fill(`"${word} margin"`)
    await expect(palette.getByRole("option", { name: outlook.title })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(`/reports/${outlook.id}`)
    await expect(page.getByRole("heading", { name: outlook.title, level: 1 })).toBeVisible()
  })

  test("the palette jumps to the reader's areas only: the arrows move, Enter goes, Escape closes", async ({
    page,
  }) => {
    await page.goto("/dashboard")
    await page.getByRole("button", { name: "Search and jump (Ctrl+K)" }).click()
    const palette = page.getByRole("dialog", { name: "Search Folio" })
    const input = palette.getByRole("combobox", { name: "Search or jump to" })
    await expect(input).toBeFocused()
    await expect(palette.getByRole("option", { name: "Go to Dashboard" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    // A reader cannot import, so the palette does not offer it.
    await expect(palette.getByRole("option", { name: /Import/ })).toHaveCount(0)

    await input.press("ArrowDown")
    const second = palette.getByRole("option", { name: "Go to Reports" })
    await expect(second).toHaveAttribute("aria-selected", "true")
    await expect(input).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id")) ?? "")
    await expect(palette.getByRole("option", { name: "Go to Dashboard" })).toHaveAttribute(
      "aria-selected",
      "false",
    )
    await input.press("Enter")
    await expect(page).toHaveURL("/reports")
    await expect(palette).toBeHidden()

    await page.keyboard.press("Control+k")
    await expect(input).toHaveValue("")
    await page.keyboard.press("Escape")
    await expect(palette).toBeHidden()
  })

  test("a reader of a company outside the audience never finds it, in the screen, the palette or the API", async ({
    page,
    adminApi,
  }) => {
    // Published to another client company: the shared client's reader is the outsider here.
    const { word } = await publishedPair(adminApi, await createCompany(adminApi, unique("Audience Capital")))
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
