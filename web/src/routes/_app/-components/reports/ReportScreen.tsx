import { type Report, type ReportId, renderMarkdown, type Transition, transitions } from "@folio/core"
import { Badge, Button, Grid, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import { reportKeys, reportQueryOptions, setFavorite, transitionReport } from "../../../../api/reports"
import { EditIcon, StarIcon } from "../../../../components/icons"
import { useReportReadership } from "../../../../readership/useReportReadership"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime } from "../directory/format"
import { PageHeader } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { releaseErrorText } from "../releases/ReleaseBlockedAlert"
import { ButtonLink } from "./ButtonLink"
import { RatingBadge, ReportStatusBadge, reportTypeLabels, TickerBadge } from "./badges"
import { audienceLabel } from "./format"
import { allowedTransitions, mayEdit } from "./permissions"
import { RenderedMarkdown } from "./RenderedMarkdown"
import { ReportReleaseSection } from "./ReportReleaseSection"
import classes from "./ReportScreen.module.css"
import { RevisionsSection } from "./RevisionsSection"

/** Moves that deserve a second look before they happen: readers see them at once. */
const confirmations: Partial<Record<Transition, { title: string; body: string; danger: boolean }>> = {
  publish: {
    title: "Publish this report now?",
    body: "It becomes visible to its audience at once (after any embargo), and disclosures are appended.",
    danger: false,
  },
  archive: {
    title: "Archive this report?",
    body: "It leaves readers' lists and feeds. You can restore it to draft later.",
    danger: true,
  },
}

const primaryTransitions: ReadonlySet<Transition> = new Set(["submit", "approve", "publish"])

const useTransition = (report: Report) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: Transition) => transitionReport(report.id, name, report.version),
    onSuccess: async (updated, name) => {
      queryClient.setQueryData(reportKeys.detail(report.id), updated)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reportKeys.revisions(report.id) }),
      ])
      notifications.show({
        color: "teal",
        title: transitions[name].label,
        message: `“${updated.title}” is now ${transitions[name].to.replace("_", " ")}.`,
      })
    },
    onError: async (error) => {
      // The report may have moved meanwhile: show what it is now, with the server's reason.
      await queryClient.invalidateQueries({ queryKey: reportKeys.detail(report.id) })
      notifications.show({ color: "red", title: "Not done", message: releaseErrorText(error) })
    },
  })
}

const TransitionButtons = ({
  report,
  names,
}: {
  readonly report: Report
  readonly names: ReadonlyArray<Transition>
}) => {
  const mutation = useTransition(report)
  const [confirming, setConfirming] = useState<Transition | null>(null)
  const confirmation = confirming === null ? undefined : confirmations[confirming]
  return (
    <>
      {names.map((name) => (
        <Button
          key={name}
          variant={primaryTransitions.has(name) ? "filled" : "default"}
          {...(name === "archive" ? { color: "red" } : {})}
          loading={mutation.isPending && mutation.variables === name}
          disabled={mutation.isPending && mutation.variables !== name}
          onClick={() => (confirmations[name] ? setConfirming(name) : mutation.mutate(name))}
        >
          {transitions[name].label}
        </Button>
      ))}
      {confirmation && confirming && (
        <ConfirmModal
          opened
          onClose={() => setConfirming(null)}
          title={confirmation.title}
          confirmLabel={transitions[confirming].label}
          danger={confirmation.danger}
          pending={mutation.isPending}
          error={null}
          onConfirm={() => mutation.mutate(confirming, { onSettled: () => setConfirming(null) })}
        >
          {confirmation.body}
        </ConfirmModal>
      )}
    </>
  )
}

export const FavoriteButton = ({ report }: { readonly report: Report }) => {
  const queryClient = useQueryClient()
  const key = reportKeys.detail(report.id)
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => setFavorite(report.id, favorite),
    // The star turns at once; a refusal turns it back and says why.
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Report>(key)
      if (before) queryClient.setQueryData<Report>(key, { ...before, favorite })
      return { before }
    },
    onError: (error, _favorite, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      notifications.show({ color: "red", title: "Favorites not changed", message: releaseErrorText(error) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.lists() }),
  })
  return (
    <Tooltip label={report.favorite ? "Remove from your favorites" : "Add to your favorites"} openDelay={400}>
      <Button
        variant={report.favorite ? "light" : "default"}
        color={report.favorite ? "yellow" : "gray"}
        leftSection={<StarIcon size={16} filled={report.favorite} />}
        aria-pressed={report.favorite}
        onClick={() => mutation.mutate(!report.favorite)}
      >
        {report.favorite ? "Favorited" : "Favorite"}
      </Button>
    </Tooltip>
  )
}

const Details = ({ report }: { readonly report: Report }) => (
  <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-details">
    <Title order={2} fz="h5" id="report-details" mb="sm">
      Details
    </Title>
    <InfoList
      rows={[
        { label: "Type", value: reportTypeLabels[report.type] },
        {
          label: "Sector",
          value: (
            <AnchorLink to="/reports" search={{ sector: report.sector }} fz="sm">
              {report.sector}
            </AnchorLink>
          ),
        },
        {
          label: "Tickers",
          value:
            report.tickers.length === 0 ? (
              "—"
            ) : (
              <Group gap={4}>
                {report.tickers.map((symbol) => (
                  <AnchorLink
                    key={symbol}
                    to="/reports"
                    search={{ ticker: symbol }}
                    aria-label={`Reports on ${symbol}`}
                  >
                    <TickerBadge symbol={symbol} />
                  </AnchorLink>
                ))}
              </Group>
            ),
        },
        ...(report.rating === null
          ? []
          : [{ label: "Rating", value: <RatingBadge rating={report.rating} /> }]),
        ...(report.targetPrice === null
          ? []
          : [
              {
                label: "Target price",
                value:
                  `${report.targetPrice.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${report.targetCurrency ?? ""}`.trim(),
              },
            ]),
        {
          label: "Authors",
          value: report.authors.map((author) => author.name).join(", ") || "—",
        },
        {
          label: "Audience",
          value:
            report.audience.length === 0 ? (
              "Publisher only"
            ) : (
              <Stack gap={2}>
                {report.audience.map((entry) => (
                  <span key={`${entry.companyId}-${entry.teamId}`}>{audienceLabel(entry)}</span>
                ))}
              </Stack>
            ),
        },
        ...(report.channels.length === 0 ? [] : [{ label: "Channels", value: report.channels.join(", ") }]),
        ...(report.tags.length === 0
          ? []
          : [
              {
                label: "Tags",
                value: (
                  <Group gap={4}>
                    {report.tags.map((tag) => (
                      <Badge key={tag} variant="light" color="gray" radius="sm" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
            ]),
        ...(report.publishedAt === null
          ? []
          : [{ label: "Published", value: formatDateTime(report.publishedAt) }]),
        { label: "Updated", value: formatDateTime(report.updatedAt) },
        { label: "Version", value: String(report.version) },
      ]}
    />
  </Paper>
)

export const ReportScreen = ({ reportId }: { readonly reportId: ReportId }) => {
  const { data: report } = useSuspenseQuery(reportQueryOptions(reportId))
  useDocumentTitle(`${report.title} · Reports · Folio`)
  // Readership counts published reports only: drafts in review are work, not reading.
  useReportReadership(report.status === "published" ? report.id : null)
  const me = useMe()
  // Unscheduling lives with the release time, in the Release section.
  const moves = allowedTransitions(me, report).filter((name) => name !== "unschedule")
  const editable = mayEdit(me, report)
  const html = useMemo(() => renderMarkdown(report.body), [report.body])
  const disclosures = useMemo(
    () => (report.disclosures ? renderMarkdown(report.disclosures) : null),
    [report.disclosures],
  )
  const seesWorkflow = me.user.role !== "reader" && me.user.role !== "developer"

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title={report.title}
        crumbs={[
          <AnchorLink key="reports" to="/reports" fz="sm">
            Reports
          </AnchorLink>,
        ]}
        badges={seesWorkflow ? <ReportStatusBadge status={report.status} labelled /> : undefined}
        description={
          report.publishedAt
            ? `${report.authors.map((author) => author.name).join(", ")} · ${formatDateTime(report.publishedAt)}`
            : report.authors.map((author) => author.name).join(", ")
        }
        actions={
          <>
            <FavoriteButton report={report} />
            {editable && (
              <ButtonLink
                variant="default"
                to="/reports/$reportId/edit"
                params={{ reportId: report.id }}
                leftSection={<EditIcon size={16} />}
              >
                Edit
              </ButtonLink>
            )}
            <TransitionButtons key={`${report.id}-${report.version}`} report={report} names={moves} />
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} component="article" aria-label="Report">
            {report.summary !== "" && (
              <Text fz="lg" c="dimmed" mb="lg" className={classes.summary}>
                {report.summary}
              </Text>
            )}
            {report.body.trim() === "" ? (
              <Text c="dimmed">This report has no body yet.</Text>
            ) : (
              <RenderedMarkdown html={html} />
            )}
            {disclosures !== null && (
              <section aria-label="Disclosures" className={classes.disclosures}>
                <Text fz="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
                  Disclosures
                </Text>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: core's renderer has raw HTML off */}
                <Text component="div" fz="xs" c="dimmed" dangerouslySetInnerHTML={{ __html: disclosures }} />
              </section>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {seesWorkflow && <ReportReleaseSection report={report} />}
            <Details report={report} />
            {seesWorkflow && <RevisionsSection report={report} mayRestore={editable} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
