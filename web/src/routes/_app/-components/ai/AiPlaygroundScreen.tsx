import type { AiRun, AiRunId } from "@folio/core"
import { EmptyState, Grid, Paper, SimpleGrid, Stack } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useRef, useState } from "react"
import { SparklesIcon } from "../../../../components/icons"
import { PageHeader } from "../directory/layout"
import { type FormValues, initialFormValues, providersOf } from "./form"
import { OutputPanel } from "./OutputPanel"
import { RunDrawer } from "./RunDrawer"
import { RunForm } from "./RunForm"
import { SavedRuns } from "./SavedRuns"
import { usePlaygroundRun } from "./usePlaygroundRun"

/**
 * `/ai-playground`: compose a run (template, report, own text, provider or two), watch the answers
 * stream in, reuse them; saved runs below, one open at a time in a drawer (`?run=<id>`).
 */
export const AiPlaygroundScreen = ({
  openRunId,
  onOpenRun,
}: {
  readonly openRunId: AiRunId | undefined
  readonly onOpenRun: (id: AiRunId | undefined) => void
}) => {
  useDocumentTitle("AI playground · Folio")
  const [values, setValues] = useState<FormValues>(initialFormValues)
  const [refill, setRefill] = useState(0)
  const { panels, running, run, stop } = usePlaygroundRun()
  const outputRef = useRef<HTMLDivElement>(null)
  const formTop = useRef<HTMLDivElement>(null)

  const start = () => {
    void run(
      { template: values.template, reportId: values.reportId, prompt: values.prompt },
      providersOf(values.providers),
    )
    // On a phone the answer is below the form: bring it into view.
    if (window.matchMedia("(max-width: 75em)").matches)
      requestAnimationFrame(() => outputRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }))
  }

  const runAgain = (saved: AiRun) => {
    setValues({
      template: saved.template,
      reportId: saved.report?.id ?? null,
      report: saved.report,
      prompt: saved.input,
      providers: saved.provider,
    })
    setRefill((count) => count + 1)
    requestAnimationFrame(() => {
      formTop.current?.scrollIntoView({ block: "start", behavior: "smooth" })
      formTop.current?.querySelector<HTMLElement>("button[type=submit]")?.focus({ preventScroll: true })
    })
  }

  return (
    <Stack gap="lg" maw={1500}>
      <PageHeader
        title="AI playground"
        description="Summarise, script and extract from reports with the built-in offline provider or an OpenAI-compatible model. Every run is saved for you alone."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <div ref={formTop}>
            <RunForm
              values={values}
              onChange={setValues}
              running={running}
              onRun={start}
              onStop={stop}
              refill={refill}
            />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <div ref={outputRef} style={{ scrollMarginTop: "5rem" }}>
              {panels.length === 0 ? (
                <Paper withBorder radius="lg" p="lg" component="section" aria-label="Answer">
                  <EmptyState
                    py="xl"
                    size="sm"
                    withIndicatorBackground
                    icon={<SparklesIcon size={22} />}
                    title="The answer appears here"
                    description="Pick a template and a report, then Run. The built-in provider works on this server, without network; compare it side by side with a configured model."
                  />
                </Paper>
              ) : (
                <SimpleGrid type="container" cols={{ base: 1, "34rem": panels.length }} spacing="md">
                  {panels.map((panel, index) => (
                    <OutputPanel key={`${panel.provider}-${panel.startedAt}`} panel={panel} index={index} />
                  ))}
                </SimpleGrid>
              )}
            </div>
            <SavedRuns openRunId={openRunId} onOpen={onOpenRun} />
          </Stack>
        </Grid.Col>
      </Grid>
      <RunDrawer runId={openRunId} onClose={() => onOpenRun(undefined)} onRunAgain={runAgain} />
    </Stack>
  )
}
