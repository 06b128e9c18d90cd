import type { MyReadership, ReadershipKind, Report } from "@folio/core"
import { type APIRequestContext, expect, type Page } from "@playwright/test"
import { addPerson, type Person } from "./accounts"
import { sharedPerson } from "./admin"
import { unique, write } from "./directory"
import { publishReport } from "./reports"

/** A reader of its own in the shared client company (their counts start from nothing), signed in on `request`. */
export const newClientReader = async (
  admin: APIRequestContext,
  request: APIRequestContext,
  label = "reader",
): Promise<Person & { readonly id: string }> => {
  const reader = await addPerson(admin, "reader", {
    label,
    name: unique("Reader"),
    companyId: sharedPerson("client").company.id,
  })
  const signIn = await request.post("/api/session", {
    data: { email: reader.email, password: reader.password },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  return reader
}

/** A report published to the shared client company, whose readers may read it. */
export const reportForClient = (admin: APIRequestContext, title = "Dwell"): Promise<Report> =>
  publishReport(admin, {
    title: unique(title),
    summary: "What a reader keeps on screen.",
    body: "## Thesis\n\nMargins recover as input costs fall.",
    sector: "Energy",
    audience: [{ companyId: sharedPerson("client").company.id }],
  })

/** What is recorded about the person `request` is signed in as (raw and pending events alike). */
export const myReadership = async (request: APIRequestContext): Promise<MyReadership> => {
  const response = await request.get("/api/profile/readership")
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as MyReadership
}

/** Views and reads of one report recorded about the person `request` is signed in as. */
export const countsOf = async (
  request: APIRequestContext,
  reportId: string,
): Promise<{ readonly views: number; readonly reads: number }> => {
  const { recent } = await myReadership(request)
  const of = (kind: ReadershipKind) =>
    recent.filter((event) => event.reportId === reportId && event.kind === kind).length
  return { views: of("report_view"), reads: of("report_read") }
}

/** Posts a batch of events as whoever `request` is; answers the status and body. */
export const postEvents = async (
  request: APIRequestContext,
  events: ReadonlyArray<Record<string, unknown>>,
): Promise<{ readonly status: number; readonly body: string }> => {
  const state = await request.storageState()
  const csrf = state.cookies.find((cookie) => cookie.name === "folio_csrf")?.value ?? ""
  const response = await request.post("/api/events", {
    data: { events },
    headers: { "x-folio-csrf": csrf },
  })
  return { status: response.status(), body: await response.text() }
}

/** Posts events that must be taken. */
export const recordEvents = (request: APIRequestContext, events: ReadonlyArray<Record<string, unknown>>) =>
  write<{ accepted: number }>(request, "POST", "/api/events", { events }, 200)

/**
 * Prepares a page for timed visits, before any script of the console runs:
 *
 * - Headless Chromium keeps every page visible: bringing another page to the front, minimizing
 *   the window (CDP `Browser.setWindowBounds`) and freezing the page (`Page.setWebLifecycleState`)
 *   all leave `document.visibilityState` "visible" (tried on Chromium 156). So the page's own view
 *   of it is replaced: `document.visibilityState` and `document.hidden` answer what `setTabHidden`
 *   last said, and each change fires `visibilitychange` on the document, as a browser does when a
 *   tab is switched away and back.
 * - The tracker announces each visit it times (`folio:readership-visit` on `window`); they are
 *   kept in `__folioVisits`, for `openReportTimed` to wait on.
 */
export const prepareTab = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    let hidden = false
    Object.defineProperty(Document.prototype, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    })
    Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden })
    const visits: string[] = []
    Object.defineProperty(window, "__folioVisits", { value: visits })
    window.addEventListener("folio:readership-visit", (event) => {
      visits.push((event as CustomEvent<{ reportId: string }>).detail.reportId)
    })
    Object.defineProperty(window, "__folioSetTabHidden", {
      value: (next: boolean) => {
        if (next === hidden) return
        hidden = next
        document.dispatchEvent(new Event("visibilitychange"))
      },
    })
  })
}

/** Hides or shows the tab (needs `prepareTab` first). */
export const setTabHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((next) => {
    ;(window as unknown as { __folioSetTabHidden: (hidden: boolean) => void }).__folioSetTabHidden(next)
  }, hidden)

/**
 * Opens a report page under the fake clock (installed, and let run while the page loads), waits
 * until the tracker times the visit (it loads after the first screen), then stops the clock a
 * second later: from there only `page.clock.runFor` moves it on.
 */
export const openReportTimed = async (page: Page, report: Report): Promise<void> => {
  await page.clock.resume()
  await page.goto(`/reports/${report.id}`)
  await expect(page.getByRole("heading", { name: report.title, level: 1 })).toBeVisible()
  await expect
    .poll(
      () =>
        page.evaluate(
          (id) => (window as unknown as { __folioVisits: string[] }).__folioVisits.includes(id),
          report.id,
        ),
      { message: "the tracker times the visit" },
    )
    .toBe(true)
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1_000)
}
