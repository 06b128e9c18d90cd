import type { AiErrorKind, AiProviderId, AiRunStatus, AiRunSummary, AiTemplateId, AiUsage } from "@folio/core"
import { aiTemplate } from "@folio/core"

export const providerLabels: Record<AiProviderId, string> = {
  offline: "Built-in (offline)",
  openai: "OpenAI-compatible",
}

export const templateLabel = (id: AiTemplateId): string => aiTemplate(id).label

/** What went wrong, in the words a person scanning the panel needs first. */
export const errorKindLabels: Record<AiErrorKind | "refused" | "cut", string> = {
  rate_limit: "Rate limited",
  auth: "API key refused",
  model_not_found: "Model not found",
  timeout: "Timed out",
  unavailable: "Cannot reach the provider",
  bad_request: "Request refused by the provider",
  provider: "The provider failed",
  refused: "The run could not start",
  cut: "Connection lost",
}
export type PanelErrorKind = keyof typeof errorKindLabels

export const statusLabels: Record<AiRunStatus, string> = {
  running: "Running",
  completed: "Completed",
  cancelled: "Stopped",
  failed: "Failed",
}

export const statusColors: Record<AiRunStatus, string> = {
  running: "blue",
  completed: "teal",
  cancelled: "yellow",
  failed: "red",
}

const seconds = new Intl.NumberFormat("en", { maximumFractionDigits: 1, minimumFractionDigits: 1 })
const count = new Intl.NumberFormat("en")

/** "840 ms", "2.3 s". */
export const formatLatency = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${seconds.format(ms / 1000)} s`

/** "$0.0012": small costs keep their significant digits. */
export const formatCost = (cost: number): string =>
  `$${cost >= 0.01 ? cost.toFixed(2) : cost.toPrecision(2).replace(/0+$/, "")}`

export interface Figure {
  readonly label: string
  readonly value: string
}

/**
 * The figures of a run: its latency, then tokens in and out when the provider counted them (else
 * the answer's characters, the offline provider's measure), then the cost when reported.
 */
export const runFigures = (latencyMs: number | null, usage: AiUsage): ReadonlyArray<Figure> => {
  const figures: Array<Figure> = []
  if (latencyMs !== null) figures.push({ label: "Latency", value: formatLatency(latencyMs) })
  if (usage.inputTokens !== null || usage.outputTokens !== null) {
    if (usage.inputTokens !== null)
      figures.push({ label: "Tokens in", value: count.format(usage.inputTokens) })
    if (usage.outputTokens !== null)
      figures.push({ label: "Tokens out", value: count.format(usage.outputTokens) })
  } else {
    figures.push({ label: "Characters", value: count.format(usage.characters) })
  }
  if (usage.cost !== null) figures.push({ label: "Cost", value: formatCost(usage.cost) })
  return figures
}

/** "Summarise a report · Built-in offline (wink-nlp)". */
export const runHeadline = (run: Pick<AiRunSummary, "template" | "provider" | "model">): string =>
  `${templateLabel(run.template)} · ${providerLabels[run.provider]}${run.model === "" ? "" : ` (${run.model})`}`

const draftSuffixes: Record<AiTemplateId, string> = {
  summarise: "summary",
  podcast_script: "podcast script",
  extract: "tickers and KPIs",
  free: "draft",
}

/** The title a report draft made from a run starts with: "<report> — summary". */
export const draftTitle = (run: Pick<AiRunSummary, "template" | "report">): string =>
  run.report === null
    ? `AI ${draftSuffixes[run.template]}`
    : `${run.report.title} — ${draftSuffixes[run.template]}`.slice(0, 200)

/** A saved answer's first words without Markdown's marks, for a list row. */
export const plainPreview = (markdown: string): string =>
  markdown
    .replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s?)/gm, "")
    .replace(/(^|[^\w])(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\2(?!\w)/g, "$1$3")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim()
