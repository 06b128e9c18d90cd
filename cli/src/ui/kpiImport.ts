import { plural } from "@folio/core"
import type { KpiImportSummary } from "../services/kpiImport.js"
import { formatDuration } from "./importProgress.js"
import { renderIssues } from "./issues.js"
import type { Output } from "./output.js"
import { renderJson, renderLines, renderNote, renderOutcome, renderWarning } from "./render.js"

const n = (value: number): string => value.toLocaleString("en-US")

export const kpiResumeHint =
  "Run the same command again to finish: values already stored count as unchanged, so nothing is written twice."

/** The result lines of a KPI import (stdout), without the problems (stderr). */
export const kpiSummaryLines = (summary: KpiImportSummary): ReadonlyArray<string> => {
  const { rows } = summary
  const done = rows.created + rows.updated + rows.unchanged
  const speed =
    summary.rowsPerSecond === null
      ? ""
      : ` in ${formatDuration(summary.elapsedMs)} (${n(summary.rowsPerSecond)} rows/s)`
  const counts = summary.dryRun
    ? `${n(rows.created)} new, ${n(rows.updated)} to update, ${n(rows.unchanged)} unchanged; ${plural(summary.metricsCreated, "new metric")}`
    : `${n(rows.created)} created, ${n(rows.updated)} updated, ${n(rows.unchanged)} unchanged; ${plural(summary.metricsCreated, "metric")} created`
  const lines = [
    summary.dryRun
      ? `Dry run: ${n(done)} of ${plural(rows.total, "value")} from ${summary.file} would be imported${speed}: ${counts}; nothing was written.`
      : `Imported ${n(done)} of ${plural(rows.total, "value")} from ${summary.file}${speed}: ${counts}.`,
  ]
  if (rows.failed > 0) lines.push(`${n(rows.failed)} refused (the problems are listed on stderr).`)
  if (rows.notSent > 0) lines.push(`${n(rows.notSent)} not sent yet.`)
  return lines
}

/** Prints the outcome and returns the exit code: 0 only when every row was imported (as `reports import`). */
export const renderKpiImportSummary = (
  summary: KpiImportSummary,
  out: Output,
  options: { readonly errorsOut: string | undefined },
): number => {
  const code = summary.interrupted ? 130 : summary.ok ? 0 : 1
  if (out.json) {
    renderJson({ ...summary, errorsOut: options.errorsOut ?? null })
    return code
  }
  renderIssues(summary.issues, out, options.errorsOut)
  const [first = "", ...rest] = kpiSummaryLines(summary)
  renderOutcome(summary.ok, first, out)
  renderLines(out.rich ? rest.map((line) => `  ${line}`) : rest)
  if (options.errorsOut !== undefined)
    renderNote(`Wrote ${plural(summary.issues.length, "problem")} to ${options.errorsOut}.`, out)
  if (summary.interrupted) renderWarning(`The import was interrupted. ${kpiResumeHint}`, out)
  return code
}
