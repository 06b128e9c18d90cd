import { readFile } from "node:fs/promises"
import type { CreatedChannel } from "@folio/core"
import type { Page } from "@playwright/test"
import { addPerson, signInAs } from "./support/accounts"
import { adminStorageState } from "./support/admin"
import { screenshotsOf } from "./support/config"
import { unique, write } from "./support/directory"
import { expect, test } from "./support/fixtures"

test.use({ storageState: adminStorageState })

const openTab = async (page: Page, name: string) => {
  await page.getByRole("tab", { name }).click()
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true")
}

test("health shows the database and this server instance, at desktop and phone widths", async ({ page }) => {
  await page.goto("/control-panel")
  await expect(page.getByRole("heading", { name: "Control panel", level: 1 })).toBeVisible()
  const database = page.getByRole("group", { name: "Database" })
  await expect(database).toContainText(/\d+(\.\d+)? ms/)
  await expect(database).toContainText("Reachable")
  await expect(page.getByRole("group", { name: "Migrations" })).toContainText("Up to date")
  const self = page
    .getByRole("list", { name: "Server instances" })
    .getByRole("listitem", { name: /this instance/ })
  await expect(self).toContainText("Running")
  await expect(self).toContainText("Last heartbeat")
  await expect(page.getByRole("group", { name: "Job queue" })).toContainText("Failed for good")

  await screenshotsOf(page, "control-panel-health", async () => {
    await expect(self).toContainText("Running")
  })
})

test("jobs & deliveries lists a failed delivery with its error and retries it, at desktop and phone widths", async ({
  page,
  adminApi,
}) => {
  // Nothing listens on the discard port: the test delivery fails at once, and is retried later.
  const name = unique("Unreachable hook")
  const channel = await write<CreatedChannel>(
    adminApi,
    "POST",
    "/api/channels",
    { name, kind: "webhook", url: "http://127.0.0.1:9/hooks/control-panel" },
    201,
  )
  await write(adminApi, "POST", `/api/channels/${channel.channel.id}/test`, undefined, 202)

  await page.goto("/control-panel")
  await openTab(page, "Jobs & deliveries")
  await expect(page).toHaveURL(/tab=work/)
  for (const heading of ["Failed jobs", "Failed deliveries", "Failed mail"]) {
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible()
  }
  const failed = page
    .getByRole("list", { name: "Failed deliveries" })
    .getByRole("listitem", { name: `Test to ${name}` })
  await expect(failed).toContainText("Failed")
  await expect(failed).toContainText(/ECONNREFUSED|connect|refused/i)
  await failed.getByRole("button", { name: `Retry Test to ${name}` }).click()
  const notice = page.getByText("1 delivery queued again.")
  await expect(notice).toBeVisible()
  // The screenshots are of the screen, not of a notice on its way out.
  await expect(notice).toBeHidden()

  await screenshotsOf(page, "control-panel-work", async () => {
    await expect(page.getByRole("heading", { name: "Failed mail", level: 2 })).toBeVisible()
    await expect(page.getByText(/Loading failed/)).toHaveCount(0)
  })
})

test("an admin ends someone's session from the list, and it stops working; the audit log has it, as CSV too", async ({
  page,
  adminApi,
  playwright,
  baseURL,
}) => {
  const person = await addPerson(adminApi, "reader", {
    label: "session-holder",
    name: unique("Session Holder"),
  })
  // Empty, not the admin's: the runner gives new contexts this file's storage state by default.
  const theirs = await playwright.request.newContext({
    baseURL: baseURL!,
    storageState: { cookies: [], origins: [] },
  })
  try {
    await signInAs(theirs, person)
    expect((await theirs.get("/api/session")).status()).toBe(200)

    await page.goto(`/control-panel?tab=sessions&q=${encodeURIComponent(person.email)}`)
    const sessions = page.getByRole("list", { name: "Sessions" })
    const item = sessions.getByRole("listitem", { name: new RegExp(person.name) })
    await expect(item).toHaveCount(1)
    await expect(item).toContainText(person.email)
    await item.getByRole("button", { name: new RegExp(`^Sign out ${person.name}, `) }).click()
    await expect(page.getByText(`${person.name}'s`)).toBeVisible()
    await expect(page.getByText("No session matches")).toBeVisible()
    expect((await theirs.get("/api/session")).status()).toBe(401)

    await openTab(page, "Audit log")
    const filters = page.getByRole("form", { name: "Filter the audit log" })
    await filters.getByLabel("Action").fill("auth.session_revoke")
    await filters.getByLabel("Target id").fill(person.id)
    await filters.getByRole("button", { name: "Filter" }).click()
    await expect(page).toHaveURL(/action=auth\.session_revoke/)
    const entry = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem")
    await expect(entry).toHaveCount(1)
    await expect(entry).toContainText("admin@folio.test")
    await entry.getByRole("button", { name: "Details" }).click()
    await expect(entry).toContainText("sessionId")

    const download = page.waitForEvent("download")
    await page.getByRole("link", { name: "Export CSV" }).click()
    const csv = await readFile((await (await download).path()) ?? "", "utf8")
    const lines = csv.trim().split("\n")
    expect(lines[0]).toBe("id,at,actor_email,actor_id,action,target_type,target_id,ip,before,after")
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`auth.session_revoke,user,${person.id}`)

    await screenshotsOf(page, "control-panel-audit", async () => {
      await expect(entry).toContainText("sessionId")
    })
  } finally {
    await theirs.dispose()
  }
})
