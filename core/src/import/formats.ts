import Papa from "papaparse"
import { LineCounter, parseDocument } from "yaml"
import type { ImportIssue, RawRecord } from "./reportRecord.js"

export type ImportFormat = "csv" | "json" | "ndjson" | "markdown"
export const importFormats: ReadonlyArray<ImportFormat> = ["csv", "json", "ndjson", "markdown"]

/** The format a file name implies, if any. */
export const formatOfFile = (name: string): ImportFormat | undefined => {
  const lower = name.toLowerCase()
  if (lower.endsWith(".csv")) return "csv"
  if (lower.endsWith(".ndjson") || lower.endsWith(".jsonl")) return "ndjson"
  if (lower.endsWith(".json")) return "json"
  if (lower.endsWith(".md") || lower.endsWith(".markdown")) return "markdown"
  return undefined
}

export interface ParsedFile {
  readonly records: ReadonlyArray<RawRecord>
  /** Problems that stop a row (or the whole file) from being read at all. */
  readonly issues: ReadonlyArray<ImportIssue>
}

const lineAt = (text: string, offset: number, from = 0, startLine = 1): number => {
  let line = startLine
  for (let i = from; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** CSV with a header row; cells may be quoted and span lines. Line numbers are the row's first line. */
export const parseCsv = (file: string, text: string): ParsedFile => {
  const records: Array<RawRecord> = []
  const issues: Array<ImportIssue> = []
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let header: ReadonlyArray<string> | undefined
  let cursor = 0
  let line = 1
  Papa.parse<Array<string>>(source, {
    header: false,
    delimiter: ",",
    skipEmptyLines: false,
    step: (result) => {
      const end = result.meta.cursor
      let start = cursor
      while (start < end && (source[start] === "\n" || source[start] === "\r")) start++
      const rowLine = lineAt(source, start, cursor, line)
      line = lineAt(source, end, start, rowLine)
      cursor = end
      const cells = result.data
      if (cells.length === 1 && (cells[0] ?? "").trim() === "") return
      if (header === undefined) {
        header = cells.map((cell) => cell.trim())
        return
      }
      for (const error of result.errors) {
        issues.push({ file, line: rowLine, field: "(row)", message: `CSV: ${error.message}` })
      }
      if (cells.length !== header.length) {
        issues.push({
          file,
          line: rowLine,
          field: "(row)",
          message: `This row has ${cells.length} cells but the header has ${header.length}`,
        })
        return
      }
      const fields: Record<string, unknown> = {}
      header.forEach((name, index) => {
        fields[name] = cells[index]
      })
      records.push({ file, line: rowLine, fields })
    },
  })
  if (header === undefined)
    issues.push({ file, line: 1, field: "(file)", message: "The file is empty: expected a header row" })
  return { records, issues }
}

/** Newline-delimited JSON: one object per line; blank lines are skipped. */
export const parseNdjson = (file: string, text: string): ParsedFile => {
  const records: Array<RawRecord> = []
  const issues: Array<ImportIssue> = []
  text.split("\n").forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === "") return
    try {
      const value: unknown = JSON.parse(raw)
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        issues.push({ file, line, field: "(row)", message: "Each line must be a JSON object" })
      } else {
        records.push({ file, line, fields: value as Record<string, unknown> })
      }
    } catch (error) {
      issues.push({ file, line, field: "(row)", message: `Not valid JSON: ${(error as Error).message}` })
    }
  })
  return { records, issues }
}

/** Offsets where each top-level element of a JSON array starts (strings and nesting respected). */
const elementStarts = (text: string): Array<number> => {
  const starts: Array<number> = []
  let depth = 0
  let inString = false
  let expectValue = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === "\\") i++
      else if (c === '"') inString = false
      continue
    }
    if (c === " " || c === "\n" || c === "\r" || c === "\t") continue
    if (depth === 1 && expectValue) {
      starts.push(i)
      expectValue = false
    }
    if (c === '"') inString = true
    else if (c === "[" || c === "{") {
      depth++
      if (depth === 1 && c === "[") expectValue = true
    } else if (c === "]" || c === "}") depth--
    else if (c === "," && depth === 1) expectValue = true
  }
  return starts
}

/** A JSON array of objects; each record's line is where its object starts. */
export const parseJson = (file: string, text: string): ParsedFile => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const line = position ? lineAt(text, Number(position[1])) : 1
    return { records: [], issues: [{ file, line, field: "(file)", message: `Not valid JSON: ${message}` }] }
  }
  if (!Array.isArray(value)) {
    return {
      records: [],
      issues: [{ file, line: 1, field: "(file)", message: "Expected a JSON array of reports" }],
    }
  }
  const starts = elementStarts(text)
  const records: Array<RawRecord> = []
  const issues: Array<ImportIssue> = []
  value.forEach((item: unknown, index) => {
    const line = lineAt(text, starts[index] ?? 0)
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      issues.push({ file, line, field: "(row)", message: "Each array element must be an object" })
    } else {
      records.push({ file, line, fields: item as Record<string, unknown> })
    }
  })
  return { records, issues }
}

/** One report per file: YAML front matter between `---` lines, then the Markdown body. */
export const parseMarkdown = (file: string, text: string): ParsedFile => {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source)
  if (!match) {
    return {
      records: [],
      issues: [
        {
          file,
          line: 1,
          field: "(file)",
          message: "Expected YAML front matter between --- lines at the top",
        },
      ],
    }
  }
  const lineCounter = new LineCounter()
  const doc = parseDocument(match[1] ?? "", { lineCounter })
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!
    return {
      records: [],
      issues: [
        {
          file,
          line: (error.linePos?.[0]?.line ?? 0) + 1,
          field: "(front matter)",
          message: `YAML: ${error.message.split("\n")[0]}`,
        },
      ],
    }
  }
  const data: unknown = doc.toJS()
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return {
      records: [],
      issues: [
        { file, line: 2, field: "(front matter)", message: "Front matter must be a mapping of fields" },
      ],
    }
  }
  const fields: Record<string, unknown> = { ...(data as Record<string, unknown>) }
  if (fields.body === undefined) fields.body = source.slice(match[0].length).replace(/^\r?\n/, "")
  return { records: [{ file, line: 1, fields }], issues: [] }
}

export const parseImportFile = (file: string, text: string, format: ImportFormat): ParsedFile => {
  switch (format) {
    case "csv":
      return parseCsv(file, text)
    case "json":
      return parseJson(file, text)
    case "ndjson":
      return parseNdjson(file, text)
    case "markdown":
      return parseMarkdown(file, text)
  }
}
