import { describe, expect, it } from "vitest"
import { externalIdIndex } from "../src/import/externalIdIndex.js"

describe("externalIdIndex", () => {
  it("answers where an id was first used, and keeps that first place", () => {
    const index = externalIdIndex()
    expect(index.firstUse("ACME-2026-001", { file: 0, line: 2 })).toBeUndefined()
    expect(index.firstUse("ACME-2026-002", { file: 0, line: 3 })).toBeUndefined()
    expect(index.firstUse("ACME-2026-001", { file: 1, line: 9 })).toEqual({ file: 0, line: 2 })
    expect(index.firstUse("ACME-2026-001", { file: 2, line: 4 })).toEqual({ file: 0, line: 2 })
    expect(index.size()).toBe(2)
  })

  it("tells apart ids that differ in one character, in case, or in length, and takes the empty id", () => {
    const index = externalIdIndex()
    const ids = ["a", "A", "ab", "ba", "a ", "", "é", "e\u0301", "👍", "\u{1F44E}"]
    for (const [line, id] of ids.entries()) expect(index.firstUse(id, { file: 0, line })).toBeUndefined()
    for (const [line, id] of ids.entries())
      expect(index.firstUse(id, { file: 3, line: 99 })).toEqual({ file: 0, line })
  })

  it("holds a million ids through its growth with no false repeat, in 16–32 bytes an id", () => {
    const index = externalIdIndex()
    const n = 1_000_000
    for (let i = 0; i < n; i++) {
      const place = index.firstUse(`NWC-${i.toString(36)}-${(i * 7919) % 1000}`, { file: i % 5, line: i })
      if (place !== undefined) throw new Error(`id ${i} taken for a repeat of line ${place.line}`)
    }
    expect(index.size()).toBe(n)
    for (let i = 0; i < n; i += 9973) {
      expect(index.firstUse(`NWC-${i.toString(36)}-${(i * 7919) % 1000}`, { file: 9, line: 0 })).toEqual({
        file: i % 5,
        line: i,
      })
    }
    expect(index.bytes() / n).toBeGreaterThanOrEqual(16)
    expect(index.bytes() / n).toBeLessThanOrEqual(48)
  })
})
