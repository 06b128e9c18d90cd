import { describe, expect, it } from "vitest"
import { utf8Bytes } from "../src/import/batches.js"

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
