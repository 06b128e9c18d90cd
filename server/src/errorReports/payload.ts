import { Predicate } from "effect"

/**
 * Lenient readers for the JSON an SDK sends. A Sentry payload is untrusted and loosely typed: a
 * field of the wrong type is treated as absent rather than failing the whole event.
 */
export type Json = Readonly<Record<string, unknown>>

export const record = (value: unknown): Json | undefined =>
  Predicate.isRecord(value) && !Array.isArray(value) ? value : undefined

export const field = (value: unknown, ...path: ReadonlyArray<string>): unknown =>
  path.reduce<unknown>((current, key) => record(current)?.[key], value)

/** A non-empty string, trimmed to `max` characters. */
export const text = (value: unknown, max = 1000): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null

export const integer = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : null

export const finite = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null

export const list = (value: unknown): ReadonlyArray<unknown> => (Array.isArray(value) ? value : [])

/** A Sentry timestamp: seconds since the epoch (a float), or an ISO string. */
export const timestamp = (value: unknown): Date | null => {
  const date =
    typeof value === "number" ? new Date(value * 1000) : typeof value === "string" ? new Date(value) : null
  return date !== null && Number.isFinite(date.getTime()) ? date : null
}
