import { Schema } from "effect"
import { UserId } from "../ids.js"
import { JsonValue } from "../schema/json.js"
import { Cursor, Page, PageLimit } from "../schema/pagination.js"
import { QueryText } from "../schema/text.js"
import { QueryDate } from "../schema/timestamps.js"

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

/** What an audit list or export is narrowed to; every filter is optional and they combine. */
export const AuditFilterParams = Schema.Struct({
  /** Entries where this user acted or was acted upon. */
  userId: Schema.optional(UserId),
  /** Who acted: the start of their email, any case (`ali` matches alice@…). */
  actor: Schema.optional(QueryText("The actor filter", 200)),
  /** An action or an action prefix: `auth.` matches every sign-in event. */
  action: Schema.optional(
    Schema.String.pipe(
      Schema.pattern(/^[a-z_.]{1,60}$/, {
        message: () => "An action is lower-case letters, dots and underscores (e.g. auth. or user.invite)",
      }),
    ),
  ),
  /** The kind of object acted on: `user`, `report`, `channel`, `config`… */
  targetType: Schema.optional(
    Schema.String.pipe(
      Schema.pattern(/^[a-z_]{1,40}$/, {
        message: () => "A target type is lower-case letters and underscores",
      }),
    ),
  ),
  /** The id of the object acted on (with or without `targetType`). */
  targetId: Schema.optional(QueryText("The target id filter", 200)),
  /** Entries at or after this instant. */
  from: Schema.optional(QueryDate),
  /** Entries before this instant. */
  to: Schema.optional(QueryDate),
})
export type AuditFilterParams = typeof AuditFilterParams.Type

export const AuditListParams = Schema.Struct({
  ...AuditFilterParams.fields,
  cursor: Schema.optional(Cursor(200)),
  limit: Schema.optional(PageLimit),
})
export type AuditListParams = typeof AuditListParams.Type

/** The most entries one CSV export holds, newest first; narrow the dates for older ones. */
export const auditExportMaxRows = 100_000
