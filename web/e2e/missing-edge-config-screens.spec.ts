import pg from "pg"
import { screenshotsOf } from "./support/config"
import { expect, test } from "./support/fixtures"
import { freePort, type OwnServer, startServer } from "./support/server"

/**
 * How /missing-edge-config looks, at desktop and phone widths, light and dark: on a server of its
 * own (taking the suite's server's configuration away would turn every other spec away), whose
 * configuration table is renamed away and then back.
 */
test("the missing-configuration page shows the cause and the fix, then goes back by itself", async ({
  browser,
}) => {
  const external = process.env.DATABASE_URL
  test.skip(external === undefined, "needs an external PostgreSQL (DATABASE_URL) to rename the table in")
  // Starting a server of its own takes 10–30 s on a busy 2-core machine.
  test.slow()
  const name = `gate_${process.pid}_${Date.now().toString(36)}`
  const url = new URL(external ?? "")
  url.pathname = `/folio_e2e_kept_${name}`
  let server: OwnServer | undefined
  const db = new pg.Client({ connectionString: url.toString() })
  try {
    server = await startServer(await freePort(), { E2E_DATABASE: name, E2E_DATABASE_DROP_ON_EXIT: "1" })
    await db.connect()
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await page.goto("/login")
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()

    // Away, and a forced reload of the store (what a lost connection's reconnect does).
    await db.query("alter table config_versions rename to config_versions_away")
    await db.query("select pg_notify('folio_config', 'e2e')")
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
    await db.query("alter table config_versions_away rename to config_versions")
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 })
    await context.close()
  } finally {
    await db.end().catch(() => undefined)
    await server?.stop()
  }
})
