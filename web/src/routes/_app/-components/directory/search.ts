import { Option, Schema } from "effect"

/** A URL search parameter decoded with a core schema; anything else is dropped (not an error). */
export const searchParam = <A, I>(schema: Schema.Schema<A, I>, value: unknown): A | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(schema)(value))

/** Free text from the URL: trimmed, capped, absent when empty. */
export const searchText = (value: unknown, max = 120): string | undefined => {
  if (typeof value !== "string" && typeof value !== "number") return undefined
  const text = String(value).trim().slice(0, max)
  return text === "" ? undefined : text
}
