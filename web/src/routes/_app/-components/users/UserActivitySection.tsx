import type { AuditEntry, UserDetail } from "@folio/core"
import { Box, Text } from "@mantine/core"
import { useInfiniteQuery } from "@tanstack/react-query"
import { Fragment } from "react"
import { userActivityInfiniteQueryOptions } from "../../../../api/audit"
import { AnchorLink } from "../directory/AnchorLink"
import { formatDateTime, formatRelative } from "../directory/format"
import { InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { type ActivityPart, activityText, describeActivity } from "./activity"
import classes from "./UserActivitySection.module.css"

/** A link inside a sentence is underlined: colour alone does not set it apart from the words around it. */
const Part = ({ part }: { readonly part: ActivityPart }) => {
  if (typeof part === "string") return part
  switch (part.link) {
    case "user":
      return (
        <AnchorLink to="/users/$userId" params={{ userId: part.id }} fz="sm" underline="always">
          {part.label}
        </AnchorLink>
      )
    case "team":
      return (
        <AnchorLink
          to="/companies/$companyId/teams/$teamId"
          params={{ companyId: part.companyId, teamId: part.id }}
          fz="sm"
          underline="always"
        >
          {part.label}
        </AnchorLink>
      )
    case "company":
      return (
        <AnchorLink to="/companies/$companyId" params={{ companyId: part.id }} fz="sm" underline="always">
          {part.label}
        </AnchorLink>
      )
  }
}

const ActivityItem = ({ entry, user }: { readonly entry: AuditEntry; readonly user: UserDetail }) => {
  const activity = describeActivity(entry, user)
  return (
    <li className={classes.item} aria-label={activityText(activity)}>
      <span className={classes.dot} aria-hidden="true" />
      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
        <Text span fw={600} fz="sm">
          <Part part={activity.actor} />
        </Text>
        {activity.parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Fragment key={index}>
            {" "}
            <Part part={part} />
          </Fragment>
        ))}
      </Text>
      <Text c="dimmed" fz="xs">
        <time dateTime={entry.at.toISOString()} title={formatDateTime(entry.at)}>
          {formatRelative(entry.at)}
        </time>
        {entry.ip !== null && ` · ${entry.ip}`}
      </Text>
    </li>
  )
}

/**
 * What a person did and what was done to their account, newest first, from the audit trail
 * (admins only: the server answers `audit.read`). "Show more" follows the keyset cursor.
 */
export const UserActivitySection = ({ user }: { readonly user: UserDetail }) => {
  const activity = useInfiniteQuery(userActivityInfiniteQueryOptions(user.id))
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Section
      id="user-activity"
      title="Recent activity"
      description={`Sign-ins and changes by or to ${user.name}, from the audit log.`}
    >
      {activity.isPending ? (
        <SectionPending label="Loading activity…" />
      ) : activity.isError && entries.length === 0 ? (
        <InlineError error={activity.error} onRetry={() => activity.refetch()} />
      ) : entries.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing recorded yet.
        </Text>
      ) : (
        <Box>
          <ol className={classes.timeline} aria-label="Activity">
            {entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} user={user} />
            ))}
          </ol>
          {activity.hasNextPage && (
            <LoadMore
              shown={entries.length}
              noun="events"
              hasMore
              loading={activity.isFetchingNextPage}
              error={activity.isFetchNextPageError ? activity.error : null}
              onLoadMore={() => activity.fetchNextPage()}
            />
          )}
        </Box>
      )}
    </Section>
  )
}
