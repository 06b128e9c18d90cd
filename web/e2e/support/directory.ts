import { readFile } from "node:fs/promises"
import type { Company, Team, User } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"

/** Specs share one database: every name they create carries this run's own suffix. */
export const unique = (prefix: string): string =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")

/** Writes need the CSRF token the session cookie came with. */
const csrfHeader = async (request: APIRequestContext) => {
  const state = await request.storageState()
  const token = state.cookies.find((cookie) => cookie.name === "folio_csrf")?.value
  expect(token, "a signed-in request context has a CSRF cookie").toBeTruthy()
  return { "x-folio-csrf": token ?? "" }
}

/** A write as whoever `request` is signed in as; expects `status` and answers the parsed body. */
export const write = async <A>(
  request: APIRequestContext,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  data: unknown,
  status: number,
): Promise<A> => {
  const response = await request.fetch(path, { method, data, headers: await csrfHeader(request) })
  expect(response.status(), await response.text()).toBe(status)
  const text = await response.text()
  return (text === "" ? undefined : JSON.parse(text)) as A
}

const post = <A>(request: APIRequestContext, path: string, data: unknown, status = 201): Promise<A> =>
  write<A>(request, "POST", path, data, status)

export const createCompany = (
  request: APIRequestContext,
  name: string = unique("Client"),
): Promise<Company> => post<Company>(request, "/api/companies", { name, slug: slugOf(name) })

export const createTeam = (request: APIRequestContext, companyId: string, name: string): Promise<Team> =>
  post<Team>(request, `/api/companies/${companyId}/teams`, { name })

export const addTeamMember = (
  request: APIRequestContext,
  teamId: string,
  userId: string,
  role: "lead" | "member",
): Promise<unknown> => write(request, "POST", `/api/teams/${teamId}/members`, { userId, role }, 201)

export const setUserStatus = (
  request: APIRequestContext,
  userId: string,
  status: "active" | "disabled",
): Promise<User> => write<User>(request, "PUT", `/api/users/${userId}/status`, { status }, 200)

export const invite = (
  request: APIRequestContext,
  input: { readonly email: string; readonly name: string; readonly companyId: string; readonly role: string },
): Promise<User> => post<User>(request, "/api/users/invite", input)

interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** The e2e server appends every mail it sends to `E2E_MAILBOX`, one JSON line each. */
const mailTo = async (email: string): Promise<Mail | undefined> => {
  const file = process.env.E2E_MAILBOX
  expect(file, "playwright.config.ts sets E2E_MAILBOX").toBeTruthy()
  const text = await readFile(file ?? "", "utf8").catch(() => "")
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Mail)
    .findLast((mail) => mail.to === email)
}

/** The token of the invitation mailed to `email` (its /set-password link). */
export const inviteTokenFor = async (email: string): Promise<string> => {
  let token: string | undefined
  await expect
    .poll(
      async () => {
        const mail = await mailTo(email)
        token = mail ? /\/set-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] : undefined
        return token !== undefined
      },
      {
        message: `an invitation mail to ${email} in E2E_MAILBOX`,
        timeout: 10_000,
        intervals: [50, 100, 200],
      },
    )
    .toBe(true)
  return decodeURIComponent(token ?? "")
}

/** Invites a person, accepts the invitation from the mail and signs them in on `request`. */
export const signInAsNewUser = async (
  admin: APIRequestContext,
  request: APIRequestContext,
  input: { readonly email: string; readonly name: string; readonly companyId: string; readonly role: string },
): Promise<User> => {
  const user = await invite(admin, input)
  const token = await inviteTokenFor(input.email)
  const password = "a-long-reader-password-42"
  const accepted = await request.post("/api/auth/accept-invite", { data: { token, password } })
  expect(accepted.status(), await accepted.text()).toBeLessThan(300)
  const signIn = await request.post("/api/session", { data: { email: input.email, password } })
  expect(signIn.status(), await signIn.text()).toBe(200)
  return user
}
