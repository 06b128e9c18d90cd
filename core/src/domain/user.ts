import { Schema } from "effect"
import { CompanyId, TeamId, UserId } from "../ids.js"
import { Email } from "../schema/email.js"
import { Page, PageParams } from "../schema/pagination.js"
import { storableText } from "../schema/text.js"
import { type CompanyKind, CompanySummary } from "./company.js"
import { Role, roles } from "./role.js"
import { TeamRole } from "./team.js"

export const UserStatus = Schema.Literal("invited", "active", "disabled")
export type UserStatus = typeof UserStatus.Type

export const User = Schema.Struct({
  id: UserId,
  email: Schema.String,
  name: Schema.String,
  companyId: CompanyId,
  role: Role,
  status: UserStatus,
  timezone: Schema.String,
  lastSignInAt: Schema.NullOr(Schema.Date),
})
export type User = typeof User.Type

export const Me = Schema.Struct({
  user: User,
  company: CompanySummary,
  /** Echo this in `x-folio-csrf` on writes authenticated by the session cookie. */
  csrfToken: Schema.NullOr(Schema.String),
})
export type Me = typeof Me.Type

export const minPasswordLength = 12

/** Password strength rule (PRODUCT.md, Auth rules): at least 12 characters, not the email or name. */
export const passwordProblem = (
  password: string,
  user: { readonly email: string; readonly name: string },
): string | undefined => {
  if (password.length < minPasswordLength) return `Password must be at least ${minPasswordLength} characters`
  if (password.length > 256) return "Password must be at most 256 characters"
  const lower = password.toLowerCase()
  const local = user.email.toLowerCase().split("@")[0] ?? ""
  if (lower === user.email.toLowerCase() || (local.length >= 4 && lower.includes(local)))
    return "Password must not contain your email address"
  const name = user.name.trim().toLowerCase()
  if (name.length >= 4 && lower.includes(name)) return "Password must not contain your name"
  return undefined
}

export const SignInPayload = Schema.Struct({
  email: Email,
  password: Schema.String.pipe(
    Schema.minLength(1, { message: () => "Enter your password" }),
    Schema.maxLength(256),
  ),
  /**
   * `browser` (default) sets the session cookie; `cli` returns a bearer token instead, for the
   * `folio` command line, which has no cookie jar.
   */
  client: Schema.optional(Schema.Literal("browser", "cli")),
})
export type SignInPayload = typeof SignInPayload.Type

export const SignInResult = Schema.Struct({
  me: Me,
  /** Present only for `client: "cli"`: the bearer token, shown once. */
  token: Schema.optional(Schema.String),
})
export type SignInResult = typeof SignInResult.Type

/** A row of the user directory. */
export const UserSummary = Schema.Struct({
  id: UserId,
  email: Schema.String,
  name: Schema.String,
  company: CompanySummary,
  role: Role,
  status: UserStatus,
  timezone: Schema.String,
  lastSignInAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
})
export type UserSummary = typeof UserSummary.Type

/** A team the user belongs to, and their role in it. */
export const UserTeam = Schema.Struct({
  teamId: TeamId,
  name: Schema.String,
  role: TeamRole,
})
export type UserTeam = typeof UserTeam.Type

export const UserDetail = Schema.Struct({
  ...UserSummary.fields,
  teams: Schema.Array(UserTeam),
})
export type UserDetail = typeof UserDetail.Type

export const UserListParams = Schema.Struct({
  ...PageParams.fields,
  companyId: Schema.optional(CompanyId),
  role: Schema.optional(Role),
  status: Schema.optional(UserStatus),
  /** Matches name or email, case-insensitively, anywhere in the text. */
  q: Schema.optional(Schema.Trim.pipe(Schema.maxLength(120), storableText("Search"))),
})
export type UserListParams = typeof UserListParams.Type

export const UserPage = Page(UserSummary)
export type UserPage = typeof UserPage.Type

export const SetUserRole = Schema.Struct({ role: Role })
export type SetUserRole = typeof SetUserRole.Type

/** Disabling signs the user out everywhere; `invited` is reached only through an invitation. */
export const SetUserStatus = Schema.Struct({ status: Schema.Literal("active", "disabled") })
export type SetUserStatus = typeof SetUserStatus.Type

/** Client staff read and integrate; publishing roles belong to the publisher's own people. */
export const rolesForCompanyKind = (kind: CompanyKind): ReadonlyArray<Role> =>
  kind === "publisher" ? roles : ["developer", "reader"]
