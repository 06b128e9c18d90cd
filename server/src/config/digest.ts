import { createHash } from "node:crypto"

/** JSON with object keys sorted at every level, so equal stores give equal text. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
}

/**
 * The same JSON value with every object's keys in the order PostgreSQL's jsonb keeps them
 * (shorter keys first, then by their UTF-8 bytes). A value written is held in this order, so
 * an instance that adopted its own write shows it exactly as one that reloaded it.
 */
export const inJsonbOrder = <A>(value: A): A => {
  if (value === null || typeof value !== "object") return value
  if (Array.isArray(value)) return value.map(inJsonbOrder) as A
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b)))
  return Object.fromEntries(entries.map(([k, v]) => [k, inJsonbOrder(v)])) as A
}

/**
 * The store's digest at a version: SHA-256 over the version and the canonical values (sealed
 * secrets included, so setting a secret changes it too), hex, 32 characters. The version is in
 * it, so a rollback to earlier values still gets a digest of its own.
 */
export const configDigest = (version: number, values: unknown): string =>
  createHash("sha256")
    .update(`${version}\n${canonicalJson(values)}`)
    .digest("hex")
    .slice(0, 32)
