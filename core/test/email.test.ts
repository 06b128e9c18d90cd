import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Email } from "../src/schema/email.js"
import { decodeCursor, encodeCursor } from "../src/schema/pagination.js"

const decode = Schema.decodeUnknownEither(Email)

describe("Email", () => {
  it("normalises case and surrounding space", () => {
    expect(decode("  Ada@Example.COM ")).toEqual(Either.right("ada@example.com"))
  })

  it("rejects text that is not an address with a readable message", () => {
    const result = decode("not-an-email")
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) expect(result.left.message).toContain("Enter an email address")
  })
})

describe("cursor", () => {
  it("round-trips keyset values through an opaque string", () => {
    const cursor = encodeCursor(["2026-11-22T10:00:00.000Z", "b3f1"])
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(["2026-11-22T10:00:00.000Z", "b3f1"])
  })

  it("carries names in any script (a page of companies can end on 東京 Partners)", () => {
    const cursor = encodeCursor(["東京 Partners — Zürich 🚀", "b3f1"])
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(["東京 Partners — Zürich 🚀", "b3f1"])
  })

  it("rejects tampered cursors instead of throwing", () => {
    expect(decodeCursor("!!!")).toBeUndefined()
    expect(decodeCursor(btoa(JSON.stringify({ a: 1 })))).toBeUndefined()
  })
})
