import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/**
 * Every failure a client can see, with its HTTP status. The server fails with these; the typed
 * client decodes them back into the same classes, so the console and CLI show the server's words.
 */

export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 401 }),
) {}

export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 404 }),
) {}

export const FieldIssue = Schema.Struct({
  path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
  message: Schema.String,
})
export type FieldIssue = typeof FieldIssue.Type

export class ValidationError extends Schema.TaggedError<ValidationError>()(
  "ValidationError",
  { message: Schema.String, issues: Schema.Array(FieldIssue) },
  HttpApiSchema.annotations({ status: 400 }),
) {
  static field(path: string, message: string): ValidationError {
    return new ValidationError({ message, issues: [{ path: [path], message }] })
  }
}

export class Conflict extends Schema.TaggedError<Conflict>()(
  "Conflict",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/**
 * Scheduling or publishing refused by a blackout (quiet) period or the restricted-ticker list.
 * `reason` is the one its author wrote; `ticker` is set when the rule is about one ticker.
 */
export class ReleaseBlocked extends Schema.TaggedError<ReleaseBlocked>()(
  "ReleaseBlocked",
  {
    message: Schema.String,
    rule: Schema.Literal("blackout", "restricted"),
    reason: Schema.String,
    ticker: Schema.NullOr(Schema.String),
  },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({ status: 429 }),
) {}

export class UnrecognizedAction extends Schema.TaggedError<UnrecognizedAction>()(
  "UnrecognizedAction",
  { message: Schema.String, method: Schema.String, path: Schema.String },
  HttpApiSchema.annotations({ status: 404 }),
) {}

export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/** A write guarded by `If-Match` whose digest is no longer the store's: nothing was changed. */
export class PreconditionFailed extends Schema.TaggedError<PreconditionFailed>()(
  "PreconditionFailed",
  { message: Schema.String, digest: Schema.String },
  HttpApiSchema.annotations({ status: 412 }),
) {}

/** Maintenance mode is on and the caller is not an admin: try again after `retryAfterSeconds`. */
export class MaintenanceMode extends Schema.TaggedError<MaintenanceMode>()(
  "MaintenanceMode",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/**
 * This server instance has no configuration snapshot: `reason` says why, `fix` is the command
 * that mends it. The instance recovers by itself once a snapshot loads.
 */
export class ConfigMissing extends Schema.TaggedError<ConfigMissing>()(
  "ConfigMissing",
  { message: Schema.String, reason: Schema.String, fix: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/** A request body over what the server reads for that endpoint (see `bodyMaxBytesFor`). */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  { message: Schema.String, maxBytes: Schema.Int },
  HttpApiSchema.annotations({ status: 413 }),
) {}

/** An unexpected failure. `digest` is also written to the server log next to the cause. */
export class InternalServerError extends Schema.TaggedError<InternalServerError>()(
  "InternalServerError",
  { message: Schema.String, digest: Schema.String },
  HttpApiSchema.annotations({ status: 500 }),
) {}

export type ApiError =
  | Unauthorized
  | Forbidden
  | NotFound
  | ValidationError
  | Conflict
  | ReleaseBlocked
  | RateLimited
  | UnrecognizedAction
  | ServiceUnavailable
  | PreconditionFailed
  | MaintenanceMode
  | ConfigMissing
  | PayloadTooLarge
  | InternalServerError
