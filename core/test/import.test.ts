import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { toCsv, toMarkdown, toNdjson } from "../src/import/export.js"
import { parseCsv, parseImportFile, parseMarkdown } from "../src/import/formats.js"
import {
  encodeRecord,
  formatAudienceRef,
  parseAudienceRef,
  validateRecord,
} from "../src/import/reportRecord.js"

const valid = (file: string, text: string, format: "csv" | "json" | "ndjson" | "markdown") => {
  const parsed = parseImportFile(file, text, format)
  expect(parsed.issues).toEqual([])
  return parsed.records.map((raw) => {
    const result = validateRecord(raw)
    if (Either.isLeft(result)) throw new Error(JSON.stringify(result.left))
    return result.right
  })
}

describe("CSV", () => {
  it("gives each row the line it starts on, across quoted multi-line cells and blank lines", () => {
    const csv = 'title,sector,body\n"First one",Tech,"two\nlines"\n\nSecond one,Energy,x\r\n'
    expect(parseCsv("r.csv", csv).records.map((r) => [r.line, r.fields.title])).toEqual([
      [2, "First one"],
      [5, "Second one"],
    ])
  })

  it("splits multi-value cells on ';' and upper-cases tickers", () => {
    const [row] = valid(
      "r.csv",
      "title,sector,tickers,tags,authors\nHello there,Tech, aapl ; msft ,a;b,Ann@X.com\n",
      "csv",
    )
    expect(row?.record).toMatchObject({ tickers: ["AAPL", "MSFT"], tags: ["a", "b"], authors: ["ann@x.com"] })
  })

  it("names the file, line and field of every problem", () => {
    const parsed = parseCsv("r.csv", "title,sector,type,bogus\nOk title,Tech,memo,1\n")
    const result = validateRecord(parsed.records[0]!)
    expect(Either.isLeft(result) && result.left.map((i) => [i.file, i.line, i.field])).toEqual([
      ["r.csv", 2, "bogus"],
      ["r.csv", 2, "type"],
    ])
  })

  it("reports a row with the wrong number of cells", () => {
    expect(parseCsv("r.csv", "title,sector\na,b,c\n").issues).toEqual([
      { file: "r.csv", line: 2, field: "(row)", message: "This row has 3 cells but the header has 2" },
    ])
  })
})

describe("JSON, NDJSON and Markdown", () => {
  it("finds the line of each JSON array element", () => {
    const text = '[\n  {"title": "a ] b", "sector": "X"},\n\n  {\n    "title": "c"\n  }\n]'
    expect(parseImportFile("r.json", text, "json").records.map((r) => r.line)).toEqual([2, 4])
  })

  it("reports bad NDJSON lines and keeps the good ones", () => {
    const parsed = parseImportFile("r.ndjson", '{"title":"Good one","sector":"X"}\n{oops\n\n[1]\n', "ndjson")
    expect(parsed.records.map((r) => r.line)).toEqual([1])
    expect(parsed.issues.map((i) => i.line)).toEqual([2, 4])
  })

  it("reads front matter and takes the rest as the body", () => {
    const parsed = parseMarkdown(
      "r.md",
      "---\ntitle: A note\nsector: Tech\ntickers: [AAPL]\n---\n# Heading\n\nText\n",
    )
    expect(parsed.records[0]?.fields).toMatchObject({
      title: "A note",
      tickers: ["AAPL"],
      body: "# Heading\n\nText\n",
    })
    expect(parseMarkdown("r.md", "# no front matter").issues[0]?.field).toBe("(file)")
  })
})

describe("audience references", () => {
  it("parse and print back", () => {
    expect(parseAudienceRef("acme/Macro desk+24h")).toEqual({
      all: false,
      company: "acme",
      team: "Macro desk",
      embargoHours: 24,
    })
    expect(parseAudienceRef("all")).toEqual({ all: true, company: null, team: null, embargoHours: 0 })
    expect(formatAudienceRef({ companySlug: "acme", teamName: "Macro desk", embargoHours: 24 })).toBe(
      "acme/Macro desk+24h",
    )
  })
})

describe("export", () => {
  it("round-trips through every format", () => {
    const [original] = valid(
      "in.csv",
      'externalId,title,sector,tickers,audience,body,targetPrice,publishedAt\nx-1,"Quoted, title",Tech,AAPL;MSFT,acme+24h;all,"# H\n\n""q""",12.5,2026-01-02T03:04:05.000Z\n',
      "csv",
    )
    const encoded = encodeRecord(original!.record)
    const again = [
      valid("out.csv", toCsv([encoded]), "csv")[0],
      valid("out.ndjson", toNdjson([encoded]), "ndjson")[0],
      valid("out.md", toMarkdown(encoded), "markdown")[0],
    ]
    for (const copy of again) expect(copy?.record).toEqual(original?.record)
  })
})

describe("messages", () => {
  it("say which values a field accepts", () => {
    const [raw] = parseCsv("r.csv", "title,sector,type\nOk title,Tech,memo\n").records
    const result = validateRecord(raw!)
    expect(Either.isLeft(result) && result.left).toEqual([
      {
        file: "r.csv",
        line: 2,
        field: "type",
        message: 'type must be one of note, update, initiation, sector, flash (got "memo")',
      },
    ])
  })
})
