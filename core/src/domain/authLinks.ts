import { Schema } from "effect"
import { CompanyId } from "../ids.js"
import { Email } from "../schema/email.js"
import { singleLineText, storableText } from "../schema/text.js"
import { Role } from "./role.js"
import { minPasswordLength } from "./user.js"

/** The same words whether or not the account exists: no enumeration through these forms. */
export const linkRequestedText =
  "If an account exists for that email, we have sent it a link. It can take a minute to arrive; check your spam folder too."

export const LinkKind = Schema.Literal("magic_link", "reset", "invite")
export type LinkKind = typeof LinkKind.Type

/**
 * Why an emailed link no longer works (expired, used, or replaced by a newer one) and what to do
 * next. One text per kind: the server answers with it, the console shows it, tests expect it.
 */
export const linkUnusableTexts: Record<LinkKind, string> = {
  magic_link: "This sign-in link has expired or was already used. Request a new one on the sign-in page.",
  reset: "This password reset link has expired or was already used. Request a new one.",
  invite: "This invitation has expired or was already used. Ask your administrator for a new one.",
}

const LinkToken = Schema.String.pipe(
  Schema.minLength(20, { message: () => "This link is incomplete. Open it again from the email." }),
  Schema.maxLength(200),
  storableText("The link"),
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
    singleLineText("Name"),
  ),
  companyId: CompanyId,
  role: Role,
})
export type InviteUser = typeof InviteUser.Type

/** What the sign-in page needs to know about single sign-on. */
export const SsoConfig = Schema.Struct({ enabled: Schema.Boolean, label: Schema.String })
export type SsoConfig = typeof SsoConfig.Type

/** `/login?sso_error=…` carries one of these codes; the console shows the matching text. */
export const ssoErrorTexts = {
  unknown_account:
    "Your single sign-on account is not linked to Folio, and your email's domain belongs to no client company. Ask your administrator to invite you.",
  unverified_email:
    "Your identity provider did not confirm your email address, so Folio cannot sign you in with it.",
  disabled: "Your Folio account is disabled. Ask your administrator.",
  expired: "The single sign-on attempt expired or was started in another browser. Try again.",
  provider: "The identity provider could not complete the sign-in. Try again, or sign in with your password.",
  not_configured: "Single sign-on is not configured on this server.",
} as const
export type SsoErrorCode = keyof typeof ssoErrorTexts
