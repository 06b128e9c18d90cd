import type { Me, Role } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"
import { signInThroughApi } from "./admin"
import { invite as inviteWith } from "./directory"
import { linkIn, nextMail } from "./inbox"

/** An address no other test uses: limits and mail are per account, and specs share the server. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@folio.test`

/** A password that passes core's rule for any generated user. */
export const strongPassword = (): string => `Quiet-harbour-${Math.random().toString(36).slice(2, 10)}`

export interface Person {
  readonly email: string
  readonly name: string
  readonly password: string
}

/**
 * Signs `request` in as the admin and invites someone into the admin's (publisher) company,
 * with the CSRF header a cookie-authenticated write needs. Returns the invitation email.
 */
export const invite = async (
  request: APIRequestContext,
  person: { readonly email: string; readonly name: string; readonly role: Role },
) => {
  await signInThroughApi(request)
  const me: Me = await (await request.get("/api/session")).json()
  const response = await request.post("/api/users/invite", {
    data: { email: person.email, name: person.name, companyId: me.company.id, role: person.role },
    headers: { "x-folio-csrf": me.csrfToken ?? "" },
  })
  expect(response.status(), await response.text()).toBe(201)
  return nextMail(person.email, /invited you to Folio/)
}

/** An active user with a known password, made the way an admin would (invite, then accept). */
export const createPerson = async (
  request: APIRequestContext,
  role: Role,
  label: string = role,
): Promise<Person> => {
  const email = uniqueEmail(label)
  const name = `Test ${label.charAt(0).toUpperCase()}${label.slice(1)}`
  const password = strongPassword()
  const mail = await invite(request, { email, name, role })
  const token = new URL(linkIn(mail, "/set-password")).searchParams.get("token")
  const accepted = await request.post("/api/auth/accept-invite", { data: { token, password } })
  expect(accepted.status(), await accepted.text()).toBe(204)
  return { email, name, password }
}

/** Signs a person in through the API with the given context's cookie jar. */
export const signInAs = async (request: APIRequestContext, person: Person): Promise<void> => {
  const response = await request.post("/api/session", {
    data: { email: person.email, password: person.password },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * Invites someone with an admin session the caller already holds (the setup project's storage
 * state, say): no admin sign-in, which would rotate that session under the specs sharing it.
 * Into the admin's own (publisher) company unless `companyId`. Answers the user and the mail.
 */
export const inviteAs = async (
  admin: APIRequestContext,
  person: {
    readonly email: string
    readonly name: string
    readonly role: Role
    readonly companyId?: string | undefined
  },
) => {
  const companyId = person.companyId ?? ((await (await admin.get("/api/session")).json()) as Me).company.id
  const user = await inviteWith(admin, { ...person, companyId })
  const mail = await nextMail(person.email, /invited you to Folio/)
  return { user, mail }
}

/** An active user with a known password, invited by `admin` (see `inviteAs`) and accepted through the API. */
export const addPerson = async (
  admin: APIRequestContext,
  role: Role,
  options: { readonly label?: string; readonly name?: string; readonly companyId?: string } = {},
): Promise<Person & { readonly id: string }> => {
  const label = options.label ?? role
  const email = uniqueEmail(label)
  const name = options.name ?? `Test ${label.charAt(0).toUpperCase()}${label.slice(1)}`
  const password = strongPassword()
  const { user, mail } = await inviteAs(admin, { email, name, role, companyId: options.companyId })
  const token = new URL(linkIn(mail, "/set-password")).searchParams.get("token")
  const accepted = await admin.post("/api/auth/accept-invite", { data: { token, password } })
  expect(accepted.status(), await accepted.text()).toBe(204)
  return { id: user.id, email, name, password }
}
