import { adminStorageState } from "./support/admin"
import { configValue, readConfig, screenshotsOf, setConfig } from "./support/config"
import { unique } from "./support/directory"
import { expect, test } from "./support/fixtures"

test.use({ storageState: adminStorageState })
// One after another: each reads the store's versions, which the others' changes would move.
test.describe.configure({ mode: "default" })

test("an admin sets the banner with a comment, sees it at once, and finds the change in the history", async ({
  page,
  adminApi,
}) => {
  const message = unique("Quarterly outlook call at 3 pm")
  const comment = unique("Announce the call")
  const previous = configValue(await readConfig(adminApi), "banner.message")
  try {
    await page.goto("/admin-config")
    await page.getByRole("textbox", { name: "Banner", exact: true }).fill(message)
    const changes = page.getByRole("form", { name: "Unsaved changes" })
    await expect(changes).toContainText("1 unsaved change")
    await changes.getByRole("textbox", { name: "Comment" }).fill(comment)
    await changes.getByRole("button", { name: "Save" }).click()

    // The banner shows on every signed-in page at once, this one included.
    await expect(page.getByRole("note", { name: "Announcement" })).toHaveText(message)
    await expect(changes).toBeHidden()
    const saved = await readConfig(adminApi)
    expect(configValue(saved, "banner.message")).toBe(message)

    const version = page.getByRole("group", { name: `Version ${saved.version}` })
    await expect(version).toContainText(comment)
    await expect(version).toContainText("banner.message")
    await expect(version).toContainText(JSON.stringify(message))
    await expect(version).toContainText("Current")

    // The diff between the version before and this one names the key and the new value.
    await version.getByRole("button", { name: `Compare with ${saved.version - 1}` }).click()
    const diff = page.getByTestId("version-diff")
    await expect(diff).toContainText("banner.message")
    await expect(diff).toContainText(JSON.stringify(message))
  } finally {
    // Every signed-in page of the suite shows the banner: take it down again however this ends.
    await setConfig(adminApi, { "banner.message": previous }, "e2e clean-up")
  }
})

test("rolling back to the version before a change restores it, after a confirmation", async ({
  page,
  adminApi,
}) => {
  const before = await readConfig(adminApi)
  const previous = configValue(before, "banner.message")
  const changed = await setConfig(adminApi, { "banner.message": unique("Office closed on Friday") })

  await page.goto("/admin-config")
  await page
    .getByRole("group", { name: `Version ${before.version}` })
    .getByRole("button", { name: "Roll back to this version" })
    .click()
  const dialog = page.getByRole("dialog", { name: `Roll back to version ${before.version}?` })
  await dialog.getByRole("textbox", { name: "Comment" }).fill("Office open after all")
  await dialog.getByRole("button", { name: "Roll back" }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByRole("textbox", { name: "Banner", exact: true })).toHaveValue(String(previous))
  const rolledBack = page.getByRole("group", { name: `Version ${changed.version + 1}` })
  await expect(rolledBack).toContainText(`Rollback to ${before.version}`)
  await expect(rolledBack).toContainText("Office open after all")
  expect(configValue(await readConfig(adminApi), "banner.message")).toBe(previous)
})

test("a save against a store someone else changed meanwhile is refused with 412 and offers a reload", async ({
  page,
  adminApi,
}) => {
  const previous = configValue(await readConfig(adminApi), "banner.message")
  try {
    await page.goto("/admin-config")
    const banner = page.getByRole("textbox", { name: "Banner", exact: true })
    await banner.fill(unique("Mine"))
    // Another admin (or a CI job) changes the store after this page loaded it.
    const theirs = unique("Theirs")
    await setConfig(adminApi, { "banner.message": theirs }, "the other admin")

    const changes = page.getByRole("form", { name: "Unsaved changes" })
    await changes.getByRole("button", { name: "Save" }).click()
    await expect(changes.getByRole("alert")).toContainText("Someone else changed the configuration")
    expect(configValue(await readConfig(adminApi), "banner.message")).toBe(theirs)

    await changes.getByRole("button", { name: "Reload the configuration" }).click()
    await expect(changes.getByRole("alert")).toBeHidden()
    await page.getByRole("button", { name: "Undo the change to banner.message" }).click()
    await expect(banner).toHaveValue(theirs)
  } finally {
    await setConfig(adminApi, { "banner.message": previous }, "e2e clean-up")
  }
})

test("a number outside a key's bounds is refused at its field and nothing is sent", async ({
  page,
  adminApi,
}) => {
  const before = await readConfig(adminApi)
  await page.goto("/admin-config")
  const retryAfter = page.getByRole("textbox", { name: "Retry after (seconds)" })
  await retryAfter.fill("0")
  await expect(page.getByText("Retry-After is between 1 and 86400")).toBeVisible()
  await expect(retryAfter).toHaveAttribute("aria-invalid", "true")

  const changes = page.getByRole("form", { name: "Unsaved changes" })
  await expect(changes).toContainText("1 problem to fix")
  await changes.getByRole("button", { name: "Save" }).click()
  await expect(changes).toContainText("Fix the marked fields first.")
  await expect(retryAfter).toBeFocused()
  expect((await readConfig(adminApi)).version).toBe(before.version)

  // A free key's value is checked as JSON before it joins the changes.
  await page.getByRole("textbox", { name: "Key", exact: true }).fill("e2e.flags")
  await page.getByRole("textbox", { name: "Value (JSON)" }).fill("{ enabled: true }")
  await page.getByRole("button", { name: "Add to changes" }).click()
  await expect(page.getByText(/^Not valid JSON: /)).toBeVisible()

  await page.getByRole("button", { name: "Undo the change to maintenance.retryAfterSeconds" }).click()
  await expect(changes).toBeHidden()
  await expect(retryAfter).toHaveValue(String(configValue(before, "maintenance.retryAfterSeconds")))
})

for (const width of [1280, 390] as const) {
  test(`the configuration screen at ${width} px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 860 })
    await page.goto("/admin-config")
    await screenshotsOf(
      page,
      "admin-config",
      async () => {
        await expect(page.getByRole("heading", { name: "Configuration", level: 1 })).toBeVisible()
        await expect(page.getByRole("list", { name: "Versions" }).getByRole("group").first()).toBeVisible()
      },
      [width],
    )
  })
}
