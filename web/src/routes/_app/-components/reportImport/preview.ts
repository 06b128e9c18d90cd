import {
  formatOfFile,
  type ImportBatch,
  type ImportCounts,
  type ImportFormat,
  type ImportIssue,
  importBatcher,
  importBatchMaxBytes,
  type ParsedFile,
  parseImportFile,
} from "@folio/core"

/** One row of the preview: where it is, what it is, and whether it can be sent. */
export interface PreviewRow {
  readonly file: string
  readonly line: number
  readonly title: string
  readonly externalId: string | null
  readonly problems: number
}

/** A dropped file, parsed by core's reader for the format its name implies. */
export interface PreviewFile {
  readonly name: string
  readonly size: number
  readonly format: ImportFormat | null
  readonly parsed: ParsedFile
}

/** The files checked together, as the import will send them. */
export interface ImportPlan {
  readonly batches: ReadonlyArray<ImportBatch>
  readonly counts: ImportCounts
  readonly issues: ReadonlyArray<ImportIssue>
  readonly rows: ReadonlyArray<PreviewRow>
}

/** Rows per request: small enough for a quick answer and a smooth progress bar. */
export const importBatchSize = 500

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null

export const previewFile = (name: string, size: number, content: string): PreviewFile => {
  const format = formatOfFile(name) ?? null
  if (format === null) {
    const issue = {
      file: name,
      line: 1,
      field: "(file)",
      message: "Unsupported file type: use .csv, .json, .ndjson (or .jsonl) or .md",
    }
    return { name, size, format, parsed: { records: [], issues: [issue] } }
  }
  return { name, size, format, parsed: parseImportFile(name, content, format) }
}

/**
 * Every file through core's import workflow, in order, exactly as `folio reports import` runs it:
 * the same checks, the same refusal of an externalId used twice (across files and batches), the
 * same batches. The rows view marks each row with its problems.
 */
export const planImport = (files: ReadonlyArray<PreviewFile>): ImportPlan => {
  const batcher = importBatcher({ size: importBatchSize, maxBytes: importBatchMaxBytes })
  const batches = [...files.flatMap((file) => batcher.add(file.parsed)), ...batcher.finish()]
  const issues = batcher.takeIssues()
  const problems = new Map<string, number>()
  for (const issue of issues) {
    const place = `${issue.file}:${issue.line}`
    problems.set(place, (problems.get(place) ?? 0) + 1)
  }
  const rows: Array<PreviewRow> = []
  for (const file of files) {
    const fileRows: Array<PreviewRow> = []
    const seen = new Set<number>()
    for (const raw of file.parsed.records) {
      seen.add(raw.line)
      fileRows.push({
        file: file.name,
        line: raw.line,
        title: text(raw.fields.title) ?? "(no title)",
        externalId: text(raw.fields.externalId),
        problems: problems.get(`${file.name}:${raw.line}`) ?? 0,
      })
    }
    // Rows the parser could not read at all still belong in the preview, as failed lines.
    for (const issue of file.parsed.issues) {
      if (issue.field === "(file)" || seen.has(issue.line)) continue
      seen.add(issue.line)
      fileRows.push({
        file: file.name,
        line: issue.line,
        title: "(unreadable row)",
        externalId: null,
        problems: 1,
      })
    }
    rows.push(...fileRows.sort((a, b) => a.line - b.line))
  }
  return { batches, counts: batcher.counts(), issues, rows }
}
