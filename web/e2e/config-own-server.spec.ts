import type { Browser } from "@playwright/test"
import { signInThroughApi } from "./support/admin"
import { screenshotsOf, setConfig } from "./support/config"
import { expect, test } from "./support/fixtures"
import { type ServerWithDatabase, startOwnServer } from "./support/ownServer"

/**
 * What would turn the suite's other specs away, on a server of its own: password sign-in off
 * (everyone's password but the admins'), and the configuration table renamed away (everything).
 * One server for the file, started once (10–30 s on a busy 2-core machine); the tests run in order.
 */
test.describe.configure({ mode: "serial" })
test.skip(process.env.DATABASE_URL === undefined, "needs an external PostgreSQL for a server of its own")

let own: ServerWithDatabase | undefined
const server = (): ServerWithDatabase => {
  if (own === undefined) throw new Error("the server of this file did not start")
  return own
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  own = await startOwnServer("site")
})

test.afterAll(async () => {
  await own?.stop()
})

/** The admin's session on this file's server, signed in through the API (fast; sign-in is not tested here). */
const adminContext = async (browser: Browser) => {
  const context = await browser.newContext({ baseURL: server().server.url })
  await signInThroughApi(context.request)
  return context
}

test("with password sign-in switched off on /admin-config, the sign-in page offers the link, and admins their password", async ({
  browser,
}) => {
  const context = await adminContext(browser)
  const page = await context.newPage()
  await page.goto("/admin-config")
  await page.getByRole("switch", { name: "Password sign-in" }).click({ force: true })
  await page.getByRole("form", { name: "Unsaved changes" }).getByRole("button", { name: "Save" }).click()
  await expect(page.getByText("Changed by admin@folio.test")).toBeVisible()
  await context.close()

  const visitor = await (await browser.newContext({ baseURL: server().server.url })).newPage()
  await visitor.goto("/login")
  await expect(visitor.getByRole("heading", { name: "Email me a sign-in link" })).toBeVisible()
  await expect(visitor.getByLabel("Password", { exact: true })).toHaveCount(0)
  await expect(visitor.getByRole("button", { name: /password instead/ })).toHaveCount(0)
  await visitor.getByRole("button", { name: "Sign in with a password as an admin" }).click()
  await expect(visitor.getByLabel("Password", { exact: true })).toBeVisible()
  await visitor.context().close()
})

test("with sign-in links off as well, the sign-in page leaves single sign-on and the admins' password", async ({
  browser,
}) => {
  const admin = await adminContext(browser)
  await setConfig(admin.request, { "auth.password.enabled": false, "auth.magicLink.enabled": false })
  await admin.close()

  const visitor = await (await browser.newContext({ baseURL: server().server.url })).newPage()
  await visitor.goto("/login")
  await expect(visitor.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible()
  await expect(visitor.getByRole("link", { name: "Sign in with Folio Test ID" })).toBeVisible()
  await expect(visitor.getByRole("button", { name: "Email me a sign-in link" })).toHaveCount(0)
  await expect(visitor.getByLabel("Password", { exact: true })).toHaveCount(0)
  await visitor.getByRole("button", { name: "Sign in with a password as an admin" }).click()
  await expect(visitor.getByLabel("Password", { exact: true })).toBeVisible()
  await visitor.context().close()
})

test("the missing-configuration page shows the cause and the fix, then goes back by itself", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server().server.url })
  const page = await context.newPage()
  await page.goto("/login")
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()

  // Away, and a forced reload of the store (what a lost connection's reconnect does).
  await server().db.query("alter table config_versions rename to config_versions_away")
  await server().db.query("select pg_notify('folio_config', 'e2e')")
  await page.goto("/login")
  await expect(page).toHaveURL(/\/missing-edge-config$/)
  await page.goto("/reports")
  await expect(page).toHaveURL(/\/missing-edge-config\?from=%2Freports/)
  await expect(page.getByTestId("config-missing-reason")).toContainText("config_versions does not exist")
  await expect(page.getByTestId("config-missing-fix")).toContainText(
    "ALTER TABLE public.config_versions_away RENAME TO config_versions;",
  )
  await screenshotsOf(page, "missing-edge-config", async () => {
    await expect(page.getByRole("button", { name: "Copy the fix" })).toBeVisible()
  })

  // Back: the server recovers on its own and the page leaves for where the person was going.
  await server().db.query("alter table config_versions_away rename to config_versions")
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 })
  await context.close()
})
