import { Schema } from "effect"
import { SessionId } from "../ids.js"
import { singleLineText } from "../schema/text.js"
import { NewPassword } from "./authLinks.js"
import { User } from "./user.js"

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const TimeZone = Schema.String.pipe(
  singleLineText("Time zone"),
  Schema.filter(isTimeZone, { message: () => "Choose a time zone from the list, e.g. Europe/London" }),
)

export const NotificationPreferences = Schema.Struct({
  /** Email me when a report I am entitled to is published. */
  reportPublished: Schema.Boolean,
  /** A weekly email digest of new research. */
  weeklyDigest: Schema.Boolean,
  /** Email me when a sign-in to my account happens from a new device. */
  newSignIn: Schema.Boolean,
})
export type NotificationPreferences = typeof NotificationPreferences.Type

export const defaultNotificationPreferences: NotificationPreferences = {
  reportPublished: true,
  weeklyDigest: false,
  newSignIn: true,
}

export const Profile = Schema.Struct({
  user: User,
  notifications: NotificationPreferences,
  /** False for accounts that have never set a password (invited, or SSO only). */
  hasPassword: Schema.Boolean,
})
export type Profile = typeof Profile.Type

export const UpdateProfile = Schema.Struct({
  name: Schema.optional(
    Schema.Trim.pipe(
      Schema.minLength(1, { message: () => "Name is required" }),
      Schema.maxLength(120, { message: () => "Name must be at most 120 characters" }),
      singleLineText("Name"),
    ),
  ),
  timezone: Schema.optional(TimeZone),
  notifications: Schema.optional(NotificationPreferences),
})
export type UpdateProfile = typeof UpdateProfile.Type

export const ChangePassword = Schema.Struct({
  currentPassword: Schema.String.pipe(Schema.minLength(1, { message: () => "Enter your current password" })),
  newPassword: NewPassword,
})
export type ChangePassword = typeof ChangePassword.Type

export const SessionInfo = Schema.Struct({
  id: SessionId,
  kind: Schema.Literal("browser", "cli"),
  ip: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  lastSeenAt: Schema.Date,
  expiresAt: Schema.Date,
  /** The session this request came in on. */
  current: Schema.Boolean,
})
export type SessionInfo = typeof SessionInfo.Type

export const RevokedSessions = Schema.Struct({ revoked: Schema.Int })
