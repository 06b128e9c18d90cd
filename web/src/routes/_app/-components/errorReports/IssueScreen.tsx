import type { ErrorIssueDetail, ErrorIssueId } from "@folio/core"
import { Grid, Stack, Table, Text } from "@mantine/core"
import { useDocumentTitle } from "@mantine/hooks"
import { useSuspenseQuery } from "@tanstack/react-query"
import { errorIssueQueryOptions } from "../../../../api/errorReports"
import { InfoList } from "../../../-components/InfoList"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime } from "../directory/format"
import { EmptyList, PageHeader, Section } from "../directory/layout"
import { useMe } from "../directory/permissions"
import { mayReadErrorReports } from "./access"
import { BreadcrumbTimeline } from "./BreadcrumbTimeline"
import classes from "./ErrorReports.module.css"
import { shortUrl, withoutOwnOrigin } from "./format"
import { IssueStatusActions } from "./IssueStatusActions"
import { IssueStatusBadge } from "./IssueStatusBadge"
import { When } from "./IssuesPanel"
import { NoAccess } from "./NoAccess"
import { StackTrace } from "./StackTrace"

const orDash = (value: string | null) =>
  value === null || value === "" ? (
    <Text component="span" c="dimmed" fz="sm">
      –
    </Text>
  ) : (
    value
  )

const Facts = ({ detail }: { readonly detail: ErrorIssueDetail }) => {
  const { issue, latestEvent } = detail
  return (
    <InfoList
      rows={[
        { label: "Events", value: <span className={classes.number}>{issue.count.toLocaleString()}</span> },
        {
          label: "Users affected",
          value: <span className={classes.number}>{issue.usersAffected.toLocaleString()}</span>,
        },
        { label: "First seen", value: formatDateTime(issue.firstSeen) },
        { label: "Last seen", value: formatDateTime(issue.lastSeen) },
        {
          label: "Deployment",
          value: issue.deploymentId === null ? orDash(null) : <code>{issue.deploymentId}</code>,
        },
        { label: "Browser", value: orDash(issue.browser) },
        { label: "System", value: orDash(latestEvent?.os ?? null) },
        { label: "Page", value: orDash(shortUrl(issue.url)) },
        {
          label: "Culprit",
          value: issue.culprit === null ? orDash(null) : <code>{withoutOwnOrigin(issue.culprit)}</code>,
        },
        { label: "Level", value: issue.level },
      ]}
    />
  )
}

const RecentEvents = ({ events }: { readonly events: ErrorIssueDetail["recentEvents"] }) =>
  events.length === 0 ? (
    <Text fz="sm" c="dimmed">
      No events are kept for this issue any more (they expire with the retention period).
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Recent events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>Deployment</Table.Th>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Page</Table.Th>
            <Table.Th>Event</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.eventId}>
              <Table.Td>
                <When at={event.receivedAt} />
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" fz="xs">
                  {event.deploymentId ?? "–"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{event.browser ?? "–"}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                  {shortUrl(event.url) ?? "–"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" fz="xs" title={event.eventId}>
                  {event.eventId.slice(0, 8)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )

/** One issue: what threw and where, what led to it, how often and for whom; resolve, ignore or reopen. */
export const IssueScreen = ({ issueId }: { readonly issueId: ErrorIssueId }) => {
  const me = useMe()
  return mayReadErrorReports(me) ? <IssueDetail issueId={issueId} /> : <NoAccess />
}

const IssueDetail = ({ issueId }: { readonly issueId: ErrorIssueId }) => {
  const { data: detail } = useSuspenseQuery(errorIssueQueryOptions(issueId))
  const { issue, latestEvent } = detail
  useDocumentTitle(`${issue.type} · Error reports · Folio`)

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={issue.type}
        badges={<IssueStatusBadge status={issue.status} />}
        description={<span style={{ overflowWrap: "anywhere" }}>{issue.message}</span>}
        crumbs={[
          <AnchorLink key="developer" to="/developer" fz="sm">
            Developer
          </AnchorLink>,
          <AnchorLink
            key="reports"
            to="/developer/reports"
            search={issue.status === "unresolved" ? {} : { tab: issue.status }}
            fz="sm"
          >
            Error reports
          </AnchorLink>,
        ]}
        actions={<IssueStatusActions issue={issue} />}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} miw={0}>
          <Stack gap="lg">
            <Section
              id="stack-trace"
              title="Stack trace"
              description={
                latestEvent === null
                  ? undefined
                  : `Latest event, received ${formatDateTime(latestEvent.receivedAt)}.`
              }
            >
              {latestEvent === null ? (
                <EmptyList
                  title="No event kept"
                  description="The events of this issue have expired with the retention period."
                />
              ) : (
                <StackTrace exceptions={latestEvent.exceptions} />
              )}
            </Section>
            <Section
              id="breadcrumbs"
              title="Breadcrumbs"
              description="What happened in the browser before the error."
            >
              <BreadcrumbTimeline breadcrumbs={latestEvent?.breadcrumbs ?? []} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} miw={0}>
          <Section id="issue-facts" title="Details">
            <Facts detail={detail} />
          </Section>
        </Grid.Col>
      </Grid>
      <Section id="recent-events" title="Recent events" description="The latest 20, newest first.">
        <RecentEvents events={detail.recentEvents} />
      </Section>
    </Stack>
  )
}
