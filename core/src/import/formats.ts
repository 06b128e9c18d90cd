import type { ImportIssue, RawRecord } from "./reportRecord.js"

export { parseMarkdown } from "./markdown.js"

import { csvRecords, importReader } from "./stream.js"

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
  /** Rows read but refused with a problem of the whole file (a bad CSV header), not one each. */
  readonly refusedRows?: number
}

/** A whole file's text parsed at once: the same readers as a stream, fed one chunk. */
export const parseImportFile = (file: string, text: string, format: ImportFormat): ParsedFile => {
  const reader = importReader(file, format)
  const head = reader.push(text)
  const tail = reader.end()
  const refusedRows = (head.refusedRows ?? 0) + (tail.refusedRows ?? 0)
  const records = [...head.records, ...tail.records]
  const issues = [...head.issues, ...tail.issues]
  return refusedRows > 0 ? { records, issues, refusedRows } : { records, issues }
}

/** A CSV file with a header row, of any columns (tickers use it too): each row keyed by the header. */
export const parseCsv = (file: string, text: string): ParsedFile => {
  const reader = csvRecords(file, null)
  const head = reader.push(text)
  const tail = reader.end()
  return { records: [...head.records, ...tail.records], issues: [...head.issues, ...tail.issues] }
}
