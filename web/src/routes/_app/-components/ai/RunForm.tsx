import {
  type AiProvider,
  type AiTemplateId,
  aiTemplate,
  aiTemplates,
  fillAiPrompt,
  type ReportId,
} from "@folio/core"
import {
  Anchor,
  Button,
  Code,
  Collapse,
  Group,
  Kbd,
  Paper,
  Radio,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { type KeyboardEvent, useId, useRef, useState } from "react"
import { aiProvidersQueryOptions } from "../../../../api/ai"
import { reportQueryOptions } from "../../../../api/reports"
import { ChevronDownIcon } from "../../../../components/icons"
import { InlineError } from "../directory/layout"
import { useGrant } from "../directory/permissions"
import { ReportPicker } from "../podcasts/ReportPicker"
import classes from "./Ai.module.css"
import { type FormValues, formProblems, type ProviderChoice } from "./form"

/** The prompt field's label and help, by what the template does with it. */
const promptField = (template: AiTemplateId, withReport: boolean) => {
  switch (template) {
    case "free":
      return {
        label: "Your prompt",
        description:
          "Put the chosen report's fields in with {{title}}, {{summary}}, {{body}} and {{tickers}}.",
        placeholder: "Compare the margin outlook in {{title}} with last quarter's…",
      }
    case "extract":
      return withReport
        ? {
            label: "Your instructions",
            description: "Optional: added to the template.",
            placeholder: "Only the 2025 figures",
          }
        : {
            label: "Text to read",
            description: "Paste the text to take the tickers and figures from, or choose a report.",
            placeholder: "NVDA grew data-center revenue 112% year on year to $30.8bn in Q3 FY25…",
          }
    default:
      return {
        label: "Your instructions",
        description: "Optional: added to the template.",
        placeholder: template === "summarise" ? "Lead with the margin outlook" : "Keep it upbeat",
      }
  }
}

const ProviderCard = ({
  value,
  title,
  detail,
  unavailable,
  isAdmin,
}: {
  readonly value: ProviderChoice
  readonly title: string
  readonly detail: string
  readonly unavailable: string | null
  readonly isAdmin: boolean
}) => {
  const id = useId()
  return (
    <Radio.Card
      value={value}
      disabled={unavailable !== null}
      className={classes.choice}
      radius="md"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={unavailable !== null} mt={2} />
        <div className={classes.choiceText}>
          <Text component="span" display="block" fw={600} fz="sm" id={`${id}-title`}>
            {title}
          </Text>
          <Text component="span" display="block" fz="xs" c="dimmed" id={`${id}-detail`}>
            {unavailable === null
              ? detail
              : `${/[.!?]$/.test(unavailable) ? unavailable : `${unavailable}.`} ${isAdmin ? "Set it up in Configuration." : "An admin can set it up at /admin-config."}`}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  )
}

const ProviderChoices = ({
  value,
  onChange,
}: {
  readonly value: ProviderChoice
  readonly onChange: (value: ProviderChoice) => void
}) => {
  const providers = useQuery(aiProvidersQueryOptions())
  const isAdmin = useGrant("config.manage") === "all"
  if (providers.isPending)
    return (
      <div role="status" aria-live="polite">
        <Text fz="sm" fw={500} mb={6}>
          Provider
        </Text>
        <Text className={classes.visuallyHidden}>Loading the providers…</Text>
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      </div>
    )
  if (providers.isError)
    return <InlineError error={providers.error} onRetry={() => void providers.refetch()} />
  const byId = new Map(providers.data.map((provider) => [provider.id, provider] as const))
  const offline = byId.get("offline")
  const openai = byId.get("openai")
  const reasonOf = (provider: AiProvider | undefined) =>
    provider === undefined
      ? "Not offered by this server."
      : provider.available
        ? null
        : provider.unavailableReason
  const detailOf = (provider: AiProvider | undefined) => provider?.detail ?? ""
  return (
    <Radio.Group label="Provider" value={value} onChange={(next) => onChange(next as ProviderChoice)}>
      <Stack gap="xs" mt={6}>
        <ProviderCard
          value="offline"
          title={offline?.label ?? "Built-in (offline)"}
          detail={detailOf(offline)}
          unavailable={reasonOf(offline)}
          isAdmin={isAdmin}
        />
        <ProviderCard
          value="openai"
          title={openai?.label ?? "OpenAI-compatible"}
          detail={detailOf(openai)}
          unavailable={reasonOf(openai) === null ? null : (reasonOf(openai) ?? "Not configured.")}
          isAdmin={isAdmin}
        />
        <ProviderCard
          value="compare"
          title="Compare two side by side"
          detail="The same prompt to the offline provider and the OpenAI-compatible one at once."
          unavailable={
            reasonOf(offline) ?? (reasonOf(openai) === null ? null : "Needs the OpenAI-compatible provider.")
          }
          isAdmin={isAdmin}
        />
      </Stack>
      {isAdmin && reasonOf(openai) !== null && (
        <Anchor component={Link} to="/admin-config" fz="xs" mt={6} display="inline-block">
          Set up the OpenAI-compatible provider in Configuration
        </Anchor>
      )}
    </Radio.Group>
  )
}

/** The filled prompt as the server will send it, with the chosen report's fields. */
const PromptPreview = ({ values }: { readonly values: FormValues }) => {
  const [opened, setOpened] = useState(false)
  const regionId = useId()
  const report = useQuery({
    ...reportQueryOptions(values.reportId ?? ("" as ReportId)),
    enabled: opened && values.reportId !== null,
  })
  const needsReport = aiTemplate(values.template).report === "required" && values.reportId === null
  const prompt =
    values.reportId === null
      ? fillAiPrompt(values.template, {
          title: "",
          summary: "",
          body: "",
          tickers: [],
          prompt: values.prompt,
        })
      : report.data === undefined
        ? null
        : fillAiPrompt(values.template, {
            title: report.data.title,
            summary: report.data.summary,
            body: report.data.body,
            tickers: report.data.tickers,
            prompt: values.prompt,
          })
  return (
    <div>
      <UnstyledButton
        className={classes.disclosure}
        aria-expanded={opened}
        aria-controls={regionId}
        onClick={() => setOpened((open) => !open)}
      >
        <ChevronDownIcon size={16} className={classes.chevron} data-open={opened || undefined} />
        <Text fz="sm" fw={500} component="span">
          Preview prompt
        </Text>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <div id={regionId} className={classes.previewBox}>
          {needsReport ? (
            <Text fz="sm" c="dimmed">
              Choose a report to see the prompt filled with its title, summary, tickers and body.
            </Text>
          ) : report.isError && values.reportId !== null ? (
            <InlineError error={report.error} onRetry={() => void report.refetch()} />
          ) : prompt === null ? (
            <div role="status" aria-live="polite">
              <Text className={classes.visuallyHidden}>Loading the report…</Text>
              <Stack gap={6} aria-hidden="true">
                <Skeleton height={12} />
                <Skeleton height={12} />
                <Skeleton height={12} width="70%" />
              </Stack>
            </div>
          ) : (
            <>
              <Text fz="xs" c="dimmed" mb={6}>
                {prompt.length.toLocaleString("en")} characters, as the provider receives them
              </Text>
              <ScrollArea.Autosize mah={280} type="auto">
                <Code block className={classes.prompt} tabIndex={0} aria-label="The filled prompt">
                  {prompt === "" ? "(empty)" : prompt}
                </Code>
              </ScrollArea.Autosize>
            </>
          )}
        </div>
      </Collapse>
    </div>
  )
}

/**
 * What to run: a template, the report it reads, the person's own text, and the provider (or two).
 * Ctrl/Cmd+Enter runs from anywhere in the form.
 */
export const RunForm = ({
  values,
  onChange,
  running,
  onRun,
  onStop,
  refill,
}: {
  readonly values: FormValues
  readonly onChange: (next: FormValues) => void
  readonly running: boolean
  readonly onRun: () => void
  readonly onStop: () => void
  /** Changes when the form is refilled from a saved run (the report picker starts again with its title). */
  readonly refill: number
}) => {
  const [attempted, setAttempted] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const template = aiTemplate(values.template)
  const problems = attempted ? formProblems(values) : {}
  const field = promptField(values.template, values.reportId !== null)
  const set = (patch: Partial<FormValues>) => onChange({ ...values, ...patch })

  // Runs from the Run button and Ctrl/Cmd+Enter only: Enter in the report search picks a report.
  const submit = () => {
    if (running) return
    setAttempted(true)
    const found = formProblems(values)
    if (found.report !== undefined || found.prompt !== undefined) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    onRun()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
      event.preventDefault()
      submit()
    }
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="ai-compose"
    >
      <Title order={2} fz="h4" id="ai-compose" mb="md">
        Compose
      </Title>
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} onKeyDown={onKeyDown} noValidate>
        <Stack gap="lg">
          <Radio.Group
            label="Template"
            value={values.template}
            onChange={(next) => set({ template: next as AiTemplateId })}
          >
            <Stack gap="xs" mt={6}>
              {aiTemplates.map((item) => (
                <Radio.Card
                  key={item.id}
                  value={item.id}
                  className={classes.choice}
                  radius="md"
                  aria-labelledby={`ai-template-${item.id}`}
                  aria-describedby={`ai-template-${item.id}-detail`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <div className={classes.choiceText}>
                      <Text component="span" display="block" fw={600} fz="sm" id={`ai-template-${item.id}`}>
                        {item.label}
                      </Text>
                      <Text
                        component="span"
                        display="block"
                        fz="xs"
                        c="dimmed"
                        id={`ai-template-${item.id}-detail`}
                      >
                        {item.description}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>

          <ReportPicker
            key={refill}
            label={template.report === "required" ? "Report" : "Report (optional)"}
            value={values.reportId}
            initial={values.report}
            onChange={(reportId) => set({ reportId, report: null })}
            description={
              template.report === "required"
                ? "Its title, summary, tickers and body fill the template. Only reports you may read."
                : "Optional: its fields fill the template."
            }
            error={problems.report}
          />

          <Textarea
            label={field.label}
            description={field.description}
            placeholder={field.placeholder}
            autosize
            minRows={values.template === "free" || field.label === "Text to read" ? 5 : 3}
            maxRows={14}
            value={values.prompt}
            onChange={(event) => set({ prompt: event.currentTarget.value })}
            error={problems.prompt}
          />

          <PromptPreview values={values} />

          <ProviderChoices value={values.providers} onChange={(providers) => set({ providers })} />

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              <Kbd size="xs">Ctrl</Kbd> / <Kbd size="xs">⌘</Kbd> + <Kbd size="xs">Enter</Kbd> to run
            </Text>
            {/* One button that runs and then stops, so the focus stays on it; never a submit button,
                whose default action would start a run again as it stops. */}
            <Button
              type="button"
              color={running ? "red" : "indigo"}
              variant={running ? "light" : "filled"}
              onClick={running ? onStop : () => submit()}
              miw={88}
            >
              {running ? "Stop" : "Run"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
