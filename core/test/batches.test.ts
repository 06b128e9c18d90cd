import { describe, expect, it } from "vitest"
import { cutIntoBatches, utf8Bytes } from "../src/import/batches.js"

describe("utf8Bytes", () => {
  it("counts what Buffer counts, for ASCII, accents, CJK, emoji and a lone surrogate", () => {
    for (const text of [
      "",
      "plain ASCII",
      "Société Générale €",
      "東京エレクトロン",
      "📈 up 12%",
      "a\ud800b",
      "x\udc00",
      "\ud800\ud800",
      "\ud800",
    ])
      expect(utf8Bytes(text), text).toBe(Buffer.byteLength(text, "utf8"))
  })
})

describe("cutIntoBatches", () => {
  const sizes = (batches: ReadonlyArray<ReadonlyArray<number>>) => batches.map((batch) => batch.length)

  it("keeps the order and closes a batch at the row limit", () => {
    const items = Array.from({ length: 7 }, (_, i) => i)
    const batches = cutIntoBatches(items, { size: 3, maxBytes: 1e9 }, () => 1)
    expect(sizes(batches)).toEqual([3, 3, 1])
    expect(batches.flat()).toEqual(items)
  })

  it("closes a batch before it passes the byte limit, and gives an oversized item a batch of its own", () => {
    const weights = [40, 40, 40, 150, 10, 10]
    const batches = cutIntoBatches(weights, { size: 100, maxBytes: 100 }, (weight) => weight)
    expect(batches).toEqual([[40, 40], [40], [150], [10, 10]])
  })

  it("gives no batch for no items", () => {
    expect(cutIntoBatches([], { size: 10, maxBytes: 10 }, () => 1)).toEqual([])
  })
})
