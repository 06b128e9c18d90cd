import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { validateRecord } from "../src/index.js"

const problems = (fields: Record<string, unknown>) => {
  const result = validateRecord({
    file: "r.csv",
    line: 12,
    fields: { title: "Hello there", sector: "Tech", ...fields },
  })
  return Either.isLeft(result) ? result.left.map((issue) => `${issue.field}: ${issue.message}`) : []
}

describe("import messages say what the field must be, and what the row has", () => {
  it("names the allowed words of rating, type and status, and the value given", () => {
    expect(problems({ rating: "strong buy" })).toEqual([
      'rating: rating must be one of buy, hold, sell, not_rated (got "strong buy")',
    ])
    expect(problems({ type: "memo", status: "done" })).toEqual([
      'type: type must be one of note, update, initiation, sector, flash (got "memo")',
      'status: status must be one of draft, in_review, approved, published, archived (got "done")',
    ])
  })

  it("says which form a date or a price takes, with an example, instead of 'Invalid Date'", () => {
    expect(problems({ publishedAt: "31/12/2026" })).toEqual([
      'publishedAt: publishedAt must be a date, or a date and time, such as 2026-03-31 or 2026-03-31T09:30:00Z (got "31/12/2026")',
    ])
    expect(problems({ targetPrice: "abc" })).toEqual([
      'targetPrice: targetPrice must be a number such as 125.5 (got "abc")',
    ])
  })

  it("keeps the schema's own words where they already say it", () => {
    expect(problems({ targetCurrency: "dollars" })).toEqual([
      "targetCurrency: Currency is a three-letter ISO code such as USD",
    ])
  })
})
