import { resolve } from "node:path"
import { type APIRequestContext, expect, type Page } from "@playwright/test"

/** The first admin that `server/test/e2e-server.ts` creates in its fresh database. */
export const admin = {
  email: "admin@folio.test",
  password: "correct-horse-battery-staple",
} as const

/**
 * Cookies of one admin session, signed in once by `auth.setup.ts` and reused by specs that never
 * sign out. Outside Playwright's output folder (which every run empties) and named by port, so
 * runs on other ports at the same time keep their own.
 */
export const adminStorageState = resolve(
  import.meta.dirname,
  `../.auth/admin-${process.env.E2E_PORT ?? "3199"}.json`,
)

/** Signs in through the API with the context's cookie jar (fast; for specs about other things). */
export const signInThroughApi = async (request: APIRequestContext): Promise<void> => {
  const response = await request.post("/api/session", {
    data: { email: admin.email, password: admin.password },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** Signs in the way a person does: the form on /login. */
export const signInThroughForm = async (page: Page, password: string = admin.password): Promise<void> => {
  await page.getByLabel("Email", { exact: true }).fill(admin.email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
}
