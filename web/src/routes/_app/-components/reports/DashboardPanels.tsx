import { grantFor, type ReportListItem } from "@folio/core"
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core"
import { useQuery } from "@tanstack/react-query"
import type { ReportFilters } from "../../../../api/reports"
import { reportsPreviewQueryOptions } from "../../../../api/reports"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"
import { InlineError } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { ReportStatusBadge } from "./badges"
import type { ReportSearch } from "./search"

const Panel = ({
  id,
  title,
  filters,
  more,
  empty,
  when,
  showStatus = false,
}: {
  readonly id: string
  readonly title: string
  readonly filters: ReportFilters
  readonly more: ReportSearch
  readonly empty: string
  readonly when: (report: ReportListItem) => Date | null
  readonly showStatus?: boolean
}) => {
  const query = useQuery(reportsPreviewQueryOptions(filters, 5))
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        <AnchorLink to="/reports" search={more} fz="sm">
          View all
        </AnchorLink>
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={22} radius="sm" />
          ))}
        </Stack>
      ) : query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={8} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {query.data.items.map((report) => {
            const at = when(report)
            return (
              <Group key={report.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <AnchorLink
                  to="/reports/$reportId"
                  params={{ reportId: report.id }}
                  fz="sm"
                  fw={500}
                  truncate
                  miw={0}
                >
                  {report.title}
                </AnchorLink>
                <Group gap={6} wrap="nowrap">
                  {showStatus && <ReportStatusBadge status={report.status} />}
                  {at && (
                    <Text fz="xs" c="dimmed" title={formatDateTime(at)} style={{ whiteSpace: "nowrap" }}>
                      {formatRelative(at)}
                    </Text>
                  )}
                </Group>
              </Group>
            )
          })}
        </Stack>
      )}
    </Paper>
  )
}

/** The dashboard's report panels, by role: my drafts, the review queue, the latest published. */
export const ReportPanels = () => {
  const me = useMe()
  const role = me.user.role
  const writes = grantFor(role, "reports.create") !== "none"
  const reviews = grantFor(role, "reports.review") === "all"
  const reads = grantFor(role, "reports.read") !== "none"
  if (!reads) return null
  return (
    <SimpleGrid cols={{ base: 1, md: writes || reviews ? 2 : 1 }} spacing="lg">
      {writes && (
        <Panel
          id="dashboard-drafts"
          title="My drafts"
          filters={{ status: ["draft"], author: me.user.id }}
          more={{ status: "draft", author: me.user.id }}
          empty="No drafts. Start one from Reports › New report."
          when={(report) => report.updatedAt}
        />
      )}
      {reviews && (
        <Panel
          id="dashboard-review"
          title="Review queue"
          filters={{ status: ["in_review"] }}
          more={{ status: "in_review" }}
          empty="Nothing waits for review."
          when={(report) => report.updatedAt}
        />
      )}
      <Panel
        id="dashboard-latest"
        title="Latest reports"
        filters={{ status: ["published"], sort: "-publishedAt" }}
        more={{ status: writes ? "published" : undefined, sort: "-publishedAt" }}
        empty="No report has been published for you yet."
        when={(report) => report.publishedAt}
      />
    </SimpleGrid>
  )
}
