import type { CreatedChannel } from "@folio/core"
import type { APIRequestContext, Page } from "@playwright/test"
import { adminStorageState, storageStateOf } from "./support/admin"
import { unique, write } from "./support/directory"
import { expect, test } from "./support/fixtures"

/**
 * The e2e server allows webhooks on loopback (as an operator may allow a network); nothing listens
 * on the discard port, so deliveries there fail at once, which is all these specs need of them.
 */
const receiverUrl = "http://127.0.0.1:9/hooks/folio-e2e"

const createWebhook = (admin: APIRequestContext, name: string): Promise<CreatedChannel> =>
  write<CreatedChannel>(admin, "POST", "/api/channels", { name, kind: "webhook", url: receiverUrl }, 201)

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

test.describe("as an editor", () => {
  test.use({ storageState: storageStateOf("editor") })

  test("a new webhook shows its signing secret once; a private address is refused at its field", async ({
    page,
  }) => {
    const name = unique("Client webhook")
    await page.goto("/channels")
    await expect(page.getByRole("heading", { name: "Channels", level: 1 })).toBeVisible()
    await page.getByRole("button", { name: "New channel" }).first().click()
    const dialog = page.getByRole("dialog", { name: "New channel" })
    await dialog.getByRole("textbox", { name: "Name" }).fill(name)
    await dialog.getByRole("textbox", { name: "Endpoint URL" }).fill("http://10.20.30.40/hook")
    await dialog.getByRole("button", { name: "Create channel" }).click()
    // The server's refusal, under the field it is about.
    const url = dialog.getByRole("textbox", { name: "Endpoint URL" })
    await expect(url).toHaveAttribute("aria-invalid", "true")
    await expect(dialog.getByText(/private address/)).toBeVisible()
    await expect(url).toBeFocused()

    await url.fill(receiverUrl)
    await dialog.getByRole("button", { name: "Create channel" }).click()
    const secret = page.getByRole("dialog", { name: "Copy the signing secret" })
    await expect(secret).toContainText("Shown only once")
    await expect(secret.getByLabel(`Signing secret of “${name}”`)).toHaveText(/^whsec_[A-Za-z0-9+/=]+$/)
    await expect(secret.getByRole("button", { name: "Copy secret" })).toBeVisible()
    await secret.getByRole("button", { name: "I have stored it" }).click()
    await expect(secret).toBeHidden()

    const row = page.getByRole("table", { name: "Channels" }).getByRole("row", { name: new RegExp(name) })
    await expect(row).toContainText("Webhook")
    await expect(row).toContainText(receiverUrl)
    await expect(page.getByText(/whsec_/)).toHaveCount(0)
  })

  test("a test send shows its delivery, and the delivery log lists it", async ({ page, adminApi }) => {
    const name = unique("Test target")
    await createWebhook(adminApi, name)
    await page.goto("/channels")
    await page.getByRole("button", { name: `Actions for ${name}` }).click()
    await page.getByRole("menuitem", { name: "Send a test" }).click()
    const result = page.getByRole("dialog", { name: "Test delivery sent" })
    const delivery = result.getByRole("table", { name: "Test delivery" })
    await expect(delivery).toContainText(name)
    await expect(delivery).toContainText(/Pending|Sending|Failed|Delivered/)
    await result.getByRole("button", { name: "Done" }).click()

    // The log, narrowed to that channel from its menu.
    await page.getByRole("button", { name: `Actions for ${name}` }).click()
    await page.getByRole("menuitem", { name: "Show its deliveries" }).click()
    await expect(page).toHaveURL(/channel=/)
    const log = page.getByRole("table", { name: "Deliveries" })
    await expect(log.getByRole("row")).toHaveCount(2)
    await expect(log).toContainText(name)
    await expect(log).toContainText("test")
  })

  test("rotating a webhook's secret shows the new one once, with the old one's overlap", async ({
    page,
    adminApi,
  }) => {
    const name = unique("Rotated webhook")
    const created = await createWebhook(adminApi, name)
    await page.goto("/channels")
    await page.getByRole("button", { name: `Actions for ${name}` }).click()
    await page.getByRole("menuitem", { name: "Rotate secret…" }).click()
    await page
      .getByRole("dialog", { name: "Rotate the signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click()
    const secret = page.getByRole("dialog", { name: "Copy the signing secret" })
    await expect(secret).toContainText("keeps signing deliveries")
    const shown = await secret.getByLabel(`Signing secret of “${name}”`).textContent()
    expect(shown).toMatch(/^whsec_/)
    expect(shown).not.toBe(created.secret)
    await secret.getByRole("button", { name: "I have stored it" }).click()
    await expect(
      page.getByRole("table", { name: "Channels" }).getByRole("row", { name: new RegExp(name) }),
    ).toContainText("Old secret valid until")
  })

  test("disabling a channel from its switch, and the delivery log's status filter in the URL", async ({
    page,
    adminApi,
  }) => {
    const name = unique("Switchable")
    await createWebhook(adminApi, name)
    await page.goto("/channels")
    const enabled = page.getByRole("switch", { name: `${name} enabled` })
    await expect(enabled).toBeChecked()
    await enabled.click({ force: true })
    await expect(enabled).not.toBeChecked()
    await page.reload()
    await expect(page.getByRole("switch", { name: `${name} enabled` })).not.toBeChecked()

    await page.goto("/channels?status=dead")
    await expect(page.getByRole("search", { name: "Filter deliveries" })).toContainText("Dead")
  })
})

test.describe("on a phone", () => {
  test.use({
    storageState: adminStorageState,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })

  for (const scheme of ["light", "dark"] as const) {
    test(`channels and the delivery log scroll inside their cards, not the page (${scheme})`, async ({
      page,
      adminApi,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await createWebhook(adminApi, unique("Phone webhook"))
      await page.goto("/channels")
      await expect(page.getByRole("table", { name: "Channels" })).toBeVisible()
      await noSidewaysScroll(page)
    })
  }
})

test.describe("as a reader", () => {
  test.use({ storageState: storageStateOf("reader") })

  test("my private feed's address is shown once when made, and revoking it stops the feed", async ({
    page,
  }) => {
    await page.goto("/profile")
    const feed = page.getByRole("region", { name: "Private feed" })
    // Start from no feed, whatever an earlier run left.
    if (await feed.getByRole("button", { name: "Revoke" }).isVisible()) {
      await feed.getByRole("button", { name: "Revoke" }).click()
      await page
        .getByRole("dialog", { name: "Revoke your feed?" })
        .getByRole("button", { name: "Revoke" })
        .click()
    }
    await feed.getByRole("button", { name: "Make my feed address" }).click()
    await expect(feed).toContainText("shown only once")
    const address = (await feed.getByLabel("Atom feed address", { exact: true }).textContent()) ?? ""
    expect(address).toMatch(/^https?:\/\//)
    expect((await page.request.get(address)).status()).toBe(200)

    await page.reload()
    await expect(page.getByRole("region", { name: "Private feed" })).toContainText("It is not shown again")
    await expect(page.getByText(address)).toHaveCount(0)
    await page.getByRole("region", { name: "Private feed" }).getByRole("button", { name: "Revoke" }).click()
    await page
      .getByRole("dialog", { name: "Revoke your feed?" })
      .getByRole("button", { name: "Revoke" })
      .click()
    await expect(page.getByRole("region", { name: "Private feed" })).toContainText("You have no feed address")
    expect((await page.request.get(address)).status()).toBe(404)
  })
})
