import type { AiRunId, AiRunSummary } from "@folio/core"
import { Badge, Group, Text, UnstyledButton } from "@mantine/core"
import { useInfiniteQuery } from "@tanstack/react-query"
import { aiRunsInfiniteQueryOptions } from "../../../../api/ai"
import { formatDateTime, formatRelative } from "../directory/format"
import { EmptyList, InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import classes from "./Ai.module.css"
import {
  formatLatency,
  plainPreview,
  providerLabels,
  statusColors,
  statusLabels,
  templateLabel,
} from "./format"

const RunRow = ({
  run,
  active,
  onOpen,
}: {
  readonly run: AiRunSummary
  readonly active: boolean
  readonly onOpen: (id: AiRunId) => void
}) => (
  <UnstyledButton
    className={classes.runRow}
    data-active={active || undefined}
    aria-current={active ? "true" : undefined}
    onClick={() => onOpen(run.id)}
    aria-label={`${templateLabel(run.template)}${run.report === null ? "" : ` of ${run.report.title}`}, ${providerLabels[run.provider]}, ${statusLabels[run.status]}, ${formatRelative(run.createdAt)}`}
  >
    <Text fz="sm" fw={600} className={classes.choiceText}>
      {templateLabel(run.template)}
      {run.report !== null && (
        <Text span fz="sm" fw={400} c="dimmed">
          {" · "}
          {run.report.title}
        </Text>
      )}
    </Text>
    <Group gap={6} mt={2} wrap="wrap">
      <Badge variant="light" color={statusColors[run.status]} radius="sm" tt="none" size="sm">
        {statusLabels[run.status]}
      </Badge>
      <Text fz="xs" c="dimmed" className={classes.choiceText}>
        {providerLabels[run.provider]}
        {run.model === "" ? "" : ` · ${run.model}`}
        {run.latencyMs === null ? "" : ` · ${formatLatency(run.latencyMs)}`}
        {" · "}
        <time dateTime={run.createdAt.toISOString()} title={formatDateTime(run.createdAt)}>
          {formatRelative(run.createdAt)}
        </time>
      </Text>
    </Group>
    {run.preview !== "" && (
      <Text fz="xs" mt={4} lineClamp={2} className={classes.preview}>
        {plainPreview(run.preview)}
      </Text>
    )}
  </UnstyledButton>
)

/** My saved runs, newest first; opening one shows it in full. */
export const SavedRuns = ({
  openRunId,
  onOpen,
}: {
  readonly openRunId: AiRunId | undefined
  readonly onOpen: (id: AiRunId) => void
}) => {
  const runs = useInfiniteQuery(aiRunsInfiniteQueryOptions())
  const items = runs.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Section
      id="ai-saved-runs"
      title="Saved runs"
      description="Yours alone, newest first, with their inputs and answers."
    >
      {runs.isPending ? (
        <SectionPending label="Loading your runs…" rows={3} />
      ) : runs.isError && items.length === 0 ? (
        <InlineError error={runs.error} onRetry={() => void runs.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList
          title="No runs yet"
          description="Every run is saved here with its prompt and answer, for you to open again."
        />
      ) : (
        <>
          <ul className={classes.plainList} aria-label="Saved runs">
            {items.map((run) => (
              <li key={run.id}>
                <RunRow run={run} active={run.id === openRunId} onOpen={onOpen} />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            noun="runs"
            hasMore={runs.hasNextPage}
            loading={runs.isFetchingNextPage}
            error={runs.isFetchNextPageError ? runs.error : null}
            onLoadMore={() => void runs.fetchNextPage()}
          />
        </>
      )}
    </Section>
  )
}
