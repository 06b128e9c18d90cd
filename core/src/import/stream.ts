import { csvReader } from "./csvStream.js"
import type { ImportFormat, ParsedFile } from "./formats.js"
import { parseMarkdown } from "./markdown.js"
import { type ImportIssue, type RawRecord, recordFields } from "./reportRecord.js"

/**
 * The import formats read a chunk at a time: `push` each chunk of a file's text as it arrives,
 * then `end` once; each call gives the records (and problems) completed so far. The CLI streams
 * files of any size through these in the memory of a few rows; the console and the tests feed a
 * whole text as one chunk (`parseImportFile`). A Markdown file is one report, read whole.
 */
export interface ImportReader {
  readonly push: (chunk: string) => ParsedFile
  readonly end: () => ParsedFile
}

const knownColumns = new Set<string>(recordFields)

/**
 * What is wrong with a report CSV's header, said once for the whole file: a column that is not a
 * report field (an empty one included) would otherwise fail every row.
 */
export const reportHeaderIssues = (file: string, header: ReadonlyArray<string>): Array<ImportIssue> => {
  const issues: Array<ImportIssue> = []
  const seen = new Set<string>()
  const columns = `the columns are ${recordFields.join(", ")}`
  header.forEach((name, index) => {
    const where = `column ${index + 1}`
    if (name === "") {
      issues.push({
        file,
        line: 1,
        field: "(header)",
        message: `The header's ${where} has no name (a trailing comma?); ${columns}`,
      })
    } else if (!knownColumns.has(name)) {
      issues.push({
        file,
        line: 1,
        field: name,
        message: `Unknown column "${name}" (${where}); ${columns}. Nothing in this file was imported`,
      })
    } else if (seen.has(name)) {
      issues.push({ file, line: 1, field: name, message: `The column "${name}" appears twice (${where})` })
    }
    seen.add(name)
  })
  return issues
}

/**
 * CSV rows keyed by the header. With `checkHeader`, a header it finds fault with refuses the
 * whole file once (its rows are then read and dropped), instead of failing every row.
 */
export const csvRecords = (
  file: string,
  checkHeader: ((file: string, header: ReadonlyArray<string>) => Array<ImportIssue>) | null,
): ImportReader => {
  const reader = csvReader()
  let header: ReadonlyArray<string> | undefined
  let refused = false
  const convert = (chunk: ReturnType<typeof reader.push>): ParsedFile => {
    const records: Array<RawRecord> = []
    const issues: Array<ImportIssue> = []
    let refusedRows = 0
    for (const problem of chunk.problems) {
      issues.push({ file, line: problem.line, field: "(row)", message: problem.message })
    }
    for (const row of chunk.rows) {
      // A row whose quoting was broken was still read; it is refused with its problem.
      if (row.broken) continue
      if (header === undefined) {
        header = row.cells.map((cell) => cell.trim())
        const headerIssues = checkHeader?.(file, header) ?? []
        issues.push(...headerIssues)
        refused = headerIssues.length > 0
        continue
      }
      if (refused) {
        refusedRows++
        continue
      }
      if (row.cells.length !== header.length) {
        issues.push({
          file,
          line: row.line,
          field: "(row)",
          message: `This row has ${row.cells.length} cells but the header has ${header.length}`,
        })
        continue
      }
      const fields: Record<string, unknown> = {}
      header.forEach((name, index) => {
        fields[name] = row.cells[index]
      })
      records.push({ file, line: row.line, fields })
    }
    return refusedRows > 0 ? { records, issues, refusedRows } : { records, issues }
  }
  return {
    push: (chunk) => convert(reader.push(chunk)),
    end: () => {
      const last = convert(reader.end())
      if (header !== undefined) return last
      return {
        records: [],
        issues: [
          ...last.issues,
          { file, line: 1, field: "(file)", message: "The file is empty: expected a header row" },
        ],
      }
    },
  }
}

/** Newline-delimited JSON: one object per line; blank lines are skipped. */
const ndjsonRecords = (file: string): ImportReader => {
  let carry = ""
  let line = 0
  const lineOf = (raw: string, records: Array<RawRecord>, issues: Array<ImportIssue>) => {
    line++
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
  }
  return {
    push: (chunk) => {
      const records: Array<RawRecord> = []
      const issues: Array<ImportIssue> = []
      const text = carry + chunk
      let from = 0
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", from)) {
        lineOf(text.slice(from, at), records, issues)
        from = at + 1
      }
      carry = text.slice(from)
      return { records, issues }
    },
    end: () => {
      const records: Array<RawRecord> = []
      const issues: Array<ImportIssue> = []
      if (carry !== "") lineOf(carry, records, issues)
      carry = ""
      return { records, issues }
    },
  }
}

const isSpace = (c: string) => c === " " || c === "\n" || c === "\r" || c === "\t"

/**
 * A JSON array of objects, one element at a time: each element's text is collected (strings and
 * nesting respected) and parsed on its own, so a bad element is one row's problem, at its line.
 */
const jsonArrayRecords = (file: string): ImportReader => {
  let phase: "before" | "between" | "element" | "after" | "broken" = "before"
  let line = 1
  let elementLine = 1
  let element = ""
  let nest = 0
  let inString = false
  let escaped = false
  let sawElement = false
  let first = true

  return {
    push: (chunk) => {
      const records: Array<RawRecord> = []
      const issues: Array<ImportIssue> = []
      const fail = (message: string) => {
        issues.push({ file, line, field: "(file)", message })
        phase = "broken"
      }
      const finishElement = () => {
        const text = element.trim()
        element = ""
        if (text === "") {
          fail("Not valid JSON: an array element is missing (two commas, or a comma before ])")
          return
        }
        sawElement = true
        try {
          const value: unknown = JSON.parse(text)
          if (value === null || typeof value !== "object" || Array.isArray(value)) {
            issues.push({
              file,
              line: elementLine,
              field: "(row)",
              message: "Each array element must be an object",
            })
          } else {
            records.push({ file, line: elementLine, fields: value as Record<string, unknown> })
          }
        } catch (error) {
          issues.push({
            file,
            line: elementLine,
            field: "(row)",
            message: `Not valid JSON: ${(error as Error).message}`,
          })
        }
      }
      let text = chunk
      if (first && text.length > 0) {
        first = false
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      }
      let from = phase === "element" ? 0 : -1
      for (let i = 0; i < text.length && phase !== "broken"; i++) {
        const c = text[i] as string
        if (phase === "element") {
          if (inString) {
            if (escaped) escaped = false
            else if (c === "\\") escaped = true
            else if (c === '"') inString = false
          } else if (c === '"') inString = true
          else if (c === "{" || c === "[") nest++
          else if ((c === "}" || c === "]") && nest > 0) nest--
          else if (nest === 0 && (c === "," || c === "]")) {
            element += text.slice(from, i)
            from = -1
            finishElement()
            if (phase === "element") phase = c === "," ? "between" : "after"
          }
          if (c === "\n") line++
          continue
        }
        if (c === "\n") line++
        if (isSpace(c)) continue
        if (phase === "before") {
          if (c === "[") phase = "between"
          else fail("Expected a JSON array of reports ([ … ])")
        } else if (phase === "between") {
          if (c === "]" && !sawElement) phase = "after"
          else if (c === "]" || c === ",")
            fail("Not valid JSON: an array element is missing (two commas, or a comma before ])")
          else {
            phase = "element"
            elementLine = line
            nest = c === "{" || c === "[" ? 1 : 0
            inString = c === '"'
            escaped = false
            from = i
          }
        } else if (phase === "after") fail("Not valid JSON: text after the end of the array")
      }
      if (phase === "element" && from >= 0) element += text.slice(from)
      return { records, issues }
    },
    end: () => {
      const issue = (message: string): ParsedFile => ({
        records: [],
        issues: [{ file, line, field: "(file)", message }],
      })
      if (phase === "before") return issue("The file is empty: expected a JSON array of reports")
      if (phase === "between" || phase === "element")
        return issue("Not valid JSON: the array is never closed (a ] is missing at the end)")
      return { records: [], issues: [] }
    },
  }
}

/** One report per file: the whole text is read, then parsed. */
const markdownRecords = (file: string): ImportReader => {
  const parts: Array<string> = []
  return {
    push: (chunk) => {
      parts.push(chunk)
      return { records: [], issues: [] }
    },
    end: () => parseMarkdown(file, parts.splice(0).join("")),
  }
}

/** The reader for one report import file of `format`. */
export const importReader = (file: string, format: ImportFormat): ImportReader => {
  switch (format) {
    case "csv":
      return csvRecords(file, reportHeaderIssues)
    case "json":
      return jsonArrayRecords(file)
    case "ndjson":
      return ndjsonRecords(file)
    case "markdown":
      return markdownRecords(file)
  }
}
