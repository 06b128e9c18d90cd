import { plural as plainPlural, pluralIn, pluralNoun } from "@folio/core"
import { describe, expect, it } from "vitest"
import { plural } from "../src/routes/_app/-components/directory/format"

describe("plural (Intl.PluralRules, en)", () => {
  it("never puts a plural noun after 1, nor a singular after any other count", () => {
    for (const count of [0, 2, 3, 11, 21, 101, 1000, 0.5, 1.5]) {
      expect(pluralNoun(count, "row")).toBe("rows")
    }
    expect(pluralNoun(1, "row")).toBe("row")
    expect(pluralNoun(-1, "row")).toBe("row")
    expect(plainPlural(1, "row")).toBe("1 row")
    expect(plainPlural(0, "row")).toBe("0 rows")
  })

  it("uses the plural it is given for nouns that do not take a plain s", () => {
    expect(plainPlural(1, "person", "people")).toBe("1 person")
    expect(plainPlural(2, "person", "people")).toBe("2 people")
    expect(plainPlural(3, "delivery", "deliveries")).toBe("3 deliveries")
    expect(plainPlural(1, "batch", "batches")).toBe("1 batch")
    expect(pluralNoun(2, "falls", "fall")).toBe("fall")
  })

  it("asks for the plural of a literal noun that ends in s, x, ch, sh or a consonant and y", () => {
    // @ts-expect-error "batchs" would be wrong: the plural must be given
    pluralNoun(2, "batch")
    // @ts-expect-error "deliverys" would be wrong
    plainPlural(2, "delivery")
    // @ts-expect-error "statuss" would be wrong
    plural(2, "status")
    expect(plainPlural(2, "day")).toBe("2 days")
    expect(plainPlural(2, "key")).toBe("2 keys")
  })

  it("formats the count for the locale it is made for", () => {
    expect(plainPlural(1200, "row")).toBe("1,200 rows")
    expect(pluralIn("de-DE")(1200, "row")).toBe("1.200 rows")
    expect(plural(1200, "row")).toBe(`${(1200).toLocaleString()} rows`)
    expect(plural(1, "result")).toBe("1 result")
  })
})
