import type { ImportIssue } from "./reportRecord.js"

/** One CSV cell, quoted (RFC 4180) when it holds a comma, a quote, a line break or edge spaces. */
export const csvCell = (value: string | number | null | undefined): string => {
  const text = value === null || value === undefined ? "" : String(value)
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line of `cells`, without its line break. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  cells.map(csvCell).join(",")

/**
 * An import's problems as CSV (file,line,field,message), for a spreadsheet or a fix-up script:
 * the CLI's `--errors-out` (LF) and the console's download (CRLF, as spreadsheets expect).
 */
export const issuesCsv = (issues: ReadonlyArray<ImportIssue>, newline: "\n" | "\r\n" = "\n"): string =>
  [
    csvLine(["file", "line", "field", "message"]),
    ...issues.map((i) => csvLine([i.file, i.line, i.field, i.message])),
  ]
    .map((line) => `${line}${newline}`)
    .join("")
