import {
  type ConfigChange,
  type ConfigEntry,
  type ConfigSnapshot,
  type ConfigVersion,
  isSecretConfigKey,
  jsonEqual,
  knownConfigKey,
  knownConfigKeys,
} from "@folio/core"
import type { StoredEntry, StoredValues, VersionRow } from "./model.js"

/**
 * The store as Folio reads it: what a version holds, plus the default of every known key the
 * version does not name (one added by a later release), as if version 1 had written it.
 */
export const effectiveEntries = (values: StoredValues): ReadonlyMap<string, StoredEntry> => {
  const entries = new Map<string, StoredEntry>()
  for (const known of knownConfigKeys) {
    if (known.kind !== "secret")
      entries.set(known.key, { value: known.default, updatedAt: null, updatedBy: null })
  }
  for (const [key, entry] of Object.entries(values)) entries.set(key, entry)
  return entries
}

const entryOf = (key: string, entry: StoredEntry): ConfigEntry => {
  const secret = isSecretConfigKey(key)
  const common = {
    key,
    secret,
    known: knownConfigKey(key) !== undefined,
    updatedAt: entry.updatedAt === null ? null : new Date(entry.updatedAt),
    updatedBy: entry.updatedBy,
  }
  // A secret says that it is set, never what it holds.
  return secret
    ? { ...common, set: entry.sealed !== undefined }
    : { ...common, set: true, value: entry.value }
}

/** Every key, in key order: known secrets that are unset are listed too, as unset. */
export const snapshotView = (row: {
  readonly version: number
  readonly digest: string
  readonly createdAt: Date
  readonly values: StoredValues
}): ConfigSnapshot => {
  const entries = new Map(effectiveEntries(row.values))
  const listed = [...entries].map(([key, entry]) => entryOf(key, entry))
  for (const known of knownConfigKeys) {
    if (known.kind === "secret" && !entries.has(known.key)) {
      listed.push({ key: known.key, secret: true, set: false, known: true, updatedAt: null, updatedBy: null })
    }
  }
  listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { version: row.version, digest: row.digest, createdAt: row.createdAt, entries: listed }
}

export const versionView = (row: VersionRow): ConfigVersion => ({
  version: row.version,
  digest: row.digest,
  createdAt: row.createdAt,
  author: row.authorEmail,
  comment: row.comment,
  rollbackOf: row.rollbackOf,
  changes: row.changes,
})

/**
 * The changes that turn one version's values into another's (a rollback's), key by key; two
 * secrets are the same when `sameSecret` says so (the server compares what they decrypt to).
 */
export const diffValues = (
  before: ReadonlyMap<string, StoredEntry>,
  after: ReadonlyMap<string, StoredEntry>,
  sameSecret: (key: string, a: StoredEntry, b: StoredEntry) => boolean,
): ReadonlyArray<ConfigChange> => {
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort()
  const changes: Array<ConfigChange> = []
  for (const key of keys) {
    const secret = isSecretConfigKey(key)
    const was = before.get(key)
    const now = after.get(key)
    if (!was && now)
      changes.push(
        secret ? { key, action: "create", secret } : { key, action: "create", secret, after: now.value },
      )
    else if (was && !now)
      changes.push(
        secret ? { key, action: "delete", secret } : { key, action: "delete", secret, before: was.value },
      )
    else if (was && now) {
      if (secret ? !sameSecret(key, was, now) : !jsonEqual(was.value, now.value)) {
        changes.push(
          secret
            ? { key, action: "update", secret }
            : { key, action: "update", secret, before: was.value, after: now.value },
        )
      }
    }
  }
  return changes
}
