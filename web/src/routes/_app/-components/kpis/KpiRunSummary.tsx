import type { ImportIssue } from "@folio/core"
import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { byPlace, downloadText, IssuesTable, issuesCsv } from "../reportImport/issues"
import { Stat } from "../reportImport/RunProgress"
import type { KpiRun } from "./useKpiImport"

type Started = Exclude<KpiRun, { phase: "idle" }>

/** A run under way or over: what it is doing, a bar by rows, and Stop or Resume. */
export const KpiRunProgress = ({
  run,
  onStop,
  onResume,
}: {
  readonly run: Started
  readonly onStop: () => void
  readonly onResume: () => void
}) => {
  const percent = run.rowsTotal === 0 ? 100 : Math.round((run.rowsDone / run.rowsTotal) * 100)
  const batch = Math.min(run.batchesDone + (run.phase === "running" ? 1 : 0), run.batches)
  const title =
    run.phase === "running"
      ? run.dryRun
        ? "Checking on the server…"
        : "Importing…"
      : run.phase === "stopped"
        ? "Stopped"
        : run.phase === "failed"
          ? "Interrupted"
          : run.dryRun
            ? "Dry run finished"
            : "Import finished"
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600} role="status">
          {title}
        </Text>
        <Text fz="sm" c="dimmed">
          {run.rowsDone.toLocaleString()} of {plural(run.rowsTotal, "value")} · batch {batch} of {run.batches}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        animated={run.phase === "running"}
        color={run.phase === "failed" ? "red" : run.phase === "done" ? "teal" : "indigo"}
        aria-label="Import progress"
      />
      {run.phase === "failed" && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title="A batch did not go through"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{actionErrorText(run.error)}</Text>
            <Text fz="sm" c="dimmed">
              Resuming sends that batch again; values already stored count as unchanged, never twice.
            </Text>
            <Button size="xs" onClick={onResume}>
              Resume
            </Button>
          </Stack>
        </Alert>
      )}
      {run.phase === "stopped" && (
        <Group>
          <Button size="xs" onClick={onResume}>
            Resume
          </Button>
        </Group>
      )}
      {run.phase === "running" && run.batches > 1 && (
        <Group>
          <Button size="xs" variant="default" onClick={onStop}>
            Stop after this batch
          </Button>
        </Group>
      )}
    </Stack>
  )
}

const lines = (issues: ReadonlyArray<ImportIssue>): number => new Set(issues.map((issue) => issue.line)).size

/**
 * What a finished run did: created, updated, unchanged, metrics defined, and every refused row by
 * line and field, those the preview found and those the server answered, in one list.
 */
export const KpiRunSummary = ({
  run,
  localIssues,
}: {
  readonly run: Started
  readonly localIssues: ReadonlyArray<ImportIssue>
}) => {
  const { totals, dryRun } = run
  const all = [...localIssues, ...totals.rejected].sort(byPlace)
  const rejected = lines(localIssues) + lines(totals.rejected)
  return (
    <Stack gap="sm" component="section" aria-labelledby="kpi-import-result">
      <Title order={3} fz="md" id="kpi-import-result">
        {dryRun ? "Dry run result: nothing was written" : "Result"}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Stat label={dryRun ? "Would create" : "Created"} value={totals.created} color="teal" />
        <Stat label={dryRun ? "Would update" : "Updated"} value={totals.updated} color="indigo" />
        <Stat label="Unchanged" value={totals.unchanged} />
        <Stat label={dryRun ? "New metrics" : "Metrics created"} value={totals.metricsCreated} />
        <Stat label="Rejected" value={rejected} {...(rejected > 0 ? { color: "red" } : {})} />
      </SimpleGrid>
      {all.length > 0 && (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fz="sm">
              {plural(rejected, "row")} left out ({lines(localIssues).toLocaleString()} in the preview,{" "}
              {lines(totals.rejected).toLocaleString()} by the server):
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => downloadText("kpi-import-errors.csv", issuesCsv(all))}
            >
              Download errors (CSV)
            </Button>
          </Group>
          <IssuesTable issues={all} label="Rejected rows" withFile={false} />
        </Stack>
      )}
    </Stack>
  )
}
