import type { ConfigSnapshot } from "@folio/core"
import { type APIRequestContext, expect, type Page } from "@playwright/test"
import { write } from "./directory"
import { sidewaysScroll } from "./sideways"

/** The store as the admin's API context reads it. */
export const readConfig = async (admin: APIRequestContext): Promise<ConfigSnapshot> => {
  const response = await admin.get("/api/config")
  expect(response.status(), await response.text()).toBe(200)
  return response.json()
}

/** A known key's value in a snapshot read over HTTP. */
export const configValue = (snapshot: ConfigSnapshot, key: string): unknown =>
  snapshot.entries.find((entry) => entry.key === key)?.value

/** Sets keys through the API, as a CI job or `folio config set` would. */
export const setConfig = (
  admin: APIRequestContext,
  values: Readonly<Record<string, unknown>>,
  comment = "e2e setup",
): Promise<ConfigSnapshot> =>
  write<ConfigSnapshot>(
    admin,
    "PATCH",
    "/api/config",
    {
      operations: Object.entries(values).map(([key, value]) => ({ operation: "upsert", key, value })),
      comment,
    },
    200,
  )

/** Screenshots at desktop and phone widths (or those given), light and dark, into web/test-results/. */
export const screenshotsOf = async (
  page: Page,
  name: string,
  ready: () => Promise<void>,
  widths: ReadonlyArray<number> = [1280, 390],
): Promise<void> => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 860 })
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await ready()
      const { overflow, culprit } = await page.evaluate(sidewaysScroll)
      expect(overflow, `${name} at ${width} px reaches ${overflow} px past the screen: ${culprit}`).toBe(0)
      await page.screenshot({
        path: `web/test-results/screens/${name}-${width}-${scheme}.png`,
        fullPage: true,
      })
    }
  }
}
