import { type APIRequestContext, test as base } from "@playwright/test"
import { adminStorageState } from "./admin"

export { expect } from "@playwright/test"

/**
 * Playwright's `test` with `adminApi`: an API context on the admin session the setup project
 * saved, for setting a test up through the API (people, companies, reports). It never signs in,
 * so the shared session stays valid for every other spec; `page` and `request` stay signed out.
 */
export const test = base.extend<{ adminApi: APIRequestContext }>({
  adminApi: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL: baseURL!,
      storageState: adminStorageState,
    })
    await use(context)
    await context.dispose()
  },
})
