import type { ActiveSession } from "@folio/core"
import { pluralNoun } from "@folio/core"
import { Badge, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { controlPanelKeys } from "../../../../api/controlPanel"
import { activeSessionsInfiniteQueryOptions } from "../../../../api/controlPanelLists"
import { revokeUserSession, revokeUserSessions } from "../../../../api/users"
import { TerminalIcon, UserIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { formatDateTime, formatRelative, plural } from "../directory/format"
import { actionErrorText } from "../directory/forms"
import { EmptyList, InlineError, LoadMore, Section, SectionPending } from "../directory/layout"
import { SearchInput } from "../directory/SearchInput"
import { deviceName } from "../sessions/SessionList"

const nowrap = { whiteSpace: "nowrap" } as const

const SessionItem = ({
  session,
  revoking,
  onRevoke,
  onRevokeAll,
}: {
  readonly session: ActiveSession
  readonly revoking: boolean
  readonly onRevoke: () => void
  readonly onRevokeAll: () => void
}) => {
  const device = deviceName(session)
  const label = `${session.userName}, ${device}, signed in ${formatDateTime(session.createdAt)}`
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: "1 1 16rem" }}>
          <div style={{ flex: "none", marginTop: 2 }} aria-hidden="true">
            {session.kind === "cli" ? <TerminalIcon size={20} /> : <UserIcon size={20} />}
          </div>
          <Stack gap={2} miw={0}>
            <Group gap={6}>
              <Text fw={600} fz="sm">
                {session.userName}
              </Text>
              {session.current && (
                <Badge color="teal" variant="light" radius="sm" tt="none">
                  This session
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {session.userEmail} · {session.companyName}
            </Text>
            <Text fz="xs" c="dimmed">
              <span style={nowrap} title={session.userAgent ?? undefined}>
                {device}&nbsp;·
              </span>{" "}
              <span style={nowrap}>{session.ip ?? "Unknown address"}&nbsp;·</span>{" "}
              <span style={nowrap}>Signed in {formatDateTime(session.createdAt)}&nbsp;·</span>{" "}
              <span style={nowrap} title={formatDateTime(session.lastSeenAt)}>
                Active {formatRelative(session.lastSeenAt)}
              </span>
            </Text>
          </Stack>
        </Group>
        {!session.current && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoking}
              onClick={onRevoke}
              aria-label={`Sign out ${label}`}
            >
              Sign out
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onRevokeAll}
              aria-label={`Sign out ${session.userName} everywhere`}
            >
              All of theirs
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  )
}

/**
 * Every live session across users (browsers and CLI logins), most recently active first, with a
 * search by person; ending one or all of a person's goes through the users API and is audited.
 */
export const SessionsPanel = ({
  q,
  onSearch,
}: {
  readonly q: string | undefined
  readonly onSearch: (q: string | undefined) => void
}) => {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(activeSessionsInfiniteQueryOptions(q))
  const sessions = query.data?.pages.flatMap((page) => page.items) ?? []
  const [everywhere, setEverywhere] = useState<ActiveSession | null>(null)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: controlPanelKeys.sessions() }),
      queryClient.invalidateQueries({ queryKey: controlPanelKeys.audit() }),
    ])
  const one = useMutation({
    mutationFn: (session: ActiveSession) => revokeUserSession(session.userId, session.id),
    onSuccess: async (_, session) => {
      await refresh()
      notifications.show({
        color: "teal",
        title: "Signed out",
        message: `${session.userName}'s ${deviceName(session)} session has ended.`,
      })
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Not signed out", message: actionErrorText(error) }),
  })
  const all = useMutation({
    mutationFn: (session: ActiveSession) => revokeUserSessions(session.userId),
    onSuccess: async (revoked, session) => {
      await refresh()
      setEverywhere(null)
      notifications.show({
        color: "teal",
        title: `${session.userName} is signed out everywhere`,
        message: `${plural(revoked, "session")} ended.`,
      })
    },
  })
  return (
    <Section
      id="sessions"
      title="Active sessions"
      description="Everyone signed in, in a browser or with the CLI, most recently active first. API tokens are not sessions and keep working."
    >
      <Group component="search" aria-label="Find sessions" mb="md" gap="sm" align="flex-end">
        <SearchInput value={q} onSearch={onSearch} label="Person" placeholder="Email or name" />
        {query.isFetching && !query.isPending && !query.isFetchingNextPage && (
          <Loader size="sm" mb={8} aria-label="Updating sessions" />
        )}
      </Group>
      {query.isPending ? (
        <SectionPending label="Loading sessions…" rows={3} />
      ) : query.isError && sessions.length === 0 ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : sessions.length === 0 ? (
        q === undefined ? (
          <EmptyList title="Nobody is signed in" />
        ) : (
          <EmptyList
            title="No session matches"
            description={`Nobody whose email or name holds “${q}” is signed in.`}
            action={
              <Button variant="default" onClick={() => onSearch(undefined)}>
                Show everyone
              </Button>
            }
          />
        )
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                revoking={one.isPending && one.variables?.id === session.id}
                onRevoke={() => one.mutate(session)}
                onRevokeAll={() => setEverywhere(session)}
              />
            ))}
          </Stack>
          <LoadMore
            shown={sessions.length}
            noun={pluralNoun(sessions.length, "session", "sessions")}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
      <ConfirmModal
        opened={everywhere !== null}
        onClose={() => {
          if (all.isPending) return
          all.reset()
          setEverywhere(null)
        }}
        title={`Sign out ${everywhere?.userName ?? ""} everywhere?`}
        confirmLabel="Sign out everywhere"
        danger
        pending={all.isPending}
        error={all.error}
        onConfirm={() => everywhere && all.mutate(everywhere)}
      >
        {`Every session of ${everywhere?.userName ?? ""} (${everywhere?.userEmail ?? ""}) ends at once, CLI logins included. They can sign in again unless you disable them; their API tokens keep working.`}
      </ConfirmModal>
    </Section>
  )
}
