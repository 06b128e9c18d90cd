import { Schema } from "effect"
import { QueryText, singleLineText } from "../schema/text.js"
import { TickerSymbol } from "./ticker.js"

/**
 * KPIs: per ticker, metric definitions (name, unit, frequency) and their values per period, each
 * an `actual` or an `estimate`. The surprise of a period is (actual − estimate) / |estimate|.
 */

export const KpiFrequency = Schema.Literal("quarterly", "semiannual", "annual")
export type KpiFrequency = typeof KpiFrequency.Type

export const KpiKind = Schema.Literal("actual", "estimate")
export type KpiKind = typeof KpiKind.Type

const quarter = /^(\d{4})Q([1-4])$/
const half = /^(\d{4})H([12])$/
const fiscalYear = /^FY(\d{4})$/

export const kpiPeriodMessage =
  "A period is a quarter (2026Q3), a half year (2026H1) or a fiscal year (FY2026)"

/** `2026Q3`, `2026H1` or `FY2026` (any letter case, stored upper case). */
export const KpiPeriod = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.filter((text) => quarter.test(text) || half.test(text) || fiscalYear.test(text), {
    message: () => kpiPeriodMessage,
  }),
)

/** The frequency a period belongs to, or undefined when it is not a period. */
export const periodFrequency = (period: string): KpiFrequency | undefined =>
  quarter.test(period)
    ? "quarterly"
    : half.test(period)
      ? "semiannual"
      : fiscalYear.test(period)
        ? "annual"
        : undefined

/**
 * A number that orders periods in time: the year and the month the period ends in (2026Q3 →
 * 202609, 2026H1 → 202606, FY2026 → 202612).
 */
export const periodOrder = (period: string): number => {
  const q = quarter.exec(period)
  if (q) return Number(q[1]) * 100 + Number(q[2]) * 3
  const h = half.exec(period)
  if (h) return Number(h[1]) * 100 + Number(h[2]) * 6
  const y = fiscalYear.exec(period)
  if (y) return Number(y[1]) * 100 + 12
  return 0
}

export const KpiMetricName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "The metric's name is required" }),
  Schema.maxLength(80, { message: () => "A metric's name is at most 80 characters" }),
  singleLineText("The metric's name"),
)

export const KpiUnit = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "The unit is required (USD m, %, units, …)" }),
  Schema.maxLength(20, { message: () => "A unit is at most 20 characters" }),
  singleLineText("The unit"),
)

export const KpiSource = Schema.Trim.pipe(
  Schema.maxLength(200, { message: () => "A source is at most 200 characters" }),
  singleLineText("The source"),
)

export const KpiNumber = Schema.Number.pipe(
  Schema.finite({ message: () => "The value must be a finite number" }),
  Schema.between(-1e15, 1e15, { message: () => "The value must be between -10^15 and 10^15" }),
)

/** (actual − estimate) / |estimate|, or null when either is missing or the estimate is 0. */
export const kpiSurprise = (actual: number | null, estimate: number | null): number | null =>
  actual === null || estimate === null || estimate === 0 ? null : (actual - estimate) / Math.abs(estimate)

export const KpiPeriodValues = Schema.Struct({
  period: Schema.String,
  actual: Schema.NullOr(Schema.Number),
  estimate: Schema.NullOr(Schema.Number),
  surprise: Schema.NullOr(Schema.Number),
  actualSource: Schema.NullOr(Schema.String),
  estimateSource: Schema.NullOr(Schema.String),
  updatedAt: Schema.Date,
})
export type KpiPeriodValues = typeof KpiPeriodValues.Type

export const KpiMetric = Schema.Struct({
  id: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  frequency: KpiFrequency,
  /** Oldest period first. */
  values: Schema.Array(KpiPeriodValues),
  updatedAt: Schema.Date,
})
export type KpiMetric = typeof KpiMetric.Type

/** A ticker's KPI table: every metric with every period it has a value for. */
export const TickerKpis = Schema.Struct({
  symbol: Schema.String,
  tickerName: Schema.String,
  currency: Schema.String,
  metrics: Schema.Array(KpiMetric),
})
export type TickerKpis = typeof TickerKpis.Type

export const KpiTickerSummary = Schema.Struct({
  symbol: Schema.String,
  tickerName: Schema.String,
  sector: Schema.String,
  metrics: Schema.Int,
  values: Schema.Int,
  /** The newest period holding an actual, if any. */
  latestActual: Schema.NullOr(Schema.String),
  updatedAt: Schema.Date,
})
export type KpiTickerSummary = typeof KpiTickerSummary.Type

export const KpiTickerListParams = Schema.Struct({
  q: Schema.optional(QueryText("Search", 120)),
  sector: Schema.optional(QueryText("The sector filter", 200)),
})
export type KpiTickerListParams = typeof KpiTickerListParams.Type

export const KpiTickerList = Schema.Struct({ items: Schema.Array(KpiTickerSummary) })
export type KpiTickerList = typeof KpiTickerList.Type

/**
 * One value as a KPI CSV row gives it. `unit` is needed only when the metric is new (it is then
 * defined with the unit and the period's frequency); when given for a known metric it must match.
 */
export const KpiValueInput = Schema.Struct({
  ticker: TickerSymbol,
  metric: KpiMetricName,
  period: KpiPeriod,
  kind: KpiKind,
  value: KpiNumber,
  unit: Schema.optional(KpiUnit),
  source: Schema.optional(KpiSource),
})
export type KpiValueInput = typeof KpiValueInput.Type

/** The most rows one import request carries; clients cut a file into batches of this size. */
export const kpiImportBatchSize = 1000

export const KpiImportRow = Schema.Struct({ line: Schema.Int, value: KpiValueInput })
export type KpiImportRow = typeof KpiImportRow.Type

export const KpiImportRequest = Schema.Struct({
  rows: Schema.Array(KpiImportRow).pipe(
    Schema.maxItems(kpiImportBatchSize, {
      message: () => `An import request holds at most ${kpiImportBatchSize} rows`,
    }),
  ),
  dryRun: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
export type KpiImportRequest = typeof KpiImportRequest.Type

export const KpiRowIssue = Schema.Struct({ line: Schema.Int, field: Schema.String, message: Schema.String })
export type KpiRowIssue = typeof KpiRowIssue.Type

/**
 * What one request did: the good rows are written (unless `dryRun`), each refused row is named by
 * line and field. A row equal to what is stored is `unchanged`, so a second run changes nothing.
 */
export const KpiImportResult = Schema.Struct({
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
  /** Metrics defined by this request (new ticker × name pairs). */
  metricsCreated: Schema.Int,
  rejected: Schema.Array(KpiRowIssue),
  dryRun: Schema.Boolean,
})
export type KpiImportResult = typeof KpiImportResult.Type
