import type { Report, ReportRevisionSummary } from "@folio/core"
import type { APIRequestContext, Request } from "@playwright/test"
import { storageStateOf } from "./support/admin"
import { write } from "./support/directory"
import { expect, test } from "./support/fixtures"
import { typeIntoNewDraft } from "./support/reports"

const revisionsOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/reports/${id}/revisions`)).json()) as ReadonlyArray<ReportRevisionSummary>

const reportOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/reports/${id}`)).json()) as Report

/** The editor's session-ending save of this report. */
const endsSession = (id: string) => (request: Request) =>
  request.method() === "PATCH" &&
  request.url().endsWith(`/api/reports/${id}`) &&
  (request.postDataJSON() as { endSession?: boolean } | null)?.endSession === true

test.describe("as a publisher's analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("leaving the editor mid-sentence saves what was typed and ends the session: the next edit is a new revision", async ({
    page,
  }) => {
    const { draft } = await typeIntoNewDraft(
      page,
      "Session draft",
      "Demand keeps rising.",
      " Margins follow.",
    )

    // Straight out, before autosave's pause is over: nothing asks, the last save carries the text.
    const last = page.waitForRequest(endsSession(draft.id))
    await page.getByRole("link", { name: "Reports", exact: true }).first().click()
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    await last
    await expect
      .poll(async () => (await reportOf(page.request, draft.id)).body)
      .toBe("Demand keeps rising. Margins follow.")
    const report = await reportOf(page.request, draft.id)
    expect((await revisionsOf(page.request, draft.id)).map((r) => r.version)).toEqual([report.version])

    // The same author, a minute later: the closed session is kept, this save starts the next one.
    const next = await write<Report>(
      page.request,
      "PATCH",
      `/api/reports/${draft.id}`,
      { version: report.version, body: "Demand keeps rising. Margins follow. Prices too." },
      200,
    )
    expect((await revisionsOf(page.request, draft.id)).map((r) => r.version)).toEqual([
      next.version,
      report.version,
    ])
  })

  test("closing the page sends what was typed as the session's last save, and the session ends", async ({
    page,
  }) => {
    const { draft } = await typeIntoNewDraft(page, "Closed tab draft", "Opening line.", " Closing line.")

    // The browser asks before leaving unsaved text; leaving anyway still sends it, as the page
    // goes (a keepalive request, which the test's request events do not see).
    page.on("dialog", (dialog) => void dialog.accept())
    await page.goto("/reports")
    await expect
      .poll(async () => (await reportOf(page.request, draft.id)).body)
      .toBe("Opening line. Closing line.")
    const report = await reportOf(page.request, draft.id)
    const next = await write<Report>(
      page.request,
      "PATCH",
      `/api/reports/${draft.id}`,
      { version: report.version, body: "Opening line. Closing line. Later." },
      200,
    )
    expect((await revisionsOf(page.request, draft.id)).map((r) => r.version)).toEqual([
      next.version,
      report.version,
    ])
  })
})
