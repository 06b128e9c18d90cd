import { describe, expect, it } from "vitest"
import { configKeyDocs } from "../src/domain/configKeyDocs.js"
import { knownConfigKeys } from "../src/domain/configKeys.js"

describe("the known configuration keys' docs", () => {
  it("give every known key a label and a description, and no other key", () => {
    expect(Object.keys(configKeyDocs).sort()).toEqual(knownConfigKeys.map((known) => known.key).sort())
    for (const doc of Object.values(configKeyDocs)) {
      expect(doc.label.trim()).not.toBe("")
      expect(doc.description.trim()).not.toBe("")
    }
  })
})
