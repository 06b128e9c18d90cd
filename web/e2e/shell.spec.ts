import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"

test.use({ storageState: adminStorageState })

const colorScheme = (page: import("@playwright/test").Page) =>
  page.locator("html").getAttribute("data-mantine-color-scheme")

test("the navigation lists the areas the role may see, and marks the current one", async ({ page }) => {
  await page.goto("/dashboard")
  const nav = page.getByRole("navigation", { name: "Main navigation" })
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Reports",
    "Favorites",
    "Podcasts",
    "Import",
    "AI playground",
    "Release schedule",
    "Channels",
    "Podcast admin",
    "Tickers",
    "Coverage",
    "KPIs",
    "Analytics",
    "Search",
    "Companies",
    "Users",
    "Developer",
    "Error reports",
    "Configuration",
    "Control panel",
    "Profile",
  ])
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page")

  // A page under another area's path marks only its own area.
  await nav.getByRole("link", { name: "Favorites" }).click()
  await expect(page).toHaveURL("/reports/favorites")
  await expect(nav.locator('[aria-current="page"]')).toHaveText(["Favorites"])
  await expect(nav.locator("a[data-active]")).toHaveText(["Favorites"])
})

test("the colour scheme toggle switches light and dark and remembers the choice", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" })
  await page.goto("/dashboard")
  await expect.poll(() => colorScheme(page)).toBe("light")

  await page.getByRole("button", { name: "Use dark colour scheme" }).click()
  await expect.poll(() => colorScheme(page)).toBe("dark")
  await expect(page.getByRole("button", { name: "Use light colour scheme" })).toBeVisible()

  await page.reload()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await expect.poll(() => colorScheme(page)).toBe("dark")

  await page.getByRole("button", { name: "Use light colour scheme" }).click()
  await expect.poll(() => colorScheme(page)).toBe("light")
})

test("a stored dark choice applies before the console's code has run", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" })
  await page.addInitScript(() => window.localStorage.setItem("mantine-color-scheme-value", "dark"))
  // Without its entry module the console never starts: what shows is index.html's boot screen.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort())
  await page.goto("/dashboard")
  await expect(page.getByRole("status")).toHaveText("Loading Folio…")
  expect(await colorScheme(page)).toBe("dark")
})

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" })

  test("the console follows the system until the user chooses", async ({ page }) => {
    await page.goto("/dashboard")
    await expect.poll(() => colorScheme(page)).toBe("dark")
    await expect(page.getByRole("button", { name: "Use light colour scheme" })).toBeVisible()
  })
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test("the navigation opens from the burger and closes after choosing", async ({ page }) => {
    await page.goto("/dashboard")
    const nav = page.getByRole("navigation", { name: "Main navigation" })
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toBeInViewport()

    await page.getByRole("button", { name: "Open navigation" }).click()
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeInViewport()

    await nav.getByRole("link", { name: "Dashboard" }).click()
    await expect(page.getByRole("button", { name: "Open navigation" })).toBeVisible()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  })
})

test("the account menu, whose code loads after the first screen, opens from a click made before it arrived", async ({
  page,
}) => {
  // Hold the menu's chunk back until the click has been made on the button standing in for it.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/AccountMenu-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto("/reports")
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
  const account = page.getByRole("button", { name: /^Account menu for / })
  // Not yet usable, and said so; `force` clicks it all the same, as an impatient person would.
  await expect(account).toHaveAttribute("aria-disabled", "true")
  await account.click({ force: true })
  release()
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible()
  await expect(account).not.toHaveAttribute("aria-disabled")
})
