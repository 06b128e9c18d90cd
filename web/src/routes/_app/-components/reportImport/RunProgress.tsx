import { Alert, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core"
import { AlertIcon } from "../../../../components/icons"
import { plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import type { ImportRun } from "./useImportRun"

/** One figure of the import's result, with its label. */
export const Stat = ({
  label,
  value,
  color = "var(--mantine-color-text)",
}: {
  readonly label: string
  readonly value: number
  readonly color?: string
}) => (
  <Paper withBorder radius="md" p="md">
    <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
      {label}
    </Text>
    <Text fz={28} fw={700} c={color} aria-label={`${label}: ${value}`}>
      {value.toLocaleString()}
    </Text>
  </Paper>
)

/** A run under way or over: its phase, a progress bar by rows and batches, and Stop or Resume. */
export const RunProgress = ({
  run,
  onStop,
  onResume,
}: {
  readonly run: Exclude<ImportRun, { phase: "idle" }>
  readonly onStop: () => void
  readonly onResume: () => void
}) => {
  const percent = run.rowsTotal === 0 ? 100 : Math.round((run.rowsDone / run.rowsTotal) * 100)
  const label = `${run.rowsDone.toLocaleString()} of ${plural(run.rowsTotal, "row")} · batch ${Math.min(
    run.batchesDone + (run.phase === "running" ? 1 : 0),
    run.batches,
  )} of ${run.batches}`
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {run.phase === "running"
            ? run.options.dryRun
              ? "Checking on the server…"
              : "Importing…"
            : run.phase === "stopped"
              ? "Stopped"
              : run.phase === "failed"
                ? "Interrupted"
                : run.options.dryRun
                  ? "Dry run finished"
                  : "Import finished"}
        </Text>
        <Text fz="sm" c="dimmed">
          {label}
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
              Resuming sends the same batches again; any the server already applied are not written twice.
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
