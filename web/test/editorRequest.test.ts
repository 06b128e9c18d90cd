import { Either } from "effect"
import { describe, expect, it } from "vitest"
import {
  createRequest,
  type EditorValues,
  updateRequest,
} from "../src/routes/_app/-components/reports/editor/model"

const values: EditorValues = {
  title: "Q3 preview",
  summary: "What to expect",
  body: "Body",
  type: "note",
  sector: "Banks",
  tickers: [],
  authors: [{ id: "0b7f3c2e-4a1d-4d8e-9c1a-2f5e6b7c8d90" as never, name: "Ada", email: "ada@folio.test" }],
  audience: [],
  channels: [],
  tags: [],
  rating: null,
  targetPrice: null,
  targetCurrency: null,
}

describe("the report editor's requests", () => {
  it("sends only the changed fields, with the version, once core's schema accepts them", () => {
    const request = updateRequest({ ...values, title: "Q3 results" }, ["title"], 4)
    expect(request).toEqual(Either.right({ version: 4, title: "Q3 results" }))
  })

  it("puts core's message on the field it is about, authors under authorIds", () => {
    const request = updateRequest(
      { ...values, title: "", authors: [{ id: "nobody" as never, name: "?", email: "?" }] },
      ["title", "authors"],
      4,
    )
    expect(Either.isLeft(request)).toBe(true)
    if (Either.isRight(request)) return
    expect(request.left.form).toBeNull()
    expect(Object.keys(request.left.fields).sort()).toEqual(["authorIds", "title"])
    expect(request.left.fields.title).toEqual(expect.any(String))
  })

  it("checks a new report as a whole", () => {
    expect(Either.isRight(createRequest(values))).toBe(true)
    const missing = createRequest({ ...values, title: "  " })
    expect(Either.isLeft(missing) && Object.keys(missing.left.fields)).toEqual(["title"])
  })
})
