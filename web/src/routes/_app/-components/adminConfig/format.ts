import { knownConfigKey } from "@folio/core"

/** A value on one line for lists and diffs: JSON, with strings in quotes so "" shows as such. */
export const jsonText = (value: unknown): string => (value === undefined ? "—" : JSON.stringify(value))

/** A free key's value in its editor: indented JSON. */
export const jsonEditorText = (value: unknown): string => JSON.stringify(value, null, 2) ?? ""

/** A known key's default as its row says it. */
export const defaultText = (key: string): string => {
  const known = knownConfigKey(key)
  if (known === undefined || known.kind === "secret") return "not set"
  if (known.kind === "boolean") return known.default === true ? "on" : "off"
  if (known.kind === "text") return known.default === "" ? "empty" : `“${String(known.default)}”`
  return String(known.default)
}

/** Who made a version or last changed a key: the migration's defaults have no author. */
export const authorText = (author: string | null): string => author ?? "Folio (defaults)"
