import { type ConfigEntry, type ConfigSnapshot, jsonEqual } from "@folio/core"
import { jsonText } from "./format"

export interface KeyDifference {
  readonly key: string
  readonly change: "added" | "removed" | "changed"
  readonly secret: boolean
  /** As the older version holds it ("—" when absent; a secret: "set" or "not set"). */
  readonly before: string
  readonly after: string
}

const shown = (entry: ConfigEntry | undefined): string => {
  if (entry === undefined) return "—"
  if (entry.secret) return entry.set ? "set" : "not set"
  return jsonText(entry.value)
}

const same = (a: ConfigEntry, b: ConfigEntry): boolean =>
  a.secret || b.secret ? a.secret === b.secret && a.set === b.set : jsonEqual(a.value, b.value)

/**
 * What changed between two versions of the store, key by key in key order. A secret's value is
 * never in a snapshot, so a secret shows only whether it was set; one replaced by another value
 * while set in both does not show (the history says that it changed).
 */
export const diffSnapshots = (older: ConfigSnapshot, newer: ConfigSnapshot): ReadonlyArray<KeyDifference> => {
  const before = new Map(older.entries.map((entry) => [entry.key, entry]))
  const after = new Map(newer.entries.map((entry) => [entry.key, entry]))
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort()
  const differences: Array<KeyDifference> = []
  for (const key of keys) {
    const a = before.get(key)
    const b = after.get(key)
    if (a !== undefined && b !== undefined && same(a, b)) continue
    // A secret that holds nothing is as good as absent.
    if ((a === undefined || (a.secret && !a.set)) && (b === undefined || (b.secret && !b.set))) continue
    differences.push({
      key,
      change: a === undefined ? "added" : b === undefined ? "removed" : "changed",
      secret: (a ?? b)?.secret === true,
      before: shown(a),
      after: shown(b),
    })
  }
  return differences
}
