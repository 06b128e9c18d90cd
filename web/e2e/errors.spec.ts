import { readFile } from "node:fs/promises"
import { clientExceptionText, serverExceptionText, unexpectedResponseText } from "@folio/core"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { eventTags, sentEnvelopes } from "./support/sentry"

test.use({ storageState: adminStorageState })

const hostOf = (url: string): string => new URL(url).host

test("a server failure shows the server-side text with a digest that is in the server log", async ({
  page,
  baseURL,
}) => {
  await page.goto("/dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

  const sent = sentEnvelopes(page)
  await page.setExtraHTTPHeaders({ "x-folio-test-fault": "500" })
  await page.reload()

  const alert = page.getByRole("alert")
  await expect(alert).toContainText("Digest: ")
  const text = (await alert.textContent()) ?? ""
  const digest = /Digest: (\S+)\.$/.exec(text)?.[1]
  expect(digest, text).toBeTruthy()
  expect(text).toBe(serverExceptionText(hostOf(baseURL ?? page.url()), digest ?? ""))
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible()

  const serverLog = process.env.E2E_SERVER_LOG
  expect(serverLog, "playwright.config.ts sets E2E_SERVER_LOG").toBeTruthy()
  await expect
    .poll(async () => (await readFile(serverLog ?? "", "utf8").catch(() => "")).includes(digest ?? "\u0000"))
    .toBe(true)
  // The console reports what it showed, tagged with the same digest.
  await expect
    .poll(() => sent.flatMap((envelope) => eventTags(envelope.body).map((tags) => tags.digest)))
    .toContain(digest)
})

test("an exception in the console's own code shows the client-side text with the host", async ({
  page,
  baseURL,
}) => {
  // The dashboard screen's code-split chunk fails while it is evaluated, as a bug in it would.
  let served = 0
  await page.route(/\/assets\/dashboard-[\w-]+\.js$/, async (route) => {
    served += 1
    await route.fulfill({
      contentType: "text/javascript; charset=utf-8",
      body: 'throw new Error("e2e: the dashboard chunk is broken")\n',
    })
  })
  await page.goto("/dashboard")

  await expect(page.getByRole("alert")).toHaveText(clientExceptionText(hostOf(baseURL ?? page.url())))
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible()
  await expect(page).toHaveTitle("Error · Folio")
  expect(served).toBeGreaterThan(0)
})

// The reports list's loader waits for its first page (the dashboard's tiles each fail on their own).
const reportsList = /\/api\/reports(\?|$)/

test("a response of the wrong shape shows the unexpected-response text", async ({ page }) => {
  await page.route(reportsList, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ status: "fine" }) }),
  )
  await page.goto("/reports")

  await expect(page.getByRole("alert")).toHaveText(unexpectedResponseText)
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible()
})

test("Reload recovers once the fault is gone", async ({ page }) => {
  await page.route(reportsList, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
  )
  await page.goto("/reports")
  await expect(page.getByRole("alert")).toHaveText(unexpectedResponseText)

  await page.unroute(reportsList)
  await page.getByRole("button", { name: "Reload" }).click()
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
})
