import { plural, type Ticker } from "@folio/core"
import type { TickerImport, TickerList } from "../services/tickers.js"
import { issueLine } from "./issues.js"
import type { Output } from "./output.js"
import { renderMoreNote } from "./paging.js"
import { renderDone, renderJson, renderNote, renderProblem } from "./render.js"
import { type Column, renderTable } from "./table.js"

const columns: ReadonlyArray<Column<Ticker>> = [
  { header: "SYMBOL", value: (ticker) => ticker.symbol },
  { header: "NAME", value: (ticker) => ticker.name, flexible: true },
  { header: "EXCHANGE", value: (ticker) => ticker.exchange },
  { header: "SECTOR", value: (ticker) => ticker.sector },
  { header: "CCY", value: (ticker) => ticker.currency, optional: true },
  { header: "COUNTRY", value: (ticker) => ticker.country, optional: true },
  {
    header: "ACTIVE",
    value: (ticker) => (ticker.active ? "yes" : "no"),
    tone: (ticker) => (ticker.active ? undefined : "gray"),
  },
  { header: "REPORTS", value: (ticker) => String(ticker.reportCount), optional: true },
]

export const renderTickerList = async (result: TickerList, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if (result.tickers.length === 0) renderNote("No tickers match.", out)
  else await renderTable(columns, result.tickers, out)
  renderMoreNote("tickers", result.nextCursor, out)
}

/** Returns the exit code: 1 when any row was refused (and then nothing was written). */
export const renderTickerImport = (result: TickerImport, out: Output): number => {
  const ok = result.issues.length === 0
  if (out.json) {
    renderJson({ ok, ...result })
    return ok ? 0 : 1
  }
  if (!ok) {
    for (const issue of result.issues) renderProblem(issueLine(issue), out)
    renderProblem(
      `${plural(result.issues.length, "problem")} in ${result.file}; no ticker was imported (a file is imported whole or not at all).`,
      out,
    )
    return 1
  }
  const counts = `${result.created.toLocaleString("en-US")} new, ${result.updated.toLocaleString("en-US")} updated, ${result.unchanged.toLocaleString("en-US")} unchanged`
  renderDone(
    result.dryRun
      ? `Dry run: ${plural(result.rows, "ticker")} in ${result.file} are valid (${counts}); nothing was written.`
      : `Imported ${plural(result.rows, "ticker")} from ${result.file} (${counts}).`,
    out,
  )
  return 0
}
