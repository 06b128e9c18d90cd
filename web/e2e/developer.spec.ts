import { createPerson, signInAs } from "./support/accounts"
import { storageStateOf } from "./support/admin"
import { expect, test } from "./support/fixtures"

const bearerSession = (baseURL: string, secret: string) =>
  // Plain fetch: no cookie jar, only the token.
  fetch(new URL("/api/session", baseURL), { headers: { authorization: `Bearer ${secret}` } })

test("a developer creates a token, sees its secret once, uses it, and revokes it", async ({
  page,
  request,
  baseURL,
}) => {
  const developer = await createPerson(request, "developer", "devuser")
  await signInAs(page.request, developer)
  const referenceChunks: string[] = []
  page.on("request", (r) => {
    if (/ApiReference/.test(r.url())) referenceChunks.push(r.url())
  })

  await page.goto("/dashboard")
  await page.getByRole("link", { name: "Developer" }).click()
  await expect(page).toHaveURL("/developer")
  await expect(page).toHaveTitle("Developer · Folio")
  await expect(page.getByRole("heading", { name: "No API tokens yet" })).toBeVisible()

  await page.getByRole("button", { name: "Create a token" }).click()
  const dialog = page.getByRole("dialog", { name: "Create an API token" })
  await expect(dialog.getByLabel("Name")).toBeFocused()
  // Validated with core's schema before asking the server.
  await dialog.getByRole("button", { name: "Create token" }).click()
  await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription(/Give the token a name/)
  await expect(dialog.getByRole("checkbox", { name: "admin" })).toBeDisabled()

  await dialog.getByLabel("Name").fill("CI release job")
  await dialog.getByRole("checkbox", { name: "write" }).check()
  await dialog.getByLabel("Expires").selectOption("30")
  await dialog.getByRole("button", { name: "Create token" }).click()

  const shown = page.getByRole("dialog", { name: "Copy your new token" })
  await expect(shown.getByText("it is shown only once")).toBeVisible()
  const secret = (await shown.getByTestId("new-token-secret").textContent())?.trim() ?? ""
  expect(secret).toMatch(/^folio_pat_/)
  await expect(shown.getByRole("button", { name: "Copy token" })).toBeVisible()
  await shown.getByRole("button", { name: "Done" }).click()

  const row = page.getByRole("row", { name: /CI release job/ })
  await expect(row).toContainText("read")
  await expect(row).toContainText("write")
  await expect(row).toContainText("Never")
  await expect(page.getByText(secret)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole("row", { name: /CI release job/ })).toBeVisible()
  await expect(page.getByText(secret)).toHaveCount(0)

  const used = await bearerSession(baseURL!, secret)
  expect(used.status).toBe(200)
  expect((await used.json()).user.email).toBe(developer.email)

  await page.getByRole("button", { name: "Revoke CI release job" }).click()
  const confirm = page.getByRole("dialog", { name: /Revoke “CI release job”/ })
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused()
  await confirm.getByRole("button", { name: "Revoke token" }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole("heading", { name: "No API tokens yet" })).toBeVisible()
  expect((await bearerSession(baseURL!, secret)).status).toBe(401)

  // The API reference's renderer is loaded only for its tab.
  expect(referenceChunks).toEqual([])
})

test("the API reference is rendered from /api/openapi.json, on demand", async ({ page, request }) => {
  const developer = await createPerson(request, "developer", "devref")
  await signInAs(page.request, developer)
  await page.goto("/developer")
  const openapi = page.waitForResponse((r) => r.url().endsWith("/api/openapi.json"))
  await page.getByRole("tab", { name: "API reference" }).click()
  await expect(page).toHaveURL("/developer?tab=reference")
  expect((await openapi).status()).toBe(200)
  const reference = page.getByRole("region", { name: "API reference" })
  await expect(reference.getByRole("heading", { name: "Folio API" })).toBeVisible({ timeout: 20_000 })
  // Every group of core's contract is there, e.g. the tokens this page manages.
  await expect(reference.getByRole("heading", { name: /^API tokens$/i })).toBeVisible()

  await page.getByRole("tab", { name: "Use the CLI" }).click()
  await expect(page).toHaveURL("/developer?tab=cli")
  const origin = new URL(page.url()).origin
  await expect(page.getByText(`npx folio login --url ${origin} --email ${developer.email}`)).toBeVisible()
  await expect(page.getByText(`export FOLIO_URL=${origin}`)).toBeVisible()
  await expect(page.getByText("npx folio doctor")).toBeVisible()
})

test.describe("as a publisher's analyst", () => {
  test.use({ storageState: storageStateOf("analyst") })

  test("roles without API tokens see no Developer area", async ({ page }) => {
    await page.goto("/dashboard")
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible()
    await expect(page.getByRole("link", { name: "Developer" })).toHaveCount(0)
    await page.goto("/developer")
    await expect(
      page.getByRole("heading", { name: "The developer area is for developers and admins" }),
    ).toBeVisible()
  })
})
