import type { AiRun, AiRunId } from "@folio/core"
import {
  Alert,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { aiKeys, aiRunQueryOptions, deleteAiRun } from "../../../../api/ai"
import { AlertIcon, ReloadIcon, TrashIcon } from "../../../../components/icons"
import { AnchorLink } from "../directory/AnchorLink"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime } from "../directory/format"
import { InlineError } from "../directory/layout"
import classes from "./Ai.module.css"
import { AnswerActions, AnswerMarkdown, Figures } from "./Answer"
import { providerLabels, runFigures, statusColors, statusLabels, templateLabel } from "./format"

const Block = ({ title, children }: { readonly title: string; readonly children: React.ReactNode }) => (
  <Stack gap={6} component="section" aria-label={title}>
    <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts={0.4}>
      {title}
    </Title>
    {children}
  </Stack>
)

const RunDetail = ({
  run,
  onRunAgain,
  onDelete,
}: {
  readonly run: AiRun
  readonly onRunAgain: (run: AiRun) => void
  readonly onDelete: () => void
}) => (
  <Stack gap="lg">
    <Stack gap={6}>
      <Group gap="xs">
        <Badge variant="light" color={statusColors[run.status]} radius="sm" tt="none" size="md">
          {statusLabels[run.status]}
        </Badge>
        <Text fz="sm" c="dimmed">
          <time dateTime={run.createdAt.toISOString()}>{formatDateTime(run.createdAt)}</time>
        </Text>
      </Group>
      <Text fz="sm">
        {providerLabels[run.provider]}
        {run.model === "" ? "" : ` · ${run.model}`}
      </Text>
      {run.report !== null && (
        <Text fz="sm">
          Report:{" "}
          <AnchorLink to="/reports/$reportId" params={{ reportId: run.report.id }} fz="sm">
            {run.report.title}
          </AnchorLink>
        </Text>
      )}
      <Figures figures={runFigures(run.latencyMs, run.usage)} label="Figures of this run" />
    </Stack>

    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<ReloadIcon size={14} />}
        onClick={() => onRunAgain(run)}
      >
        Run again
      </Button>
      <Button size="xs" variant="subtle" color="red" leftSection={<TrashIcon size={14} />} onClick={onDelete}>
        Delete
      </Button>
    </Group>

    {run.error !== null && (
      <Alert color="red" variant="light" icon={<AlertIcon />} title="The provider said">
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          {run.error}
        </Text>
      </Alert>
    )}

    <Block title="Answer">
      {run.output === "" ? (
        <Text fz="sm" c="dimmed">
          No answer was saved.
        </Text>
      ) : (
        <>
          <AnswerMarkdown text={run.output} />
          <AnswerActions text={run.output} runId={run.id} />
        </>
      )}
    </Block>

    <Block title="Your input">
      {run.input === "" ? (
        <Text fz="sm" c="dimmed">
          None: the template and report alone.
        </Text>
      ) : (
        <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {run.input}
        </Text>
      )}
    </Block>

    <Block title="Prompt sent">
      <ScrollArea.Autosize mah={320} type="auto">
        <Code block className={classes.prompt} tabIndex={0} aria-label="The prompt as it was sent">
          {run.prompt}
        </Code>
      </ScrollArea.Autosize>
    </Block>
  </Stack>
)

/** One saved run in full (linkable: `?run=<id>`), with Run again and Delete. */
export const RunDrawer = ({
  runId,
  onClose,
  onRunAgain,
}: {
  readonly runId: AiRunId | undefined
  readonly onClose: () => void
  readonly onRunAgain: (run: AiRun) => void
}) => {
  const phone = useMediaQuery("(max-width: 48em)")
  const queryClient = useQueryClient()
  const run = useQuery({ ...aiRunQueryOptions(runId ?? ("" as AiRunId)), enabled: runId !== undefined })
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: (id: AiRunId) => deleteAiRun(id),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: aiKeys.run(id) })
      await queryClient.invalidateQueries({ queryKey: aiKeys.runLists() })
      setConfirming(false)
      onClose()
      notifications.show({ message: "Run deleted", color: "teal" })
    },
  })
  const title =
    run.data === undefined
      ? "Saved run"
      : `${templateLabel(run.data.template)}${run.data.report === null ? "" : `: ${run.data.report.title}`}`
  return (
    <>
      <Drawer
        opened={runId !== undefined}
        onClose={onClose}
        position={phone ? "bottom" : "right"}
        size={phone ? "92%" : "xl"}
        title={title}
        styles={{
          title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", overflowWrap: "anywhere" },
        }}
        closeButtonProps={{ "aria-label": "Close the run" }}
      >
        {run.isPending ? (
          <div role="status" aria-live="polite">
            <Text fz="sm" c="dimmed" mb="sm">
              Loading the run…
            </Text>
            <Stack gap="xs" aria-hidden="true">
              <Skeleton height={16} width="40%" />
              <Skeleton height={12} />
              <Skeleton height={12} />
              <Skeleton height={120} />
            </Stack>
          </div>
        ) : run.isError ? (
          <InlineError error={run.error} onRetry={() => void run.refetch()} />
        ) : (
          <RunDetail
            run={run.data}
            onRunAgain={(picked) => {
              onRunAgain(picked)
              onClose()
            }}
            onDelete={() => {
              remove.reset()
              setConfirming(true)
            }}
          />
        )}
      </Drawer>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this run?"
        confirmLabel="Delete run"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => runId !== undefined && remove.mutate(runId)}
      >
        Its prompt and answer go for good. Reports drafted from it keep their text.
      </ConfirmModal>
    </>
  )
}
