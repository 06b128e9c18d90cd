import { Either, ParseResult, Schema } from "effect"
import { type KpiImportRow, KpiKind, KpiValueInput, kpiPeriodMessage } from "../domain/kpi.js"
import { type CsvChunk, csvReader } from "./csvStream.js"
import type { ImportIssue } from "./reportRecord.js"

/** The header of a KPI CSV, in the order the template and the error messages use. */
export const kpiCsvColumns = ["ticker", "metric", "period", "kind", "value", "unit", "source"] as const
type KpiColumn = (typeof kpiCsvColumns)[number]
const requiredColumns: ReadonlyArray<KpiColumn> = ["ticker", "metric", "period", "kind", "value"]

/** A header and example rows: what the console offers as a template and the docs show. */
export const kpiCsvTemplate = `${kpiCsvColumns.join(",")}
AAPL,Revenue,2026Q3,estimate,94500,USD m,Consensus
AAPL,Revenue,2026Q3,actual,95120,USD m,10-Q
AAPL,Gross margin,2026Q3,actual,46.2,%,10-Q
`

const decode = Schema.decodeUnknownEither(KpiValueInput, { errors: "all", onExcessProperty: "ignore" })

const decimal = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** What a cell held, as the user typed it. */
const given = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)

/** The words to say for a field, whatever the schema's own message was. */
const plain = (field: string, text: string, message: string): string => {
  switch (field) {
    case "kind":
      return `kind must be one of ${KpiKind.literals.join(", ")} (got ${given(text)})`
    case "period":
      return message === kpiPeriodMessage ? `${kpiPeriodMessage} (got ${given(text)})` : message
    case "value":
      return `value must be a number such as 1234.5 or -0.8, without thousands separators (got ${given(text)})`
    default:
      return message
  }
}

export interface KpiCsvChunk {
  /** Rows that pass core's `KpiValueInput`, ready for the import request. */
  readonly rows: ReadonlyArray<KpiImportRow>
  /** Every problem found so far, by line and field (a header problem stops the reading). */
  readonly issues: ReadonlyArray<ImportIssue>
}

/**
 * A KPI CSV read a chunk at a time, for the console's import and `folio kpis import` alike: core's
 * CSV reader (the one report imports use, so quoting and line numbers agree), a header with every
 * required column and no unknown one (said once, before any row is sent), every row checked with
 * `KpiValueInput` (the schema the server decodes with), and a value given twice (same ticker,
 * metric, period and kind) refused at its second line. Memory: one key per row seen.
 */
export const kpiCsvReader = (file: string) => {
  const csv = csvReader()
  let columns: ReadonlyArray<string> | undefined
  let headerBad = false
  let total = 0
  const seen = new Map<string, number>()

  const take = (chunk: CsvChunk): KpiCsvChunk => {
    const rows: Array<KpiImportRow> = []
    const issues: Array<ImportIssue> = chunk.problems.map((p) => ({
      file,
      line: p.line,
      field: "(row)",
      message: p.message,
    }))
    for (const row of chunk.rows) {
      if (columns === undefined) {
        columns = row.cells.map((cell) => cell.trim())
        const missing = requiredColumns.filter((column) => !columns!.includes(column))
        const unknown = columns.filter((c) => !(kpiCsvColumns as ReadonlyArray<string>).includes(c))
        for (const column of missing) {
          issues.push({
            file,
            line: row.line,
            field: column,
            message: `The header has no "${column}" column`,
          })
        }
        for (const column of unknown) {
          issues.push({
            file,
            line: row.line,
            field: column === "" ? "(header)" : column,
            message: `Unknown column ${given(column)}; the columns are ${kpiCsvColumns.join(", ")}`,
          })
        }
        headerBad = missing.length > 0 || unknown.length > 0
        continue
      }
      if (headerBad) continue
      total += 1
      if (row.broken) continue
      const cells: Record<string, string> = {}
      columns.forEach((column, index) => {
        const text = (row.cells[index] ?? "").trim()
        if (text !== "") cells[column] = text
      })
      const rowIssues: Array<ImportIssue> = []
      if (row.cells.length > columns.length && row.cells.slice(columns.length).some((c) => c.trim() !== "")) {
        rowIssues.push({
          file,
          line: row.line,
          field: "(row)",
          message: `The row has ${row.cells.length} cells; the header has ${columns.length} columns`,
        })
      }
      const fields: Record<string, unknown> = { ...cells }
      if (cells.kind !== undefined) fields.kind = cells.kind.toLowerCase()
      if (cells.value !== undefined)
        fields.value = decimal.test(cells.value) ? Number(cells.value) : cells.value
      const result = decode(fields)
      if (Either.isLeft(result)) {
        const byField = new Map<string, string>()
        for (const issue of ParseResult.ArrayFormatter.formatErrorSync(result.left)) {
          const field = String(issue.path[0] ?? "(row)")
          if (byField.has(field)) continue
          byField.set(
            field,
            issue.message === "is missing"
              ? `${field} is required`
              : plain(field, cells[field] ?? "", issue.message),
          )
        }
        for (const [field, message] of byField) rowIssues.push({ file, line: row.line, field, message })
      } else {
        const value = result.right
        const key = `${value.ticker}\u0000${value.metric.toLowerCase()}\u0000${value.period}\u0000${value.kind}`
        const earlier = seen.get(key)
        if (earlier !== undefined) {
          rowIssues.push({
            file,
            line: row.line,
            field: "period",
            message: `The ${value.kind} of ${value.ticker} ${value.metric} for ${value.period} is already on line ${earlier}`,
          })
        } else {
          seen.set(key, row.line)
        }
        if (rowIssues.length === 0) rows.push({ line: row.line, value })
      }
      issues.push(...rowIssues)
    }
    const order = (field: string) => {
      const index = (kpiCsvColumns as ReadonlyArray<string>).indexOf(field)
      return index < 0 ? kpiCsvColumns.length : index
    }
    issues.sort((a, b) => a.line - b.line || order(a.field) - order(b.field))
    return { rows, issues }
  }

  return {
    push: (text: string): KpiCsvChunk => take(csv.push(text)),
    end: (): KpiCsvChunk => {
      const last = take(csv.end())
      if (columns === undefined) {
        return {
          rows: [],
          issues: [...last.issues, { file, line: 1, field: "(file)", message: "The file is empty" }],
        }
      }
      if (!headerBad && total === 0) {
        return {
          rows: [],
          issues: [
            ...last.issues,
            { file, line: 2, field: "(file)", message: "The file has a header but no rows" },
          ],
        }
      }
      return last
    },
    /** Data rows read so far (valid or not). */
    total: () => total,
    /** True when the header is wrong: nothing of the file may be sent. */
    headerRefused: () => headerBad,
  }
}

/** A whole KPI CSV at once (the console's preview of a dropped file). */
export const parseKpiCsv = (
  file: string,
  text: string,
): {
  readonly rows: ReadonlyArray<KpiImportRow>
  readonly issues: ReadonlyArray<ImportIssue>
  readonly total: number
  readonly headerRefused: boolean
} => {
  const reader = kpiCsvReader(file)
  const first = reader.push(text)
  const last = reader.end()
  return {
    rows: [...first.rows, ...last.rows],
    issues: [...first.issues, ...last.issues],
    total: reader.total(),
    headerRefused: reader.headerRefused(),
  }
}
