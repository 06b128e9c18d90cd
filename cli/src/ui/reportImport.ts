import { plural } from "@folio/core"
import type { ImportSummary } from "../services/reportImport.js"
import { formatDuration } from "./importProgress.js"
import { renderIssues } from "./issues.js"
import type { Output } from "./output.js"
import { renderJson, renderLines, renderNote, renderOutcome, renderWarning } from "./render.js"

const n = (value: number): string => value.toLocaleString("en-US")

export const resumeHint =
  "Run the same command again to finish: batches the server already applied are skipped, so nothing is imported twice."

/** The result lines of an import (stdout), without the problems (stderr). */
export const summaryLines = (summary: ImportSummary): ReadonlyArray<string> => {
  const { rows, batches } = summary
  const done = rows.created + rows.updated + rows.unchanged
  const files = plural(summary.files.length, "file")
  const speed =
    summary.rowsPerSecond === null
      ? ""
      : ` in ${formatDuration(summary.elapsedMs)} (${n(summary.rowsPerSecond)} rows/s)`
  const counts = summary.dryRun
    ? `${n(rows.created)} new, ${n(rows.updated)} to update, ${n(rows.unchanged)} unchanged`
    : `${n(rows.created)} created, ${n(rows.updated)} updated, ${n(rows.unchanged)} unchanged`
  const lines = [
    summary.dryRun
      ? `Dry run: ${n(done)} of ${plural(rows.total, "row")} from ${files} would be imported${speed}: ${counts}; nothing was written.`
      : `Imported ${n(done)} of ${plural(rows.total, "row")} from ${files}${speed}: ${counts}.`,
  ]
  if (rows.failed > 0) lines.push(`${n(rows.failed)} failed (the problems are listed on stderr).`)
  if (rows.notSent > 0) lines.push(`${n(rows.notSent)} not sent yet.`)
  if (batches.replayed > 0)
    lines.push(
      `${plural(batches.replayed, "batch", "batches")} (${plural(rows.replayed, "row")}) had already been applied by an earlier run and ${batches.replayed === 1 ? "was" : "were"} skipped.`,
    )
  return lines
}

/** Prints the outcome and returns the exit code: 0 only when every row was imported. */
export const renderImportSummary = (
  summary: ImportSummary,
  out: Output,
  options: { readonly errorsOut: string | undefined },
): number => {
  const code = summary.interrupted ? 130 : summary.ok ? 0 : 1
  if (out.json) {
    renderJson({ ...summary, errorsOut: options.errorsOut ?? null })
    return code
  }
  renderIssues(summary.issues, out, options.errorsOut)
  const [first = "", ...rest] = summaryLines(summary)
  renderOutcome(summary.ok, first, out)
  renderLines(out.rich ? rest.map((line) => `  ${line}`) : rest)
  if (options.errorsOut !== undefined)
    renderNote(`Wrote ${plural(summary.issues.length, "problem")} to ${options.errorsOut}.`, out)
  if (summary.interrupted) renderWarning(`The import was interrupted. ${resumeHint}`, out)
  return code
}
