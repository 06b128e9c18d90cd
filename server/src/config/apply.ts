import {
  type ConfigChange,
  type ConfigOperation,
  configOperationIssues,
  decodeConfigValue,
  type FieldIssue,
  isSecretConfigKey,
  jsonEqual,
  knownConfigKey,
} from "@folio/core"
import { Either } from "effect"
import type { SealedSecret, StoredEntry, StoredValues } from "./model.js"
import { effectiveEntries } from "./view.js"

export interface SecretSealing {
  readonly seal: (key: string, value: unknown) => Either.Either<SealedSecret, string>
  /** Whether the sealed secret holds `value`. */
  readonly holds: (key: string, sealed: SealedSecret, value: unknown) => boolean
}

export interface Applied {
  readonly values: StoredValues
  readonly changes: ReadonlyArray<ConfigChange>
}

/**
 * A change's operations applied to a version's values: the new values and what changed, or
 * every issue (nothing is applied unless all operations are valid). A value equal to the one
 * held is no change; deleting a known key puts its default back, a secret's delete unsets it.
 */
export const applyOperations = (
  values: StoredValues,
  operations: ReadonlyArray<ConfigOperation>,
  stamp: { readonly updatedAt: string; readonly updatedBy: string | null },
  secrets: SecretSealing,
): Either.Either<Applied, ReadonlyArray<FieldIssue>> => {
  const entries = new Map<string, StoredEntry>(effectiveEntries(values))
  const issues: Array<FieldIssue> = [...configOperationIssues(operations, (key) => entries.has(key))]
  if (issues.length > 0) return Either.left(issues)
  const changes: Array<ConfigChange> = []
  operations.forEach((op, index) => {
    const { key } = op
    const secret = isSecretConfigKey(key)
    const before = entries.get(key)
    if (op.operation === "delete") {
      const known = knownConfigKey(key)
      if (known && !secret) {
        if (jsonEqual(before?.value, known.default)) return
        entries.set(key, { value: known.default, ...stamp })
        changes.push({ key, action: "delete", secret, before: before?.value, after: known.default })
        return
      }
      entries.delete(key)
      changes.push(
        secret ? { key, action: "delete", secret } : { key, action: "delete", secret, before: before?.value },
      )
      return
    }
    // Checked by configOperationIssues: the value decodes.
    const value = Either.getOrElse(decodeConfigValue(key, op.value), () => op.value)
    const action = before ? "update" : "create"
    if (secret) {
      if (before?.sealed && secrets.holds(key, before.sealed, value)) return
      const sealed = secrets.seal(key, value)
      if (Either.isLeft(sealed)) {
        issues.push({ path: ["operations", index, "value"], message: sealed.left })
        return
      }
      entries.set(key, { sealed: sealed.right, ...stamp })
      changes.push({ key, action, secret })
      return
    }
    if (before && jsonEqual(before.value, value)) return
    entries.set(key, { value, ...stamp })
    changes.push(
      before
        ? { key, action, secret, before: before.value, after: value }
        : { key, action, secret, after: value },
    )
  })
  if (issues.length > 0) return Either.left(issues)
  return Either.right({ values: Object.fromEntries(entries), changes })
}
