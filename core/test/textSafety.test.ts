import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CreateApiToken } from "../src/domain/apiToken.js"
import { InviteUser, RequestLink } from "../src/domain/authLinks.js"
import { CompanyListParams, CreateCompany } from "../src/domain/company.js"
import { UpdateProfile } from "../src/domain/profile.js"
import {
  CreateReport,
  ReportListParams,
  ReportRevision,
  ReportVersion,
  UpdateReport,
} from "../src/domain/report.js"
import { SearchParams } from "../src/domain/search.js"
import { CreateTeam } from "../src/domain/team.js"
import { TickerInput } from "../src/domain/ticker.js"
import { SignInPayload, UserListParams } from "../src/domain/user.js"
import { AudienceRef } from "../src/import/reportRecord.js"
import { decodeCursor, encodeCursor } from "../src/schema/pagination.js"
import { isMultiLineText, isSingleLineText, isStorableText } from "../src/schema/text.js"

const nul = "a\u0000b"
const loneHigh = "abc\ud800def"
const loneLow = "abc\udc00def"
const titleEscape = "Q3 \u001b]0;pwned\u0007 results"
const hyperlink = "Q3 \u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007"
const carriageReturn = "Q3 results\rAll clear"
const c1 = "Q3 \u009b31m results"
const del = "Q3 \u007f results"

/** The first issue of a failed decode: its path and its message (never the input). */
const firstIssue = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema, { errors: "first" })(input)
  if (Either.isRight(result)) return undefined
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(result.left)
  return issue
}

const report = { title: "Quarterly results", sector: "Technology" }
const accepted = <A, I>(schema: Schema.Schema<A, I>, input: unknown): boolean =>
  Either.isRight(Schema.decodeUnknownEither(schema)(input))

describe("text checks", () => {
  it("keep ordinary text, emoji (surrogate pairs) and accents", () => {
    for (const text of ["Nvidia Q3", "Zürich 🚀 résumé", "日本語", ""]) {
      expect(isStorableText(text)).toBe(true)
      expect(isMultiLineText(text)).toBe(true)
      expect(isSingleLineText(text)).toBe(true)
    }
  })

  it("refuse NUL and unpaired surrogates at every level", () => {
    for (const text of [nul, loneHigh, loneLow, "\ud800", "\udc00\ud800", "end\ud83d"]) {
      expect(isStorableText(text)).toBe(false)
      expect(isMultiLineText(text)).toBe(false)
      expect(isSingleLineText(text)).toBe(false)
    }
  })

  it("let multi-line text keep tabs and line breaks but no other control character", () => {
    expect(isMultiLineText("line one\r\nline two\n\tindented")).toBe(true)
    for (const text of [titleEscape, hyperlink, c1, del, "bell\u0007"])
      expect(isMultiLineText(text)).toBe(false)
  })

  it("refuse every control character in a single line", () => {
    for (const text of [titleEscape, hyperlink, carriageReturn, c1, del, "a\nb", "a\tb"])
      expect(isSingleLineText(text)).toBe(false)
  })

  it("classify every UTF-16 code unit as the rules say, alone and beside surrogates", () => {
    const control = (c: number) => c <= 0x1f || (c >= 0x7f && c <= 0x9f)
    const surrogate = (c: number) => c >= 0xd800 && c <= 0xdfff
    const layout = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d
    const wrong: Array<string> = []
    for (let c = 0; c <= 0xffff; c++) {
      const alone = String.fromCharCode(c)
      const storable = c !== 0 && !surrogate(c)
      if (isStorableText(`a${alone}b`) !== storable) wrong.push(`storable ${c}`)
      if (isMultiLineText(alone) !== (storable && (!control(c) || layout(c)))) wrong.push(`multi ${c}`)
      if (isSingleLineText(alone) !== (storable && !control(c))) wrong.push(`single ${c}`)
      // A high surrogate followed by any low one is a pair (one emoji), and so is fine.
      if (c >= 0xdc00 && c <= 0xdfff && !isSingleLineText(`x\ud83d${alone}y`)) wrong.push(`pair ${c}`)
    }
    expect(wrong).toEqual([])
  })
})

describe("names and titles refuse control characters", () => {
  const cases: ReadonlyArray<
    readonly [string, string, (value: string) => unknown, Schema.Schema.AnyNoContext]
  > = [
    ["report", "title", (title) => ({ ...report, title }), CreateReport],
    ["profile", "name", (name) => ({ name }), UpdateProfile],
    ["company", "name", (name) => ({ name, slug: "acme" }), CreateCompany],
    ["team", "name", (name) => ({ name }), CreateTeam],
    ["API token", "name", (name) => ({ name, scopes: ["read"], expiresInDays: null }), CreateApiToken],
    [
      "invited user",
      "name",
      (name) => ({
        name,
        email: "new@example.com",
        companyId: "7a6c4c1e-0b1f-4b8a-9e4e-3f1f2b9d5c11",
        role: "reader",
      }),
      InviteUser,
    ],
    [
      "ticker",
      "name",
      (name) => ({
        symbol: "AAPL",
        name,
        exchange: "NASDAQ",
        sector: "Tech",
        currency: "USD",
        country: "US",
      }),
      TickerInput,
    ],
  ]
  for (const [what, field, input, schema] of cases) {
    it(`${what}: ${field}`, () => {
      for (const bad of [titleEscape, hyperlink, carriageReturn, c1, del, nul, loneHigh]) {
        const issue = firstIssue(schema, input(bad))
        expect(issue?.path).toEqual([field])
        expect(issue?.message).toMatch(/must not contain/)
        expect(issue?.message).not.toContain(bad)
      }
      expect(accepted(schema, input("Zürich 🚀 Research"))).toBe(true)
    })
  }

  it("covers the report's other single-line fields: externalId, tags, channels, sector", () => {
    expect(firstIssue(CreateReport, { ...report, externalId: titleEscape })?.path).toEqual(["externalId"])
    expect(firstIssue(CreateReport, { ...report, tags: ["ok", hyperlink] })?.path).toEqual(["tags", 1])
    expect(firstIssue(CreateReport, { ...report, channels: [carriageReturn] })?.path).toEqual(["channels", 0])
    expect(firstIssue(CreateReport, { ...report, sector: nul })?.path).toEqual(["sector"])
  })

  it("keeps line breaks in the body and summary but refuses NUL, escapes and lone surrogates", () => {
    expect(accepted(CreateReport, { ...report, summary: "One.\nTwo.", body: "# Head\r\n\n\tcode" })).toBe(
      true,
    )
    expect(firstIssue(CreateReport, { ...report, body: nul })?.path).toEqual(["body"])
    expect(firstIssue(CreateReport, { ...report, body: titleEscape })?.path).toEqual(["body"])
    expect(firstIssue(CreateReport, { ...report, summary: loneLow })?.path).toEqual(["summary"])
    expect(firstIssue(UpdateReport, { version: 1, title: loneHigh })?.path).toEqual(["title"])
  })

  it("refuses NUL and lone surrogates in an email, signing in or asking for a link", () => {
    expect(firstIssue(RequestLink, { email: "a\u0000@example.com" })?.path).toEqual(["email"])
    expect(firstIssue(RequestLink, { email: "a\ud800@example.com" })?.path).toEqual(["email"])
    expect(firstIssue(SignInPayload, { email: "a\u001b@example.com", password: "x" })?.path).toEqual([
      "email",
    ])
  })
})

describe("search words and list filters refuse what PostgreSQL cannot store", () => {
  it("names the parameter", () => {
    expect(firstIssue(SearchParams, { q: nul })?.path).toEqual(["q"])
    expect(firstIssue(SearchParams, { q: "ok", sector: nul })?.path).toEqual(["sector"])
    expect(firstIssue(ReportListParams, { ticker: nul })?.path).toEqual(["ticker"])
    expect(firstIssue(ReportListParams, { externalId: loneHigh })?.path).toEqual(["externalId"])
    expect(firstIssue(UserListParams, { q: nul })?.path).toEqual(["q"])
    expect(firstIssue(CompanyListParams, { cursor: nul })?.path).toEqual(["cursor"])
  })

  it("keeps a search with ordinary words", () => {
    expect(accepted(SearchParams, { q: '"free cash flow" -capex' })).toBe(true)
  })

  it("refuses dates PostgreSQL cannot store", () => {
    expect(firstIssue(ReportListParams, { from: "-010000-01-01" })?.path).toEqual(["from"])
    expect(firstIssue(SearchParams, { q: "x", to: "+275760-01-01" })?.path).toEqual(["to"])
    expect(accepted(ReportListParams, { from: "2025-01-01" })).toBe(true)
  })

  it("a cursor that decodes to NUL or a lone surrogate is not a cursor", () => {
    expect(decodeCursor(encodeCursor(["a\u0000", "id"]))).toBeUndefined()
    expect(decodeCursor(btoa('["\\ud800","id"]'))).toBeUndefined()
    expect(decodeCursor(encodeCursor(["Zürich", 3]))).toEqual(["Zürich", 3])
  })
})

describe("numbers that reach PostgreSQL stay in its integer range", () => {
  it("a revision number is 1..2147483647", () => {
    expect(accepted(ReportVersion, 2_147_483_647)).toBe(true)
    expect(accepted(ReportVersion, 3_000_000_000)).toBe(false)
    expect(accepted(ReportVersion, 0)).toBe(false)
    expect(firstIssue(UpdateReport, { version: 3_000_000_000 })?.path).toEqual(["version"])
  })
})

describe("stored revisions read back without today's input rules", () => {
  it("decodes a revision whose title was saved with a control character", () => {
    const revision = {
      version: 1,
      savedAt: "2025-01-01T00:00:00.000Z",
      savedBy: null,
      note: "",
      fields: {
        title: titleEscape,
        summary: "",
        body: "",
        type: "note",
        sector: "Tech",
        tickers: [],
        tags: [],
        channels: [],
        rating: null,
        targetPrice: null,
        targetCurrency: null,
      },
    }
    expect(accepted(ReportRevision, revision)).toBe(true)
  })
})

describe("import audience entries", () => {
  it("refuse NUL, lone surrogates and control characters in a team name, naming the entry", () => {
    for (const team of [nul, loneHigh, "Macro\u001b[2Jdesk"]) {
      const issue = firstIssue(AudienceRef, `acme/${team}`)
      expect(issue?.message).toBe(
        "An audience entry must not contain control characters (line breaks, tabs, escapes)",
      )
    }
    expect(accepted(AudienceRef, "acme/Macro desk +24h")).toBe(true)
  })
})
