import { Schema } from "effect"
import { isStorableText, QueryText } from "./text.js"

/**
 * Keyset pagination: the cursor is an opaque string the server hands out; clients pass it back
 * unchanged. `limit` is capped so a single request can never ask for the whole table.
 */
export const PageLimit = Schema.NumberFromString.pipe(
  Schema.int(),
  Schema.between(1, 200, { message: () => "limit must be between 1 and 200" }),
)

/** The opaque cursor a list handed out, passed back unchanged. */
export const Cursor = (max = 500) => QueryText("The page cursor", max)

export const PageParams = Schema.Struct({
  cursor: Schema.optional(Cursor()),
  limit: Schema.optional(PageLimit),
})
export type PageParams = typeof PageParams.Type

export const Page = <A, I, R>(item: Schema.Schema<A, I, R>) =>
  Schema.Struct({
    items: Schema.Array(item),
    nextCursor: Schema.NullOr(Schema.String),
  })

/**
 * Cursors are base64url of UTF-8 JSON so they survive URLs and stay opaque to clients (`btoa`
 * alone takes only Latin-1: a page ending on "東京 Partners" would fail to make its cursor).
 */
export const encodeCursor = (value: ReadonlyArray<string | number>): string => {
  let binary = ""
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
}

export const decodeCursor = (cursor: string): ReadonlyArray<string | number> | undefined => {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    const parsed: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes))
    // A tampered cursor's strings go into SQL; text PostgreSQL cannot store is refused here.
    return Array.isArray(parsed) &&
      parsed.every((v) => (typeof v === "string" && isStorableText(v)) || typeof v === "number")
      ? parsed
      : undefined
  } catch {
    return undefined
  }
}

/** A comma-separated list in a query string (`status=failed,dead`), blanks dropped. */
export const csvOf = <A, I extends string>(item: Schema.Schema<A, I>) =>
  Schema.transform(Schema.String, Schema.Array(item), {
    strict: false,
    decode: (s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== ""),
    encode: (xs) => (xs as ReadonlyArray<string>).join(","),
  })
