import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { adminStorageState } from "./support/admin"
import { expect, test } from "./support/fixtures"
import { consoleRoutes, everyScreen, openScreen, type Screen } from "./support/routeWalk"

// WCAG 2.2 AA, as axe-core checks it: no serious or critical violation on any screen, in the
// light and the dark theme, at a desktop's and a phone's width.
const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const blocking = new Set(["serious", "critical"])

/** The rules whose outcome the colour scheme can change; the rest are the same in both themes. */
const colourRules = ["color-contrast", "link-in-text-block"]

/**
 * Serious and critical violations on the page as it is, one line each: rule, element, why. Every
 * WCAG rule, or only `rules`.
 */
const violationsOn = async (page: Page, rules?: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const builder = new AxeBuilder({ page })
  // Violations only: axe skips detailing the passes, much of its time on a large page.
  const { violations } = await (rules === undefined ? builder.withTags(wcag) : builder.withRules([...rules]))
    .options({ resultTypes: ["violations"] })
    .analyze()
  return violations
    .filter((violation) => blocking.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
      ),
    )
}

/** Transitions and animations off, so what axe measures is each colour where it ends. */
const settledColours = "*, *::before, *::after { transition: none !important; animation: none !important; }"

test.use({ storageState: adminStorageState })

/** The screens with real ids, made once per worker (the records outlive the test that made them). */
let screens: Promise<ReadonlyArray<Screen>> | undefined

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 860 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    for (const route of consoleRoutes) {
      test(`${route} has no serious or critical axe violation, light and dark`, async ({
        page,
        adminApi,
      }) => {
        screens ??= everyScreen(adminApi)
        const screen = (await screens).find((candidate) => candidate.route === route)
        if (screen === undefined) throw new Error(`no path for ${route}`)
        await page.setViewportSize(viewport)
        const found: Array<string> = []
        for (const scheme of ["light", "dark"] as const) {
          // The dark theme is switched on the open page: its colour transitions must not be
          // caught halfway (a SegmentedControl's label measured mid-fade failed contrast).
          if (scheme === "dark") await page.addStyleTag({ content: settledColours })
          await page.emulateMedia({ colorScheme: scheme })
          if (scheme === "light") await openScreen(page, screen)
          else await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark")
          const rules = scheme === "light" ? undefined : colourRules
          for (const violation of await violationsOn(page, rules)) found.push(`${scheme}: ${violation}`)
        }
        expect(found).toEqual([])
      })
    }
  })
}

test("the walk's check finds a violation when there is one", async ({ page }) => {
  await page.goto("/reports")
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible()
  await page.evaluate(() => {
    const faint = document.createElement("p")
    faint.textContent = "Grey on white, too faint to read"
    faint.style.cssText = "color:#bbb;background:#fff;font-size:14px"
    document.querySelector("main")?.append(faint)
  })
  expect((await violationsOn(page)).join("\n")).toContain("color-contrast")
})
