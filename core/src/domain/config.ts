import { Either, ParseResult, Schema } from "effect"
import type { FieldIssue } from "../errors.js"
import { JsonValue } from "../schema/json.js"
import { Cursor, Page, PageLimit } from "../schema/pagination.js"
import { isStorableText, singleLineText, storableTextMessage } from "../schema/text.js"
import { configKeyProblem, configKeyRule, isSecretConfigKey, knownConfigKey } from "./configKeys.js"

/**
 * The configuration store: every change is a new version of the whole store, identified by a
 * digest, with author, time, comment and the changes it made. Secrets are write-only: a read says
 * whether one is set, never its value. The rules here (what a key may hold, what an operation may
 * do, the plan that brings the store to a file) are shared by the server, the console and the CLI.
 */

export const ConfigKey = Schema.String.pipe(
  Schema.filter((key) => configKeyProblem(key) === undefined, { message: () => configKeyRule }),
  Schema.annotations({ identifier: "ConfigKey", description: "A known key, or a free key: [a-z0-9._-]" }),
)

export const ConfigEntry = Schema.Struct({
  key: Schema.String,
  /** Absent for a secret. */
  value: Schema.optional(JsonValue),
  secret: Schema.Boolean,
  /** False only for a secret that holds nothing. */
  set: Schema.Boolean,
  /** A key Folio reads (with a schema and a default), as opposed to a free key. */
  known: Schema.Boolean,
  updatedAt: Schema.NullOr(Schema.Date),
  /** Who last changed it (their email), null for the defaults of version 1. */
  updatedBy: Schema.NullOr(Schema.String),
})
export type ConfigEntry = typeof ConfigEntry.Type

export const ConfigSnapshot = Schema.Struct({
  version: Schema.Int,
  digest: Schema.String,
  createdAt: Schema.Date,
  entries: Schema.Array(ConfigEntry),
})
export type ConfigSnapshot = typeof ConfigSnapshot.Type

export const ConfigOperationKind = Schema.Literal("create", "update", "upsert", "delete")
export type ConfigOperationKind = typeof ConfigOperationKind.Type

export const ConfigOperation = Schema.Struct({
  operation: ConfigOperationKind,
  key: ConfigKey,
  /** Required for create, update and upsert; ignored for delete. */
  value: Schema.optional(JsonValue),
})
export type ConfigOperation = typeof ConfigOperation.Type

const Comment = Schema.String.pipe(
  Schema.maxLength(500, { message: () => "A comment is at most 500 characters" }),
  singleLineText("A comment"),
)

export const ConfigPatch = Schema.Struct({
  operations: Schema.Array(ConfigOperation).pipe(
    Schema.minItems(1, { message: () => "Give at least one operation" }),
    Schema.maxItems(500, { message: () => "At most 500 operations in one change" }),
  ),
  comment: Schema.optional(Comment),
})
export type ConfigPatch = typeof ConfigPatch.Type

export const ConfigChangeAction = Schema.Literal("create", "update", "delete")
export type ConfigChangeAction = typeof ConfigChangeAction.Type

/** One key's change in a version or a plan. `before`/`after` are absent for secrets. */
export const ConfigChange = Schema.Struct({
  key: Schema.String,
  action: ConfigChangeAction,
  secret: Schema.Boolean,
  before: Schema.optional(JsonValue),
  after: Schema.optional(JsonValue),
})
export type ConfigChange = typeof ConfigChange.Type

export const ConfigVersion = Schema.Struct({
  version: Schema.Int,
  digest: Schema.String,
  createdAt: Schema.Date,
  /** The author's email; null for version 1 (the migration's defaults). */
  author: Schema.NullOr(Schema.String),
  comment: Schema.NullOr(Schema.String),
  /** Set when this version rolled the store back to an earlier one. */
  rollbackOf: Schema.NullOr(Schema.Int),
  changes: Schema.Array(ConfigChange),
})
export type ConfigVersion = typeof ConfigVersion.Type

export const ConfigHistoryPage = Page(ConfigVersion)
export type ConfigHistoryPage = typeof ConfigHistoryPage.Type

export const ConfigHistoryParams = Schema.Struct({
  /** Only the versions that changed this key. */
  key: Schema.optional(ConfigKey),
  cursor: Schema.optional(Cursor(100)),
  limit: Schema.optional(PageLimit),
})
export type ConfigHistoryParams = typeof ConfigHistoryParams.Type

/** A version number in a path: 1 up to PostgreSQL's integer range. */
export const ConfigVersionNumber = Schema.NumberFromString.pipe(
  Schema.int({ message: () => "A version is a whole number" }),
  Schema.between(1, 2_147_483_647, { message: () => "A version is between 1 and 2147483647" }),
)

export const ConfigRollback = Schema.Struct({
  version: Schema.Int.pipe(
    Schema.between(1, 2_147_483_647, { message: () => "A version is between 1 and 2147483647" }),
  ),
  comment: Schema.optional(Comment),
})
export type ConfigRollback = typeof ConfigRollback.Type

/** The desired state of the keys it names: a value, or null to delete (a known key: its default). */
export const ConfigPlanRequest = Schema.Struct({
  entries: Schema.Record({ key: Schema.String, value: JsonValue }),
})
export type ConfigPlanRequest = typeof ConfigPlanRequest.Type

export const ConfigPlan = Schema.Struct({
  /** The version and digest the plan was made against: apply it with `If-Match: <digest>`. */
  version: Schema.Int,
  digest: Schema.String,
  changes: Schema.Array(ConfigChange),
})
export type ConfigPlan = typeof ConfigPlan.Type

/** What every visitor's console needs to know of the store, signed in or not. */
export const SiteStatus = Schema.Struct({
  maintenance: Schema.Struct({
    enabled: Schema.Boolean,
    message: Schema.String,
    retryAfterSeconds: Schema.Int,
  }),
  /** Null when no banner is set. */
  banner: Schema.NullOr(Schema.String),
  signIn: Schema.Struct({ password: Schema.Boolean, magicLink: Schema.Boolean }),
})
export type SiteStatus = typeof SiteStatus.Type

/** JSON equality that ignores the order of object keys. */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => jsonEqual(item, b[i]))
  }
  const ak = Object.keys(a)
  const bk = Object.keys(b)
  if (ak.length !== bk.length) return false
  const bo = b as Record<string, unknown>
  const ao = a as Record<string, unknown>
  return ak.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]))
}

/** The first string in a free value PostgreSQL's jsonb cannot hold (NUL, a lone surrogate). */
const firstUnstorable = (
  value: unknown,
  path: Array<string | number>,
): Array<string | number> | undefined => {
  if (typeof value === "string") return isStorableText(value) ? undefined : path
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnstorable(value[i], [...path, i])
      if (found) return found
    }
    return undefined
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (!isStorableText(k)) return [...path, k]
      const found = firstUnstorable(v, [...path, k])
      if (found) return found
    }
  }
  return undefined
}

/**
 * A value for `key`, decoded by the key's schema (a free key: any storable JSON), or the issue
 * that refuses it, with its path below the value.
 */
export const decodeConfigValue = (key: string, value: unknown): Either.Either<unknown, FieldIssue> => {
  const known = knownConfigKey(key)
  if (!known) {
    if (value === undefined) return Either.left({ path: [], message: "A value is required" })
    const bad = firstUnstorable(value, [])
    return bad ? Either.left({ path: bad, message: storableTextMessage }) : Either.right(value)
  }
  const decoded = Schema.decodeUnknownEither(known.schema)(value)
  if (Either.isRight(decoded)) return Either.right(decoded.right)
  const issue = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0]
  const path = (issue?.path ?? []).filter((part): part is string | number => typeof part !== "symbol")
  return Either.left({ path, message: issue?.message ?? `Not a valid value for ${key}` })
}

/** What a store holds of a key, as the rules below see it. */
export interface StoredConfigEntry {
  /** For a secret: whatever stands for it (never compared here). */
  readonly value: unknown
}

/**
 * Every problem of a change, by operation: a bad key, a value its schema refuses, a create of a
 * key that exists, an update or delete of one that does not. Paths start at `operations`.
 */
export const configOperationIssues = (
  operations: ReadonlyArray<ConfigOperation>,
  has: (key: string) => boolean,
): ReadonlyArray<FieldIssue> => {
  const issues: Array<FieldIssue> = []
  const seen = new Set<string>()
  operations.forEach((op, index) => {
    const at = (...rest: Array<string | number>) => ["operations", index, ...rest]
    if (seen.has(op.key)) {
      issues.push({ path: at("key"), message: `${op.key} is named by an earlier operation` })
      return
    }
    seen.add(op.key)
    const exists = has(op.key)
    if (op.operation === "create" && exists) {
      issues.push({ path: at("key"), message: `${op.key} exists already; update or upsert it` })
      return
    }
    if ((op.operation === "update" || op.operation === "delete") && !exists) {
      issues.push({ path: at("key"), message: `${op.key} does not exist` })
      return
    }
    if (op.operation === "delete") return
    const decoded = decodeConfigValue(op.key, op.value)
    if (Either.isLeft(decoded)) {
      issues.push({
        path: at("value", ...decoded.left.path),
        message: `${op.key}: ${decoded.left.message}`,
      })
    }
  })
  return issues
}

/** How a key reads when nothing sets it: a known key's default, else absent. */
const unsetValue = (key: string): unknown => knownConfigKey(key)?.default

/**
 * The changes that bring the store to `desired` (null: delete; a known key goes back to its
 * default). Keys the file does not name are left alone; a key that already holds what the file
 * says is no change, so applying the same file twice plans nothing. Secrets are compared by
 * `sameSecret` (the server, which can read them) and never carry a value in the plan.
 */
export const planConfig = (
  current: ReadonlyMap<string, StoredConfigEntry>,
  desired: Readonly<Record<string, unknown>>,
  sameSecret: (key: string, value: unknown) => boolean,
): ReadonlyArray<ConfigChange> => {
  const changes: Array<ConfigChange> = []
  for (const key of Object.keys(desired).sort()) {
    const want = desired[key]
    const secret = isSecretConfigKey(key)
    const stored = current.get(key)
    const known = knownConfigKey(key) !== undefined
    if (want === null) {
      if (!stored) continue
      if (known && !secret && jsonEqual(stored.value, unsetValue(key))) continue
      changes.push(
        secret
          ? { key, action: "delete", secret }
          : known
            ? { key, action: "delete", secret, before: stored.value, after: unsetValue(key) }
            : { key, action: "delete", secret, before: stored.value },
      )
      continue
    }
    if (!stored) {
      changes.push(
        secret ? { key, action: "create", secret } : { key, action: "create", secret, after: want },
      )
      continue
    }
    if (secret) {
      if (!sameSecret(key, want)) changes.push({ key, action: "update", secret })
      continue
    }
    if (!jsonEqual(stored.value, want)) {
      changes.push({ key, action: "update", secret, before: stored.value, after: want })
    }
  }
  return changes
}

/** The PATCH operations that carry out a plan made from `desired`. */
export const operationsOfPlan = (
  changes: ReadonlyArray<ConfigChange>,
  desired: Readonly<Record<string, unknown>>,
): ReadonlyArray<ConfigOperation> =>
  changes.map((change) =>
    change.action === "delete"
      ? { operation: "delete", key: change.key }
      : { operation: change.action, key: change.key, value: desired[change.key] },
  )
