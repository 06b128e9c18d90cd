import { Schema } from "effect"
import { AiRunId, ReportId } from "../ids.js"
import { Page, PageParams } from "../schema/pagination.js"
import { multiLineText } from "../schema/text.js"

/**
 * The AI playground: prompts from templates, filled from a report the caller may read, run
 * against the built-in offline provider (extractive NLP on the server, no network) or an
 * OpenAI-compatible endpoint an admin configured (`ai.openai.*` in the configuration store). A run
 * streams its answer as server-sent events from `aiRunPath`; every run is saved for its author
 * and audited. Analysts, editors and admins (`ai.use`).
 */

/** Where a run is started: a POST whose answer is a `text/event-stream` of `AiStreamEvent`s. */
export const aiRunPath = "/api/ai/run"

export const AiProviderId = Schema.Literal("offline", "openai")
export type AiProviderId = typeof AiProviderId.Type

export const AiProvider = Schema.Struct({
  id: AiProviderId,
  label: Schema.String,
  /** False for the OpenAI-compatible provider until an admin configured it. */
  available: Schema.Boolean,
  model: Schema.String,
  /** What it is and where it runs, in a sentence (never the key). */
  detail: Schema.String,
  /** Why it cannot be used, when it cannot. */
  unavailableReason: Schema.NullOr(Schema.String),
})
export type AiProvider = typeof AiProvider.Type

export const AiTemplateId = Schema.Literal("summarise", "podcast_script", "extract", "free")
export type AiTemplateId = typeof AiTemplateId.Type

export interface AiTemplate {
  readonly id: AiTemplateId
  readonly label: string
  readonly description: string
  /** "required": needs a report; "optional": a report or pasted text; "none": the prompt alone. */
  readonly report: "required" | "optional" | "none"
  /** The prompt, with `{{title}}`, `{{summary}}`, `{{body}}`, `{{tickers}}` and `{{prompt}}`. */
  readonly prompt: string
}

export const aiTemplates: ReadonlyArray<AiTemplate> = [
  {
    id: "summarise",
    label: "Summarise a report",
    description: "Five points a portfolio manager can read in a minute.",
    report: "required",
    prompt:
      "Summarise this equity research report for a busy portfolio manager in at most five bullet points. Keep every figure exactly as written. {{prompt}}\n\nTitle: {{title}}\nTickers: {{tickers}}\nSummary: {{summary}}\n\n{{body}}",
  },
  {
    id: "podcast_script",
    label: "Draft a podcast script",
    description: "A three-minute script for an analyst to read: intro, key points, close.",
    report: "required",
    prompt:
      "Write a three-minute podcast script in which the analyst walks listeners through this report: a short intro, three key points in plain spoken English, and a close with the usual reminder that this is not investment advice. {{prompt}}\n\nTitle: {{title}}\nTickers: {{tickers}}\nSummary: {{summary}}\n\n{{body}}",
  },
  {
    id: "extract",
    label: "Extract tickers and KPIs",
    description: "The securities named and every figure with its unit and period.",
    report: "optional",
    prompt:
      "List the stock tickers named in this text, then every KPI figure as a table with the metric, the value, its unit and the period it is for. Do not add figures that are not in the text. {{prompt}}\n\nTitle: {{title}}\nTickers: {{tickers}}\n\n{{body}}",
  },
  {
    id: "free",
    label: "Free prompt",
    description:
      "Your own prompt; a report's fields can go in with {{title}}, {{summary}}, {{body}}, {{tickers}}.",
    report: "optional",
    prompt: "{{prompt}}",
  },
]

export const aiTemplate = (id: AiTemplateId): AiTemplate =>
  aiTemplates.find((template) => template.id === id) ?? (aiTemplates[0] as AiTemplate)

export interface AiTemplateVariables {
  readonly title: string
  readonly summary: string
  readonly body: string
  readonly tickers: ReadonlyArray<string>
  readonly prompt: string
}

/**
 * A template's prompt with its variables filled, the same in the console's preview and on the
 * server (which fills it from the report itself). In a free prompt the person's own text may use
 * the report's variables too.
 */
export const fillAiPrompt = (templateId: AiTemplateId, variables: AiTemplateVariables): string => {
  const template = aiTemplate(templateId)
  const values: Record<string, string> = {
    title: variables.title,
    summary: variables.summary,
    body: variables.body,
    tickers: variables.tickers.join(", "),
  }
  const fill = (text: string) =>
    text.replace(/\{\{(title|summary|body|tickers)\}\}/g, (_, name: string) => values[name] ?? "")
  // The person's text is filled once (its own {{…}} taken from the report), never re-expanded.
  return template.prompt.split("{{prompt}}").map(fill).join(fill(variables.prompt)).trim()
}

export const aiPromptMax = 20_000

export const AiPromptText = Schema.String.pipe(
  Schema.maxLength(aiPromptMax, {
    message: () => `The prompt must be at most ${aiPromptMax.toLocaleString("en")} characters`,
  }),
  multiLineText("The prompt"),
)

/** What the console posts to `aiRunPath` (JSON). */
export const AiRunRequest = Schema.Struct({
  provider: AiProviderId,
  template: AiTemplateId,
  /** The report whose title, summary, body and tickers fill the template: one the caller may read. */
  reportId: Schema.optionalWith(Schema.NullOr(ReportId), { default: () => null }),
  /** Extra instructions, the free prompt, or (extract without a report) the text to read. */
  prompt: Schema.optionalWith(AiPromptText, { default: () => "" }),
})
export type AiRunRequest = typeof AiRunRequest.Type

export const AiRunStatus = Schema.Literal("running", "completed", "cancelled", "failed")
export type AiRunStatus = typeof AiRunStatus.Type

export const AiUsage = Schema.Struct({
  inputTokens: Schema.NullOr(Schema.Int),
  outputTokens: Schema.NullOr(Schema.Int),
  /** Characters of the answer: the offline provider's measure. */
  characters: Schema.Int,
  /** In the provider's currency (USD for OpenAI-style usage), when the provider reports it. */
  cost: Schema.NullOr(Schema.Number),
})
export type AiUsage = typeof AiUsage.Type

export const AiRunSummary = Schema.Struct({
  id: AiRunId,
  provider: AiProviderId,
  model: Schema.String,
  template: AiTemplateId,
  report: Schema.NullOr(Schema.Struct({ id: ReportId, title: Schema.String })),
  status: AiRunStatus,
  latencyMs: Schema.NullOr(Schema.Int),
  usage: AiUsage,
  /** The answer's first 200 characters. */
  preview: Schema.String,
  createdAt: Schema.Date,
})
export type AiRunSummary = typeof AiRunSummary.Type

export const AiRun = Schema.Struct({
  ...AiRunSummary.fields,
  /** The person's own text (extra instructions, free prompt or pasted text). */
  input: Schema.String,
  /** The prompt as it was sent, template and report filled in. */
  prompt: Schema.String,
  output: Schema.String,
  /** The provider's error as it said it, for a failed run. */
  error: Schema.NullOr(Schema.String),
})
export type AiRun = typeof AiRun.Type

export const AiRunPage = Page(AiRunSummary)
export type AiRunPage = typeof AiRunPage.Type
export const AiRunListParams = PageParams
export type AiRunListParams = typeof AiRunListParams.Type

/** Why a run failed, for the console to say so (the message is the provider's own). */
export const AiErrorKind = Schema.Literal(
  "rate_limit",
  "auth",
  "model_not_found",
  "timeout",
  "unavailable",
  "bad_request",
  "provider",
)
export type AiErrorKind = typeof AiErrorKind.Type

/**
 * The events of a run's stream, each one `data:` line of JSON: `start` (the saved run's id),
 * `delta` (more of the answer), then `done` (the finished run, with latency and usage) or
 * `error` (the provider's message; the run is saved as failed with what had arrived).
 */
export const AiStreamEvent = Schema.Union(
  Schema.Struct({
    type: Schema.Literal("start"),
    runId: AiRunId,
    provider: AiProviderId,
    model: Schema.String,
  }),
  Schema.Struct({ type: Schema.Literal("delta"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("done"), run: AiRun }),
  Schema.Struct({ type: Schema.Literal("error"), kind: AiErrorKind, message: Schema.String }),
)
export type AiStreamEvent = typeof AiStreamEvent.Type
