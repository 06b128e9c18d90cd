import { type AiProviderId, type AiTemplateId, aiPromptMax, aiTemplate, type ReportId } from "@folio/core"

/** One provider, or both side by side. */
export type ProviderChoice = "offline" | "openai" | "compare"

export interface FormValues {
  readonly template: AiTemplateId
  readonly reportId: ReportId | null
  /** The chosen report's title, so a refilled form names it before any search. */
  readonly report: { readonly id: ReportId; readonly title: string } | null
  readonly prompt: string
  readonly providers: ProviderChoice
}

export const initialFormValues: FormValues = {
  template: "summarise",
  reportId: null,
  report: null,
  prompt: "",
  providers: "offline",
}

/** What stops a run, by field; empty when it may go. */
export const formProblems = (values: FormValues): { report?: string; prompt?: string } => {
  const template = aiTemplate(values.template)
  const problems: { report?: string; prompt?: string } = {}
  if (template.report === "required" && values.reportId === null)
    problems.report = "Choose the report to work from"
  if (values.template === "free" && values.prompt.trim() === "") problems.prompt = "Write your prompt"
  if (values.template === "extract" && values.reportId === null && values.prompt.trim() === "")
    problems.prompt = "Paste the text to read, or choose a report"
  if (values.prompt.length > aiPromptMax)
    problems.prompt = `At most ${aiPromptMax.toLocaleString("en")} characters`
  return problems
}

/** The providers a choice runs. */
export const providersOf = (choice: ProviderChoice): ReadonlyArray<AiProviderId> =>
  choice === "compare" ? ["offline", "openai"] : [choice]
