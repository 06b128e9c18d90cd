import type { Report, ReportRevisionSummary } from "@folio/core"
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import {
  reportKeys,
  restoreRevision,
  revisionQueryOptions,
  revisionsQueryOptions,
} from "../../../../api/reports"
import { deferred } from "../../../../components/deferred"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime, formatRelative } from "../directory/format"
import { InlineError } from "../directory/layout"
import { ratingLabels, reportTypeLabels } from "./badges"
import classes from "./RevisionsSection.module.css"

/**
 * The diff (and the `diff` library) loads after the first screen: a report page shows it only
 * once a revision is opened.
 */
const TextDiff = deferred(
  () => import("./TextDiff").then((module) => module.TextDiff),
  ({
    label,
  }: {
    readonly before: string
    readonly after: string
    readonly mode?: "words" | "lines"
    readonly label: string
  }) => <Loader size="sm" aria-label={`Loading ${label}`} />,
)

import { listText } from "./listText"

const ratingText = (rating: keyof typeof ratingLabels | null) =>
  rating === null ? "—" : ratingLabels[rating]
const priceText = (price: number | null, currency: string | null) =>
  price === null ? "—" : `${price} ${currency ?? ""}`.trim()

/** A revision against the report as it is now, field by field; only fields that differ are shown. */
const RevisionDiff = ({
  report,
  summary,
  mayRestore,
  onRestored,
}: {
  readonly report: Report
  readonly summary: ReportRevisionSummary
  readonly mayRestore: boolean
  readonly onRestored: () => void
}) => {
  const revision = useQuery(revisionQueryOptions(report.id, summary.version))
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const restore = useMutation({
    mutationFn: () => restoreRevision(report.id, summary.version, report.version),
    onSuccess: async (updated) => {
      queryClient.setQueryData(reportKeys.detail(report.id), updated)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.revisions(report.id) }),
        queryClient.invalidateQueries({ queryKey: reportKeys.lists() }),
      ])
      notifications.show({
        color: "teal",
        title: "Revision restored",
        message: `Version ${summary.version} is now version ${updated.version}.`,
      })
      setConfirming(false)
      onRestored()
    },
  })

  if (revision.isPending) return <Loader size="sm" aria-label="Loading the revision" />
  if (revision.isError) return <InlineError error={revision.error} onRetry={() => void revision.refetch()} />
  const then = revision.data.fields
  const rows: ReadonlyArray<{ label: string; before: string; after: string; mode?: "lines" }> = [
    { label: "Title", before: then.title, after: report.title },
    { label: "Summary", before: then.summary, after: report.summary },
    { label: "Type", before: reportTypeLabels[then.type], after: reportTypeLabels[report.type] },
    { label: "Sector", before: then.sector, after: report.sector },
    { label: "Tickers", before: listText(then.tickers), after: listText(report.tickers) },
    { label: "Rating", before: ratingText(then.rating), after: ratingText(report.rating) },
    {
      label: "Target price",
      before: priceText(then.targetPrice, then.targetCurrency),
      after: priceText(report.targetPrice, report.targetCurrency),
    },
    { label: "Channels", before: listText(then.channels), after: listText(report.channels) },
    { label: "Tags", before: listText(then.tags), after: listText(report.tags) },
    { label: "Body", before: then.body, after: report.body, mode: "lines" },
  ]
  const changed = rows.filter((row) => row.before !== row.after)
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Version {summary.version}
        {summary.savedBy ? ` by ${summary.savedBy.name}` : ""}, {formatDateTime(summary.savedAt)}, against the
        current version {report.version}. Struck through: only in version {summary.version}. Highlighted:
        added since.
      </Text>
      {changed.length === 0 ? (
        <Text fz="sm">This revision matches the current version.</Text>
      ) : (
        changed.map((row) => (
          <div key={row.label}>
            <Text fz="sm" fw={600} mb={4}>
              {row.label}
            </Text>
            <TextDiff
              before={row.before}
              after={row.after}
              mode={row.mode ?? "words"}
              label={`${row.label}: version ${summary.version} against now`}
            />
          </div>
        ))
      )}
      {mayRestore && summary.version !== report.version && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(true)}>
            Restore version {summary.version}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Restore version ${summary.version}?`}
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.error}
        onConfirm={() => restore.mutate()}
      >
        Its title, summary, body and fields become a new version. The current version stays in the history.
      </ConfirmModal>
    </Stack>
  )
}

/**
 * The report's revisions, newest first: one per editing session and lifecycle change (the server
 * keeps them so, see `revisionIdleGapMinutes`); any of them compares with the current version.
 */
export const RevisionsSection = ({
  report,
  mayRestore,
}: {
  readonly report: Report
  readonly mayRestore: boolean
}) => {
  const revisions = useQuery(revisionsQueryOptions(report.id))
  const [open, setOpen] = useState<ReportRevisionSummary | null>(null)
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-revisions">
      <Title order={2} fz="h5" id="report-revisions" mb="sm">
        Revisions
      </Title>
      {revisions.isPending ? (
        <Loader size="sm" aria-label="Loading revisions" />
      ) : revisions.isError ? (
        <InlineError error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : revisions.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No saved versions yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Stack gap={2} component="ol" className={classes.list} aria-label="Revisions">
            {revisions.data.map((revision) => (
              <li key={revision.version}>
                <UnstyledButton
                  className={classes.item}
                  onClick={() => setOpen(revision)}
                  aria-label={`Compare version ${revision.version} with the current one`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fz="sm" fw={600}>
                      v{revision.version}
                    </Text>
                    {revision.version === report.version ? (
                      <Badge size="xs" variant="light" radius="sm">
                        Current
                      </Badge>
                    ) : (
                      <Text fz="xs" c="dimmed" title={formatDateTime(revision.savedAt)}>
                        {formatRelative(revision.savedAt)}
                      </Text>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed" truncate>
                    {revision.savedBy?.name ?? "Someone"}
                    {revision.note ? ` · ${revision.note}` : ""}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Version ${open.version}: changes since` : ""}
        size="xl"
      >
        {open && (
          <RevisionDiff
            report={report}
            summary={open}
            mayRestore={mayRestore}
            onRestored={() => setOpen(null)}
          />
        )}
      </Modal>
    </Paper>
  )
}
