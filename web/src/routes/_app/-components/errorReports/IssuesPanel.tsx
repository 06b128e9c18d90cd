import type { ErrorIssue, ErrorIssueStatus } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Box, Button, Group, Loader, Stack, Table, Text, Tooltip } from "@mantine/core"
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query"
import { errorIssuesInfiniteQueryOptions } from "../../../../api/errorReports"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative, plural } from "../directory/format"
import { EmptyList, InlineError, LoadMore, SectionPending } from "../directory/layout"
import { SearchInput } from "../directory/SearchInput"
import classes from "./ErrorReports.module.css"
import { withoutOwnOrigin } from "./format"
import { issueStatusLabels } from "./IssueStatusBadge"

export const When = ({ at }: { readonly at: Date }) => (
  <Tooltip label={formatDateTime(at)} openDelay={300}>
    <Text component="time" dateTime={at.toISOString()} fz="sm" style={{ whiteSpace: "nowrap" }}>
      {formatRelative(at)}
    </Text>
  </Tooltip>
)

const Missing = () => (
  <Text component="span" c="dimmed" fz="sm">
    –
  </Text>
)

const emptyText: Record<ErrorIssueStatus, { title: string; description: string }> = {
  unresolved: {
    title: "No unresolved errors",
    description:
      "Errors people meet in the console show up here within seconds, grouped by type, message and the code that threw.",
  },
  resolved: {
    title: "No resolved issues",
    description: "Resolve an issue once it is fixed; it reopens by itself if the error comes back.",
  },
  ignored: {
    title: "No ignored issues",
    description: "Ignore an issue you do not mean to fix; its events are still counted.",
  },
}

const Culprit = ({ culprit }: { readonly culprit: string | null }) =>
  culprit === null ? null : (
    <Text ff="monospace" fz="xs" c="dimmed" truncate="end" title={culprit}>
      {withoutOwnOrigin(culprit)}
    </Text>
  )

const IssueLink = ({ issue }: { readonly issue: ErrorIssue }) => (
  <AnchorLink
    to="/developer/reports/$issueId"
    params={{ issueId: issue.id }}
    fw={600}
    fz="sm"
    className={classes.issueTitle}
  >
    {issue.type}
  </AnchorLink>
)

/** On a phone: one card per issue, the figures in a line under the message. */
const IssueCard = ({ issue }: { readonly issue: ErrorIssue }) => (
  <li className={classes.card}>
    <IssueLink issue={issue} />
    <Text fz="sm" lineClamp={3} style={{ overflowWrap: "anywhere" }}>
      {issue.message}
    </Text>
    <Culprit culprit={issue.culprit} />
    <Text fz="xs" c="dimmed" mt={4}>
      {plural(issue.count, "event")} · {plural(issue.usersAffected, "user")} · last seen{" "}
      {formatRelative(issue.lastSeen)}
      {issue.browser === null ? "" : ` · ${issue.browser}`}
    </Text>
  </li>
)

const IssueRow = ({ issue }: { readonly issue: ErrorIssue }) => (
  <Table.Tr>
    <Table.Td className={classes.issueCell}>
      <IssueLink issue={issue} />
      <Text fz="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
        {issue.message}
      </Text>
      <Culprit culprit={issue.culprit} />
    </Table.Td>
    <Table.Td ta="right" className={classes.number}>
      {issue.count.toLocaleString()}
    </Table.Td>
    <Table.Td ta="right" className={classes.number}>
      {issue.usersAffected.toLocaleString()}
    </Table.Td>
    <Table.Td>
      <When at={issue.firstSeen} />
    </Table.Td>
    <Table.Td>
      <When at={issue.lastSeen} />
    </Table.Td>
    <Table.Td>
      {issue.deploymentId === null ? (
        <Missing />
      ) : (
        <Text ff="monospace" fz="xs" truncate="end" maw="9rem" title={issue.deploymentId}>
          {issue.deploymentId}
        </Text>
      )}
    </Table.Td>
    <Table.Td>
      {issue.browser === null ? (
        <Missing />
      ) : (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {issue.browser}
        </Text>
      )}
    </Table.Td>
  </Table.Tr>
)

/** One status's issues: a search over type and message, and the table, most recently seen first. */
export const IssuesPanel = ({
  status,
  q,
  onSearch,
}: {
  readonly status: ErrorIssueStatus
  readonly q: string | undefined
  readonly onSearch: (q: string | undefined) => void
}) => {
  const query = useInfiniteQuery({
    ...errorIssuesInfiniteQueryOptions({ status, q }),
    // A new search keeps the rows up until its answer arrives.
    placeholderData: keepPreviousData,
  })
  const issues = query.data?.pages.flatMap((page) => page.items) ?? []
  const updating = query.isPlaceholderData
  const label = issueStatusLabels[status]

  return (
    <Stack gap="md">
      <Group component="search" aria-label="Search issues" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label="Search" placeholder="Type or message" value={q} onSearch={onSearch} />
        {updating && <Loader size="sm" mb={8} aria-label="Updating the list" />}
      </Group>
      {query.isPending ? (
        <SectionPending label="Loading issues…" rows={4} />
      ) : query.isError && query.data === undefined ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : issues.length === 0 ? (
        q !== undefined ? (
          <EmptyList
            title="No issue matches this search"
            description="The search looks at the error's type and message."
            action={
              <Button variant="default" onClick={() => onSearch(undefined)}>
                Clear search
              </Button>
            }
          />
        ) : (
          <EmptyList title={emptyText[status].title} description={emptyText[status].description} />
        )
      ) : (
        <>
          <Box component="ul" hiddenFrom="sm" className={classes.cards} aria-label={`${label} issues`}>
            {issues.map((issue) => (
              <IssueCard key={issue.id} issue={issue} />
            ))}
          </Box>
          <Table.ScrollContainer minWidth={820} visibleFrom="sm">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              aria-label={`${label} issues`}
              opacity={updating ? 0.6 : 1}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Issue</Table.Th>
                  <Table.Th ta="right">Events</Table.Th>
                  <Table.Th ta="right">Users</Table.Th>
                  <Table.Th>First seen</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Deployment</Table.Th>
                  <Table.Th>Browser</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {issues.map((issue) => (
                  <IssueRow key={issue.id} issue={issue} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore
            shown={issues.length}
            noun={pluralNoun(issues.length, "issue", "issues")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Stack>
  )
}
