import { Either, ParseResult, Schema } from "effect"
import { TickerInput } from "../domain/ticker.js"
import { parseCsv } from "./formats.js"
import type { ImportIssue } from "./reportRecord.js"

/** The header of a ticker CSV, in the order the template and the error messages use. */
export const tickerCsvColumns = [
  "symbol",
  "name",
  "exchange",
  "sector",
  "currency",
  "country",
  "active",
] as const
const required = tickerCsvColumns.filter((column) => column !== "active")

export interface TickerCsvRow {
  readonly line: number
  readonly ticker: TickerInput
}

export interface TickerCsv {
  /** Rows that pass core's `TickerInput`, ready for the import request. */
  readonly rows: ReadonlyArray<TickerCsvRow>
  /** Every row's problems, by line and field. */
  readonly issues: ReadonlyArray<ImportIssue>
  /** Data rows read (valid or not). */
  readonly total: number
}

const truthy = new Set(["true", "yes", "y", "1"])
const falsy = new Set(["false", "no", "n", "0"])

const decode = Schema.decodeUnknownEither(TickerInput, { errors: "all", onExcessProperty: "ignore" })

/**
 * A ticker CSV, read once for the console's import dialog and `folio tickers import`: core's CSV
 * reader (the one report imports use, so quoting and line numbers agree), a header with every
 * required column and no unknown one, every row checked with `TickerInput` (the schema the server
 * decodes with), and a symbol used twice refused at its second line.
 */
export const parseTickerCsv = (file: string, text: string): TickerCsv => {
  const parsed = parseCsv(file, text)
  const issues: Array<ImportIssue> = [...parsed.issues]
  const rows: Array<TickerCsvRow> = []
  const first = parsed.records[0]
  if (first !== undefined) {
    const header = Object.keys(first.fields)
    const missing = required.filter((column) => !header.includes(column))
    const unknown = header.filter((column) => !(tickerCsvColumns as ReadonlyArray<string>).includes(column))
    for (const column of missing) {
      issues.push({ file, line: 1, field: column, message: `The header has no "${column}" column` })
    }
    for (const column of unknown) {
      issues.push({
        file,
        line: 1,
        field: column,
        message: `Unknown column "${column}"; the columns are ${tickerCsvColumns.join(", ")}`,
      })
    }
    if (missing.length > 0 || unknown.length > 0) return { rows, issues, total: parsed.records.length }
  }
  const seen = new Map<string, number>()
  for (const record of parsed.records) {
    // A blank cell is an absent field: "symbol is required", not "too short".
    const fields: Record<string, unknown> = Object.fromEntries(
      Object.entries(record.fields).filter(
        ([, value]) => !(typeof value === "string" && value.trim() === ""),
      ),
    )
    const active = typeof fields.active === "string" ? fields.active.trim().toLowerCase() : undefined
    if (active === "" || active === undefined) delete fields.active
    else if (truthy.has(active)) fields.active = true
    else if (falsy.has(active)) fields.active = false
    const rowIssues: Array<ImportIssue> = []
    if (typeof fields.active === "string") {
      rowIssues.push({
        file,
        line: record.line,
        field: "active",
        message: 'active is "true" or "false" (or yes/no, 1/0; blank means true)',
      })
      delete fields.active
    }
    const result = decode(fields)
    if (Either.isLeft(result)) {
      const found = ParseResult.ArrayFormatter.formatErrorSync(result.left)
      // An optional column also "expects undefined" when its value is wrong; that helps nobody.
      for (const issue of found.filter(
        (issue, _, all) =>
          !issue.message.startsWith("Expected undefined,") ||
          !all.some((other) => other !== issue && String(other.path[0]) === String(issue.path[0])),
      )) {
        const field = String(issue.path[0] ?? "(row)")
        rowIssues.push({
          file,
          line: record.line,
          field,
          message: issue.message === "is missing" ? `${field} is required` : issue.message,
        })
      }
    } else {
      const earlier = seen.get(result.right.symbol)
      if (earlier !== undefined) {
        rowIssues.push({
          file,
          line: record.line,
          field: "symbol",
          message: `${result.right.symbol} is already on line ${earlier}`,
        })
      } else {
        seen.set(result.right.symbol, record.line)
      }
      if (rowIssues.length === 0) rows.push({ line: record.line, ticker: result.right })
    }
    issues.push(...rowIssues)
  }
  // By line, then in the order of the columns.
  const column = (field: string) => {
    const index = (tickerCsvColumns as ReadonlyArray<string>).indexOf(field)
    return index < 0 ? tickerCsvColumns.length : index
  }
  issues.sort((a, b) => a.line - b.line || column(a.field) - column(b.field))
  if (parsed.records.length === 0 && issues.length === 0) {
    issues.push({ file, line: 2, field: "(file)", message: "The file has a header but no rows" })
  }
  return { rows, issues, total: parsed.records.length }
}

/** A header and one example row: what the console offers as a template to download. */
export const tickerCsvTemplate = `${tickerCsvColumns.join(",")}
AAPL,Apple Inc.,NASDAQ,Technology,USD,US,true
`
