import type { Page } from "@playwright/test"
import { admin, adminStorageState } from "./support/admin"
import { isSameDocument, markDocument, sidebar } from "./support/console"
import { expect, test } from "./support/fixtures"
import { freePort, type OwnServer, startServer } from "./support/server"

/** Every page the browser fetched as a document (a full page load), from now on. */
const documentLoads = (page: Page) => {
  const loads: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads.push(new URL(request.url()).pathname)
  })
  return loads
}

test.describe("against the suite's server", () => {
  test.use({ storageState: adminStorageState })

  test("API calls name the console's deployment", async ({ page }) => {
    const deployment = page.waitForRequest((request) => request.url().endsWith("/api/session"))
    await page.goto("/dashboard")
    const consoleDeployment = await page.locator('meta[name="folio-deployment"]').getAttribute("content")
    expect(consoleDeployment).not.toBe("__FOLIO_DEPLOYMENT_ID__")
    expect((await deployment).headers()["x-folio-deployment"]).toBe(consoleDeployment)
  })

  test("navigation stays in the page while the server runs the console's deployment", async ({ page }) => {
    await page.goto("/dashboard")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await markDocument(page)
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    expect(await isSameDocument(page)).toBe(true)
  })

  test("once an API answer names another deployment, the next navigation loads the page afresh", async ({
    page,
  }) => {
    // Every answer names the newer deployment, as a server that now runs it would.
    await page.route("**/api/**", async (route) => {
      const response = await route.fetch()
      await route.fulfill({
        response,
        headers: { ...response.headers(), "x-folio-deployment": "a-newer-deployment" },
      })
    })
    await page.goto("/dashboard")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await markDocument(page)
    const loads = documentLoads(page)

    await sidebar(page).getByRole("link", { name: "Dashboard" }).click()
    await expect.poll(() => loads).toEqual(["/dashboard"])
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    expect(await isSameDocument(page)).toBe(false)
  })

  test("a route chunk that has not loaded within 3.8 s falls back to a full page load", async ({ page }) => {
    await page.goto("/dashboard")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await markDocument(page)
    const loads = documentLoads(page)

    // The tickers screen's chunk stalls once (a flaky network, a CDN that lost it); then it is served.
    let stalled = false
    await page.route(/\/assets\/tickers\.index-[\w-]+\.js$/, async (route) => {
      if (stalled) return route.continue()
      stalled = true
      await new Promise((wake) => setTimeout(wake, 8_000))
      return route.continue().catch(() => {})
    })
    await sidebar(page).getByRole("link", { name: "Tickers" }).click()
    // The screen's pending state shows at once; the chunk it waits for does not come.
    await expect(page.getByRole("heading", { name: "Tickers", level: 1 })).toBeVisible()
    expect(stalled).toBe(true)

    await expect.poll(() => loads, { timeout: 8_000 }).toEqual(["/tickers"])
    await expect(page.getByRole("heading", { name: "Tickers", level: 1 })).toBeVisible()
    expect(await isSameDocument(page)).toBe(false)
  })
})

test.describe("a server restarted with a new deployment id", () => {
  let server: OwnServer | undefined
  test.afterEach(async () => {
    await server?.stop()
  })

  test("makes the next navigation a full page load, even with no API call in between", async ({
    browser,
  }) => {
    // Slow by design: it starts two servers of its own (the first one migrates a new database),
    // 10–20 s on a quiet 2-core machine, well past what one test may take of the usual budget.
    test.slow()
    const port = await freePort()
    // A database that outlives the first process; the second one drops it when it stops.
    const database = `deploy_${process.pid}_${Date.now().toString(36)}`
    server = await startServer(port, { FOLIO_DEPLOYMENT_ID: "one", E2E_DATABASE: database })

    const context = await browser.newContext({ baseURL: server.url })
    const signIn = await context.request.post("/api/session", {
      data: { email: admin.email, password: admin.password },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    const page = await context.newPage()
    // The console asks the server again only when its last answer is a few seconds old; the
    // clock makes "a few seconds later" exact instead of waiting for it.
    await page.clock.install()
    await page.goto("/dashboard")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="folio-deployment"]')).toHaveAttribute("content", "one")
    await markDocument(page)
    // Documents and API calls from here on, in order.
    const requests: Array<string> = []
    page.on("request", (request) => {
      const url = new URL(request.url())
      if (request.resourceType() === "document") requests.push(`document ${url.pathname}`)
      else if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`)
    })

    await test.step("stop the server running deployment one", () => server?.stop())
    server = await test.step("start deployment two on the same port and data", () =>
      startServer(port, {
        FOLIO_DEPLOYMENT_ID: "two",
        E2E_DATABASE: database,
        E2E_DATABASE_DROP_ON_EXIT: "1",
      }))
    await page.clock.fastForward(10_000)

    await sidebar(page).getByRole("link", { name: "Reports", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="folio-deployment"]')).toHaveAttribute("content", "two")
    expect(await isSameDocument(page)).toBe(false)
    // No screen's API call had told the old console: it asked which deployment runs, then left.
    expect(requests.filter((request) => request.startsWith("document "))).toEqual(["document /reports"])
    const asked = requests.indexOf("HEAD /api/health")
    expect(asked, requests.join("\n")).toBeGreaterThanOrEqual(0)
    expect(asked).toBeLessThan(requests.indexOf("document /reports"))
    await context.close()
  })
})
