import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { type APIRequestContext, expect, type Page } from "@playwright/test"

/** The first admin that `server/test/e2e-server.ts` creates in its fresh database. */
export const admin = {
  email: "admin@folio.test",
  password: "correct-horse-battery-staple",
} as const

/**
 * People the setup project signs in once besides the admin: an editor, an analyst and a reader of
 * the publisher, and `client`, a reader of a client company of their own (`sharedPerson("client")
 * .company`) that specs publish to when they need an audience and its reader.
 */
export const sharedRoles = ["editor", "analyst", "reader", "client"] as const
export type SharedRole = (typeof sharedRoles)[number]

export interface SharedPerson {
  readonly email: string
  readonly name: string
  readonly company: { readonly id: string; readonly name: string; readonly slug: string }
}

const authFile = (name: string) =>
  resolve(import.meta.dirname, `../.auth/${name}-${process.env.E2E_PORT ?? "3199"}.json`)

/**
 * Cookies of one session per role, signed in once by `auth.setup.ts` and reused by specs that
 * never sign out, change that person or sign them in again (which would end the shared session).
 * Outside Playwright's output folder (which every run empties) and named by port, so runs on
 * other ports at the same time keep their own.
 */
export const storageStateOf = (role: "admin" | SharedRole): string => authFile(role)

export const adminStorageState = storageStateOf("admin")

/** Where `auth.setup.ts` writes who the shared person of a role is. */
export const sharedPersonFile = (role: SharedRole): string => authFile(`${role}.person`)

/** The person behind `storageStateOf(role)`: their email, name and company. */
export const sharedPerson = (role: SharedRole): SharedPerson =>
  JSON.parse(readFileSync(sharedPersonFile(role), "utf8"))

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
