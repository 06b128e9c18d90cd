import type { Locator, Page } from "@playwright/test"

/** The console's sidebar (desktop widths; a phone keeps it behind the burger). */
export const sidebar = (page: Page): Locator => page.getByRole("navigation", { name: "Main navigation" })

/**
 * Moves to one of the console's areas with its sidebar link: the console's own client-side
 * navigation, so no page load (1.5 MB of JavaScript parsed again) where loading is not what is
 * tested. `page.goto` stays for the first page of a test and for addresses typed or mailed.
 */
export const openFromSidebar = async (page: Page, label: string): Promise<void> => {
  await sidebar(page).getByRole("link", { name: label, exact: true }).click()
}

/**
 * Marks the current document, so a test can tell later whether a full page load replaced it
 * (`isSameDocument` false) or the console moved within it.
 */
export const markDocument = (page: Page): Promise<unknown> =>
  page.evaluate(() => Object.assign(window, { folioE2eDocument: true }))

export const isSameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => "folioE2eDocument" in window)
