import Papa from "papaparse"
import { stringify } from "yaml"
import type { ImportFormat } from "./formats.js"
import { type ReportRecordEncoded, recordFields } from "./reportRecord.js"

/**
 * Reports written in the formats `folio reports import` reads, so an export imports back
 * unchanged (a round trip). Markdown is one file per report; the others hold many.
 */
const listFields = new Set(["tickers", "authors", "tags", "channels", "audience"])

const cell = (key: string, value: unknown): string => {
  if (value === undefined || value === null) return ""
  if (listFields.has(key) && Array.isArray(value)) return value.join(";")
  return String(value)
}

export const toCsv = (records: ReadonlyArray<ReportRecordEncoded>, withHeader = true): string =>
  `${Papa.unparse(
    {
      fields: [...recordFields],
      data: records.map((record) =>
        recordFields.map((key) => cell(key, (record as Record<string, unknown>)[key])),
      ),
    },
    { header: withHeader, newline: "\n" },
  )}\n`

const compact = (record: ReportRecordEncoded): Record<string, unknown> =>
  Object.fromEntries(
    recordFields
      .map((key) => [key, (record as Record<string, unknown>)[key]] as const)
      .filter(([, value]) => value !== undefined && value !== null),
  )

export const toNdjson = (records: ReadonlyArray<ReportRecordEncoded>): string =>
  records.map((record) => `${JSON.stringify(compact(record))}\n`).join("")

export const toJson = (records: ReadonlyArray<ReportRecordEncoded>): string =>
  `${JSON.stringify(records.map(compact), null, 2)}\n`

export const toMarkdown = (record: ReportRecordEncoded): string => {
  const { body, ...front } = compact(record)
  // The body is written exactly (no newline added), so the file imports back to the same text.
  return `---\n${stringify(front, { lineWidth: 0 })}---\n${typeof body === "string" ? body : ""}`
}

/** A file name for a report in a Markdown export folder: its externalId, else its title. */
export const markdownFileName = (record: ReportRecordEncoded, index: number): string => {
  const base = (record.externalId ?? record.title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
  return `${base || `report-${index + 1}`}.md`
}

export const serializeRecords = (
  records: ReadonlyArray<ReportRecordEncoded>,
  format: Exclude<ImportFormat, "markdown">,
): string => (format === "csv" ? toCsv(records) : format === "json" ? toJson(records) : toNdjson(records))
