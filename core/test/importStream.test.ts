import { describe, expect, it } from "vitest"
import { parseImportFile } from "../src/import/formats.js"
import { type ImportFormat, importReader, recordFields } from "../src/index.js"

/** Feeds `text` in pieces of `size` characters, as a file read in chunks arrives. */
const inChunks = (file: string, text: string, format: ImportFormat, size: number) => {
  const reader = importReader(file, format)
  const records = []
  const issues = []
  for (let at = 0; at < text.length; at += size) {
    const part = reader.push(text.slice(at, at + size))
    records.push(...part.records)
    issues.push(...part.issues)
  }
  const last = reader.end()
  return { records: [...records, ...last.records], issues: [...issues, ...last.issues] }
}

const csv =
  '\ufefftitle,sector,body\r\n"First, one",Tech,"two\r\nlines with ""quotes"""\r\n\r\nSecond one,Energy,x\r\n' +
  '"Third",Tech,"ok" trailing\n"Fourth",Tech,"never closed\n'
const json =
  '[\n  {"title": "a ] b \\" }", "sector": "X"},\n\n  {\n    "title": "c"\n  },\n  {oops},\n  [1]\n]\n'
const ndjson = '{"title":"Good one","sector":"X"}\r\n{oops\n\n[1]\n{"title":"Last","sector":"Y"}'

describe("import files read a chunk at a time", () => {
  it.each([
    ["csv", csv],
    ["json", json],
    ["ndjson", ndjson],
  ] as const)("give the same rows, lines and problems for %s whatever the chunk size", (format, text) => {
    const whole = parseImportFile(`r.${format}`, text, format)
    for (const size of [1, 2, 3, 7, 64]) expect(inChunks(`r.${format}`, text, format, size)).toEqual(whole)
  })

  it("reads CSV quoting across lines and CRLF, and names a broken quote's line", () => {
    const parsed = parseImportFile("r.csv", csv, "csv")
    expect(parsed.records.map((r) => [r.line, r.fields.title, r.fields.body])).toEqual([
      [2, "First, one", 'two\r\nlines with "quotes"'],
      [5, "Second one", "x"],
    ])
    expect(parsed.issues).toEqual([
      {
        file: "r.csv",
        line: 6,
        field: "(row)",
        message: "CSV: a quoted cell goes on after its closing quote (put the whole cell in quotes)",
      },
      {
        file: "r.csv",
        line: 7,
        field: "(row)",
        message: "CSV: a quoted cell is never closed (a quote is missing)",
      },
    ])
  })

  it("refuses a report CSV with an unknown or empty column once, naming it and the known ones", () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Title ${i},Tech,\n`).join("")
    const parsed = parseImportFile("r.csv", `title,sector,\n${rows}`, "csv")
    expect(parsed.records).toEqual([])
    expect(parsed.issues).toEqual([
      {
        file: "r.csv",
        line: 1,
        field: "(header)",
        message: `The header's column 3 has no name (a trailing comma?); the columns are ${recordFields.join(", ")}`,
      },
    ])
    const unknown = parseImportFile("r.csv", "title,sektor\nA,Tech\nB,Tech\n", "csv")
    expect(unknown.issues.map((i) => `${i.line} ${i.field}: ${i.message}`)).toEqual([
      `1 sektor: Unknown column "sektor" (column 2); the columns are ${recordFields.join(", ")}. Nothing in this file was imported`,
    ])
  })

  it("gives each JSON array element its line, and a bad element is that row's problem only", () => {
    const parsed = parseImportFile("r.json", json, "json")
    expect(parsed.records.map((r) => [r.line, r.fields.title])).toEqual([
      [2, 'a ] b " }'],
      [4, "c"],
    ])
    expect(parsed.issues.map((i) => [i.line, i.field, i.message.slice(0, 20)])).toEqual([
      [7, "(row)", "Not valid JSON: Expe"],
      [8, "(row)", "Each array element m"],
    ])
  })

  it("says what is wrong with a JSON file that is not one array", () => {
    const messages = (text: string) => parseImportFile("r.json", text, "json").issues.map((i) => i.message)
    expect(messages('{"title":"x"}')).toEqual(["Expected a JSON array of reports ([ … ])"])
    expect(messages("")).toEqual(["The file is empty: expected a JSON array of reports"])
    expect(messages('[{"title":"x"}')).toEqual([
      "Not valid JSON: the array is never closed (a ] is missing at the end)",
    ])
    expect(messages('[{"title":"x"}] x')).toEqual(["Not valid JSON: text after the end of the array"])
    expect(messages("[]")).toEqual([])
  })
})
