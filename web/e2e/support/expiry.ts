import type { LinkKind } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"

/**
 * Makes a person's unused emailed links of one kind run out of time, through the e2e server's
 * test-only hook (`server/test/e2e-server.ts`; it never ships). Expects exactly one such link,
 * so a spec cannot pass by expiring nothing.
 */
export const expireLinks = async (request: APIRequestContext, email: string, kind: LinkKind) => {
  const response = await request.post("/__e2e/expire-links", { data: { email, kind } })
  expect(response.status(), await response.text()).toBe(200)
  expect(await response.json()).toEqual({ expired: 1 })
}
