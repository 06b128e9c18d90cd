import type { KpiFrequency } from "@folio/core"

export const frequencyLabels: Record<KpiFrequency, string> = {
  quarterly: "Quarterly",
  semiannual: "Half-yearly",
  annual: "Annual",
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })
const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 })
const percent = new Intl.NumberFormat(undefined, {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: "never",
})

/** A value with the unit when the unit is a percent sign (46.2%); other units stand in the headers. */
export const formatKpiValue = (value: number, unit: string): string =>
  unit === "%" ? `${number.format(value)}%` : number.format(value)

/** A chart axis's tick: short (95.1K) for large values, the unit's percent sign kept. */
export const formatKpiTick = (value: number, unit: string): string => {
  const text = Math.abs(value) >= 10_000 ? compact.format(value) : number.format(value)
  return unit === "%" ? `${text}%` : text
}

export type SurpriseTone = "beat" | "miss" | "inline"

/** Which way the actual landed against the estimate (a surprise under 0.05% rounds to 0.0%: in line). */
export const surpriseTone = (surprise: number): SurpriseTone =>
  Math.abs(surprise) < 0.0005 ? "inline" : surprise > 0 ? "beat" : "miss"

/**
 * The surprise as text that carries its direction without colour: "+2.4%", "−3.1%" (a true minus
 * sign), "0.0%"; and the words a screen reader says, "2.4% above the estimate".
 */
export const formatSurprise = (surprise: number): { readonly text: string; readonly words: string } => {
  const tone = surpriseTone(surprise)
  const size = percent.format(Math.abs(surprise))
  if (tone === "inline") return { text: percent.format(0), words: "in line with the estimate" }
  return tone === "beat"
    ? { text: `+${size}`, words: `${size} above the estimate` }
    : { text: `\u2212${size}`, words: `${size} below the estimate` }
}
