import {
  formatOfFile,
  type ImportFormat,
  type ImportIssue,
  type ImportRow,
  parseImportFile,
  validateRecord,
} from "@folio/core"
import { Either } from "effect"

/** One row of the preview: where it is, what it is, and whether it can be sent. */
export interface PreviewRow {
  readonly file: string
  readonly line: number
  readonly title: string
  readonly externalId: string | null
  readonly problems: number
}

export interface PreviewFile {
  readonly name: string
  readonly size: number
  readonly format: ImportFormat | null
  /** Rows that passed core's validation, in file order. */
  readonly valid: ReadonlyArray<ImportRow>
  readonly rows: ReadonlyArray<PreviewRow>
  readonly issues: ReadonlyArray<ImportIssue>
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null

/**
 * Reads one file exactly as the CLI and the server do: core's `parseImportFile` for the format
 * its name implies, then core's `validateRecord` for every record.
 */
export const previewFile = (name: string, size: number, content: string): PreviewFile => {
  const format = formatOfFile(name) ?? null
  if (format === null) {
    return {
      name,
      size,
      format,
      valid: [],
      rows: [],
      issues: [
        {
          file: name,
          line: 1,
          field: "(file)",
          message: "Unsupported file type: use .csv, .json, .ndjson (or .jsonl) or .md",
        },
      ],
    }
  }
  const parsed = parseImportFile(name, content, format)
  const valid: Array<ImportRow> = []
  const rows: Array<PreviewRow> = []
  const issues: Array<ImportIssue> = [...parsed.issues]
  for (const raw of parsed.records) {
    const result = validateRecord(raw)
    const title = text(raw.fields.title) ?? "(no title)"
    const externalId = text(raw.fields.externalId)
    if (Either.isRight(result)) {
      valid.push({ file: result.right.file, line: result.right.line, record: result.right.record })
      rows.push({ file: name, line: raw.line, title, externalId, problems: 0 })
    } else {
      issues.push(...result.left)
      rows.push({ file: name, line: raw.line, title, externalId, problems: result.left.length })
    }
  }
  // Rows the parser could not read at all still belong in the preview, as failed lines.
  const seen = new Set(rows.map((row) => row.line))
  for (const issue of parsed.issues) {
    if (issue.field === "(file)" || seen.has(issue.line)) continue
    seen.add(issue.line)
    rows.push({ file: name, line: issue.line, title: "(unreadable row)", externalId: null, problems: 1 })
  }
  rows.sort((a, b) => a.line - b.line)
  return { name, size, format, valid, rows, issues }
}
