import {
  type Company,
  InviteUser,
  type Role,
  type User,
  UserId,
  type UserStatus,
  type UserSummary,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { collectPages, defined, type Paging, resolveCompany, resolveUser } from "./lookup.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

export interface UserListInput extends Flags, Paging {
  readonly company?: string | undefined
  readonly role?: Role | undefined
  readonly status?: UserStatus | undefined
  readonly search?: string | undefined
}

export interface UserList {
  readonly url: string
  readonly users: ReadonlyArray<UserSummary>
  /** Pass back as --cursor for the next page; null on the last page (always null with --all). */
  readonly nextCursor: string | null
}

export const listUsers = (input: UserListInput): Effect.Effect<UserList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const company =
      input.company === undefined ? undefined : yield* resolveCompany(target, "--company", input.company)
    const page = yield* collectPages(input, (params) =>
      call(target, (client) =>
        client.users.list({
          urlParams: defined({
            companyId: company?.id,
            role: input.role,
            status: input.status,
            q: input.search,
            ...params,
          }),
        }),
      ),
    )
    return { url: target.url, users: page.items, nextCursor: page.nextCursor }
  })

export interface InviteInput extends Flags {
  readonly email: string
  readonly name: string
  readonly company: string
  readonly role: Role
}

export interface Invited {
  readonly url: string
  readonly user: User
  readonly company: Pick<Company, "id" | "name" | "slug">
}

export const inviteUser = (input: InviteInput): Effect.Effect<Invited, CliError> =>
  Effect.gen(function* () {
    const flags = { email: "--email", name: "--name", role: "--role" }
    // Checked before the company is looked up, so a typo fails without a request.
    yield* decodeInput(InviteUser.pipe(Schema.omit("companyId")), input, flags)
    const target = yield* signedInTarget(input)
    const company = yield* resolveCompany(target, "--company", input.company)
    const payload = yield* decodeInput(InviteUser, { ...input, companyId: company.id }, flags)
    const user = yield* call(target, (client) => client.invites.invite({ payload }))
    return { url: target.url, user, company: { id: company.id, name: company.name, slug: company.slug } }
  })

export interface UserChange {
  readonly url: string
  readonly before: UserSummary
  readonly user: UserSummary
  /** False when the user already had that role or status. */
  readonly changed: boolean
}

export const setUserRole = (
  input: Flags & { readonly user: string; readonly role: Role },
): Effect.Effect<UserChange, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const before = yield* resolveUser(target, "The user", input.user)
    const userId = UserId.make(before.id)
    const user = yield* call(target, (client) =>
      client.users.setRole({ path: { userId }, payload: { role: input.role } }),
    )
    return { url: target.url, before, user, changed: before.role !== user.role }
  })

export const setUserStatus = (
  input: Flags & { readonly user: string; readonly status: "active" | "disabled" },
): Effect.Effect<UserChange, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const before = yield* resolveUser(target, "The user", input.user)
    const userId = UserId.make(before.id)
    const user = yield* call(target, (client) =>
      client.users.setStatus({ path: { userId }, payload: { status: input.status } }),
    )
    return { url: target.url, before, user, changed: before.status !== user.status }
  })
