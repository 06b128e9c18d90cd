import { plural } from "@folio/core"
import type { ExportResult } from "../services/reportExport.js"
import type { Output } from "./output.js"
import { renderDone, renderDoneNote, renderJson } from "./render.js"

const formatNames = { csv: "CSV", json: "JSON", ndjson: "NDJSON", markdown: "Markdown" } as const

/** With --out the result line goes to stdout; without it stdout carries the reports, so stderr. */
export const renderExport = (result: ExportResult, out: Output): void => {
  if (out.json) {
    renderJson({ ok: true, ...result })
    return
  }
  const what = `${plural(result.count, "report")} as ${formatNames[result.format]}`
  if (result.out === null) renderDoneNote(`Exported ${what}.`, out)
  else
    renderDone(
      result.format === "markdown"
        ? `Exported ${what} to ${result.out} (one file per report).`
        : `Exported ${what} to ${result.out}.`,
      out,
    )
}
