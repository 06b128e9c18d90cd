import { ConfigChange, defaultConfigValues } from "@folio/core"
import { Schema } from "effect"

/** A secret as the store holds it: AES-256-GCM, the key's id, the nonce, the tag and the ciphertext. */
export const SealedSecret = Schema.Struct({
  kid: Schema.String,
  iv: Schema.String,
  tag: Schema.String,
  data: Schema.String,
})
export type SealedSecret = typeof SealedSecret.Type

/**
 * One key as a version of the store holds it: a value, or a sealed secret, and who changed it
 * last and when (null for the defaults of version 1). A secret that is unset has no entry.
 */
export const StoredEntry = Schema.Struct({
  value: Schema.optional(Schema.Unknown),
  sealed: Schema.optional(SealedSecret),
  updatedAt: Schema.NullOr(Schema.String),
  updatedBy: Schema.NullOr(Schema.String),
})
export type StoredEntry = typeof StoredEntry.Type

/** The whole store at a version, key → entry: the `values` column. */
export const StoredValues = Schema.Record({ key: Schema.String, value: StoredEntry })
export type StoredValues = typeof StoredValues.Type

/** A row of `config_versions` (without `values`, which the history does not need). */
export const VersionRow = Schema.Struct({
  version: Schema.Int,
  digest: Schema.String,
  createdAt: Schema.DateFromSelf,
  authorEmail: Schema.NullOr(Schema.String),
  comment: Schema.NullOr(Schema.String),
  rollbackOf: Schema.NullOr(Schema.Int),
  changes: Schema.Array(ConfigChange),
})
export type VersionRow = typeof VersionRow.Type

export const VersionWithValues = Schema.Struct({ ...VersionRow.fields, values: StoredValues })
export type VersionWithValues = typeof VersionWithValues.Type

/** Version 1: every known key's default (secrets unset), as no one set them. */
export const initialValues = (overrides: Readonly<Record<string, unknown>> = {}): StoredValues =>
  Object.fromEntries(
    Object.entries({ ...defaultConfigValues(), ...overrides }).map(([key, value]) => [
      key,
      { value, updatedAt: null, updatedBy: null },
    ]),
  )
