import { readFile } from "node:fs/promises"
import type { ReportPage } from "@folio/core"
import type { APIRequestContext } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"

test.use({ storageState: adminStorageState })

/** The titles of every report the admin can list whose title carries `tag`. */
const titlesWith = async (request: APIRequestContext, tag: string): Promise<ReadonlyArray<string>> => {
  const titles: Array<string> = []
  let cursor: string | null = null
  do {
    const response = await request.get("/api/reports", {
      params: { limit: 200, ...(cursor === null ? {} : { cursor }) },
    })
    expect(response.status(), await response.text()).toBe(200)
    const page = (await response.json()) as ReportPage
    titles.push(...page.items.map((report) => report.title).filter((title) => title.includes(tag)))
    cursor = page.nextCursor
  } while (cursor !== null)
  return titles.sort()
}

test("imports a CSV: the invalid row shows its line and field, a dry run writes nothing, the import creates the rest, errors download as CSV", async ({
  page,
  request,
}) => {
  test.slow() // two imports and a dry run against the real server
  const tag = `imp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const file = `reports-${tag}.csv`
  const csv = [
    "externalId,title,summary,type,sector,tags",
    `${tag}-1,First ${tag},"One, with a comma",note,Energy,oil;gas`,
    `${tag}-2,No,Too short a title,note,Energy,`,
    `${tag}-3,Third ${tag},Three,flash,Utilities,power`,
  ].join("\n")

  await page.goto("/reports/import")
  await expect(page).toHaveTitle("Import reports · Folio")
  await page
    .getByLabel("Files to import", { exact: true })
    .setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(csv) })

  // The preview: core's parser and validator, file:line and field for the bad row.
  const preview = page.getByRole("region", { name: "Preview" })
  await expect(preview).toContainText("3 rows · 2 ready · 1 with problems")
  const problem = preview.getByRole("table", { name: "Problems" }).getByRole("row", { name: /title/ })
  await expect(problem).toContainText(`${file}:3`)
  await expect(problem).toContainText("Title must be at least 3 characters")
  await preview.getByText("Rows (3)", { exact: true }).click()
  await expect(preview.getByRole("table", { name: "Rows" }).getByRole("row")).toHaveCount(4)

  // A dry run (the default) checks on the server and writes nothing.
  const run = page.getByRole("region", { name: "Import", exact: true })
  await expect(run.getByRole("switch", { name: "Dry run" })).toBeChecked()
  await run.getByRole("button", { name: "Dry run 2 rows" }).click()
  const result = page.getByRole("region", { name: "Dry run result" })
  await expect(result.getByLabel("Would create: 2")).toBeVisible()
  await expect(result.getByLabel("Failed: 1")).toBeVisible()
  expect(await titlesWith(request, tag)).toEqual([])

  // The import itself.
  await run.getByRole("switch", { name: "Dry run" }).click()
  await run.getByRole("button", { name: "Import 2 reports" }).click()
  const summary = page.getByRole("region", { name: "Result", exact: true })
  await expect(summary.getByLabel("Created: 2")).toBeVisible()
  await expect(summary.getByLabel("Failed: 1")).toBeVisible()
  await expect(run).toContainText("Import finished")
  expect(await titlesWith(request, tag)).toEqual([`First ${tag}`, `Third ${tag}`])

  // Every error as CSV.
  const downloading = page.waitForEvent("download")
  await summary.getByRole("button", { name: "Download errors (CSV)" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe("import-errors.csv")
  const text = await readFile(await download.path(), "utf8")
  expect(text.split("\r\n")[0]).toBe("file,line,field,message")
  expect(text).toContain(`${file},3,title,Title must be at least 3 characters`)

  // The same import again is not written twice: its batch key is the same.
  await run.getByRole("button", { name: "Import 2 reports" }).click()
  await expect(page.getByRole("region", { name: "Result", exact: true })).toContainText(
    "had been imported before",
  )
  expect(await titlesWith(request, tag)).toEqual([`First ${tag}`, `Third ${tag}`])
})

test("the drop area: files dropped on it are read, one no reader knows is marked, and the keyboard opens the picker", async ({
  page,
}) => {
  await page.goto("/reports/import")
  const input = page.getByLabel("Files to import", { exact: true })
  await expect(input).toHaveAccessibleDescription(
    /Drop them here, or click to choose\. CSV with a header row/,
  )

  // A drop as the browser makes it: plain DOM drag events carrying a DataTransfer of files.
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer()
    data.items.add(new File(["externalId,title\nd-1,Dropped report\n"], "dropped.csv", { type: "text/csv" }))
    data.items.add(new File(["plain text"], "notes.txt", { type: "text/plain" }))
    return data
  })
  const area = page.locator("label", { has: input })
  await area.dispatchEvent("dragenter", { dataTransfer: transfer })
  await expect(area).toHaveAttribute("data-dragging")
  await area.dispatchEvent("dragover", { dataTransfer: transfer })
  await area.dispatchEvent("drop", { dataTransfer: transfer })
  await expect(area).not.toHaveAttribute("data-dragging")
  const files = page.getByRole("list", { name: "Files" })
  await expect(files.getByRole("listitem").filter({ hasText: "dropped.csv" })).toContainText("CSV")
  await expect(files.getByRole("listitem").filter({ hasText: "notes.txt" })).toContainText("Unsupported")

  // Tab reaches the input itself; Enter opens the system's file picker.
  await page.getByRole("button", { name: "Remove notes.txt" }).click()
  await input.focus()
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Tab")
  await expect(input).toBeFocused()
  const chooser = page.waitForEvent("filechooser")
  await page.keyboard.press("Enter")
  await (await chooser).setFiles({
    name: "chosen.ndjson",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from('{"externalId":"c-1","title":"Chosen report"}\n'),
  })
  await expect(files.getByRole("listitem").filter({ hasText: "chosen.ndjson" })).toContainText("NDJSON")
  await expect(files.getByRole("listitem")).toHaveCount(2)
})
