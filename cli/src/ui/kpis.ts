import type { KpiMetric, KpiPeriodValues, KpiTickerSummary } from "@folio/core"
import type { KpiListResult } from "../services/kpis.js"
import { formatDate } from "./format.js"
import type { Output } from "./output.js"
import { renderJson, renderNote } from "./render.js"
import { type Column, renderTable, type Tone } from "./table.js"

/** `95,120`, `46.2`, `-0.85`: as stored, with thousands separators, at most four decimals. */
export const kpiValueText = (value: number | null): string =>
  value === null ? "" : value.toLocaleString("en-US", { maximumFractionDigits: 4 })

/** The surprise as a signed percentage with one decimal: `+0.7%`, `-12.5%`, `0.0%`. */
export const surpriseText = (surprise: number | null): string => {
  if (surprise === null) return ""
  const percent = surprise * 100
  const shown = Math.abs(percent).toLocaleString("en-US", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  if (shown === "0.0") return "0.0%"
  return `${percent > 0 ? "+" : "-"}${shown}%`
}

const surpriseTone = (surprise: number | null): Tone | undefined =>
  surprise === null || Math.abs(surprise) < 0.0005 ? undefined : surprise > 0 ? "green" : "red"

const tickerColumns: ReadonlyArray<Column<KpiTickerSummary>> = [
  { header: "SYMBOL", value: (row) => row.symbol },
  { header: "NAME", value: (row) => row.tickerName, flexible: true },
  { header: "SECTOR", value: (row) => row.sector, optional: true },
  { header: "METRICS", value: (row) => String(row.metrics) },
  { header: "VALUES", value: (row) => row.values.toLocaleString("en-US") },
  { header: "LATEST ACTUAL", value: (row) => row.latestActual ?? "" },
  { header: "UPDATED", value: (row) => formatDate(row.updatedAt), optional: true },
]

interface PeriodRow {
  readonly metric: KpiMetric
  readonly period: KpiPeriodValues
}

const periodColumns: ReadonlyArray<Column<PeriodRow>> = [
  { header: "METRIC", value: (row) => row.metric.name, flexible: true },
  { header: "UNIT", value: (row) => row.metric.unit },
  { header: "PERIOD", value: (row) => row.period.period },
  { header: "ACTUAL", value: (row) => kpiValueText(row.period.actual) },
  { header: "ESTIMATE", value: (row) => kpiValueText(row.period.estimate) },
  {
    header: "SURPRISE",
    value: (row) => surpriseText(row.period.surprise),
    tone: (row) => surpriseTone(row.period.surprise),
  },
  {
    header: "SOURCE",
    value: (row) =>
      [row.period.actualSource, row.period.estimateSource].filter((source) => source !== null).join(" / "),
    optional: true,
  },
]

export const renderKpiList = async (result: KpiListResult, out: Output): Promise<void> => {
  if (out.json) return renderJson({ ok: true, ...result })
  if ("tickers" in result) {
    if (result.tickers.length === 0) renderNote("No ticker has KPIs yet (`folio kpis import FILE.csv`).", out)
    else await renderTable(tickerColumns, result.tickers, out)
    return
  }
  const { kpis } = result
  const rows = kpis.metrics.flatMap((metric) => metric.values.map((period) => ({ metric, period })))
  if (rows.length === 0) {
    renderNote(`${kpis.symbol} has no KPIs yet.`, out)
    return
  }
  renderNote(`${kpis.symbol} ${kpis.tickerName}: surprise = (actual − estimate) / |estimate|`, out)
  await renderTable(periodColumns, rows, out)
}
