import { Schema } from "effect"
import { UserId } from "../ids.js"
import { JsonValue } from "../schema/json.js"
import { Cursor, Page, PageLimit } from "../schema/pagination.js"

export const AuditEntry = Schema.Struct({
  id: Schema.String,
  at: Schema.Date,
  actorId: Schema.NullOr(Schema.String),
  actorEmail: Schema.NullOr(Schema.String),
  action: Schema.String,
  targetType: Schema.NullOr(Schema.String),
  targetId: Schema.NullOr(Schema.String),
  before: Schema.NullOr(JsonValue),
  after: Schema.NullOr(JsonValue),
  ip: Schema.NullOr(Schema.String),
})
export type AuditEntry = typeof AuditEntry.Type

export const AuditPage = Page(AuditEntry)
export type AuditPage = typeof AuditPage.Type

export const AuditListParams = Schema.Struct({
  /** Entries where this user acted or was acted upon. */
  userId: Schema.optional(UserId),
  /** An action or an action prefix: `auth.` matches every sign-in event. */
  action: Schema.optional(Schema.String.pipe(Schema.pattern(/^[a-z_.]{1,60}$/))),
  cursor: Schema.optional(Cursor(200)),
  limit: Schema.optional(PageLimit),
})
export type AuditListParams = typeof AuditListParams.Type
