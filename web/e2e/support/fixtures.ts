import { type APIRequestContext, test as base } from "@playwright/test"
import { adminStorageState } from "./admin"

export { expect } from "@playwright/test"

/**
 * A client address of its own for each test (in 198.18.0.0/15, the benchmarking range), sent as
 * X-Forwarded-For, which the e2e server trusts from loopback: the server's per-address limits on
 * sign-in, links and passwords then count one test's attempts, as they would one person's, instead
 * of the whole run's (every test comes from 127.0.0.1).
 */
export const clientAddressOf = (testId: string): string => {
  let hash = 0
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `198.${18 + (hash & 1)}.${(hash >>> 1) & 255}.${(hash >>> 9) & 255}`
}

/**
 * Playwright's `test` with `adminApi`: an API context on the admin session the setup project
 * saved, for setting a test up through the API (people, companies, reports). It never signs in,
 * so the shared session stays valid for every other spec; `page` and `request` stay signed out.
 */
export const test = base.extend<{ adminApi: APIRequestContext }>({
  context: async ({ context }, use, testInfo) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": clientAddressOf(testInfo.testId) })
    await use(context)
  },
  adminApi: async ({ playwright, baseURL }, use, testInfo) => {
    const context = await playwright.request.newContext({
      baseURL: baseURL!,
      storageState: adminStorageState,
      extraHTTPHeaders: { "x-forwarded-for": clientAddressOf(testInfo.testId) },
    })
    await use(context)
    await context.dispose()
  },
})
