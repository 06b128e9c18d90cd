import { Schema } from "effect"
import { CompanyId } from "../ids.js"
import { Email } from "../schema/email.js"
import { Role } from "./role.js"
import { minPasswordLength } from "./user.js"

/** The same words whether or not the account exists: no enumeration through these forms. */
export const linkRequestedText =
  "If an account exists for that email, we have sent it a link. It can take a minute to arrive; check your spam folder too."

export const LinkKind = Schema.Literal("magic_link", "reset", "invite")
export type LinkKind = typeof LinkKind.Type

const LinkToken = Schema.String.pipe(
  Schema.minLength(20, { message: () => "This link is incomplete. Open it again from the email." }),
  Schema.maxLength(200),
)

export const NewPassword = Schema.String.pipe(
  Schema.minLength(minPasswordLength, {
    message: () => `Password must be at least ${minPasswordLength} characters`,
  }),
  Schema.maxLength(256, { message: () => "Password must be at most 256 characters" }),
)

export const RequestLink = Schema.Struct({ email: Email })
export type RequestLink = typeof RequestLink.Type

export const LinkRequested = Schema.Struct({ message: Schema.String })

export const ConsumeMagicLink = Schema.Union(
  Schema.Struct({ token: LinkToken }),
  Schema.Struct({
    email: Email,
    code: Schema.Trim.pipe(
      Schema.pattern(/^\d{6}$/, { message: () => "Enter the 6-digit code from the email" }),
    ),
  }),
)
export type ConsumeMagicLink = typeof ConsumeMagicLink.Type

export const LinkInfo = Schema.Struct({
  kind: LinkKind,
  email: Schema.String,
  name: Schema.String,
  expiresAt: Schema.Date,
})
export type LinkInfo = typeof LinkInfo.Type

export const ResetPassword = Schema.Struct({ token: LinkToken, password: NewPassword })
export type ResetPassword = typeof ResetPassword.Type

export const AcceptInvite = Schema.Struct({ token: LinkToken, password: NewPassword })
export type AcceptInvite = typeof AcceptInvite.Type

export const InviteUser = Schema.Struct({
  email: Email,
  name: Schema.Trim.pipe(
    Schema.minLength(1, { message: () => "Name is required" }),
    Schema.maxLength(120, { message: () => "Name must be at most 120 characters" }),
  ),
  companyId: CompanyId,
  role: Role,
})
export type InviteUser = typeof InviteUser.Type
