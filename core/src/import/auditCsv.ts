import Papa from "papaparse"
import type { AuditEntry } from "../domain/audit.js"

// Apart from the audit schemas, which the console loads with the contract: only the server writes CSV.

export const auditCsvFields = [
  "id",
  "at",
  "actor_email",
  "actor_id",
  "action",
  "target_type",
  "target_id",
  "ip",
  "before",
  "after",
] as const

const jsonCell = (value: unknown): string =>
  value === null || value === undefined ? "" : JSON.stringify(value)

/**
 * Audit entries as CSV rows (the header only when asked). Cells that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`…) are escaped, since actors and targets are user-supplied text.
 */
export const auditCsv = (entries: ReadonlyArray<AuditEntry>, withHeader: boolean): string => {
  const header = withHeader ? `${auditCsvFields.join(",")}\n` : ""
  if (entries.length === 0) return header
  const rows = entries.map((entry) => [
    entry.id,
    entry.at.toISOString(),
    entry.actorEmail ?? "",
    entry.actorId ?? "",
    entry.action,
    entry.targetType ?? "",
    entry.targetId ?? "",
    entry.ip ?? "",
    jsonCell(entry.before),
    jsonCell(entry.after),
  ])
  return `${header}${Papa.unparse(rows, { newline: "\n", escapeFormulae: true })}\n`
}
