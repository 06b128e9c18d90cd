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
 * The store's digest at a version: SHA-256 over the version and the canonical values (sealed
 * secrets included, so setting a secret changes it too), hex, 32 characters. The version is in
 * it, so a rollback to earlier values still gets a digest of its own.
 */
export const configDigest = (version: number, values: unknown): string =>
  createHash("sha256")
    .update(`${version}\n${canonicalJson(values)}`)
    .digest("hex")
    .slice(0, 32)
