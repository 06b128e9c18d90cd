import type { UserDetail } from "@folio/core"
import { Alert, Button, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { notifications } from "@mantine/notifications"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { auditKeys } from "../../../../api/audit"
import {
  revokeUserSession,
  revokeUserSessions,
  userKeys,
  userSessionsQueryOptions,
} from "../../../../api/users"
import { AlertIcon } from "../../../../components/icons"
import { ConfirmModal } from "../directory/ConfirmModal"
import { actionErrorText } from "../directory/forms"
import { InlineError, Section, SectionPending } from "../directory/layout"
import { useCanManage, useMe } from "../directory/permissions"
import { SessionList } from "../sessions/SessionList"

const sessionsLabel = (n: number) => (n === 1 ? "1 session" : `${n} sessions`)

/**
 * Where a person is signed in (browsers and CLI logins), for admins: the server lists them only
 * to `users.manage`. Admins can sign out one session or all of them; on their own page, the
 * session in use stays, as on /profile.
 */
export const UserSessionsSection = ({ user }: { readonly user: UserDetail }) => {
  const queryClient = useQueryClient()
  const me = useMe()
  const canRevoke = useCanManage("users.manage")
  const isMe = me.user.id === user.id
  const sessions = useQuery(userSessionsQueryOptions(user.id))
  const [confirming, confirm] = useDisclosure(false)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.sessions(user.id) }),
      queryClient.invalidateQueries({ queryKey: auditKeys.user(user.id) }),
    ])

  const one = useMutation({
    mutationFn: (sessionId: Parameters<typeof revokeUserSession>[1]) => revokeUserSession(user.id, sessionId),
    onSettled: refresh,
  })
  const all = useMutation({
    mutationFn: () => revokeUserSessions(user.id),
    onSuccess: async (revoked) => {
      await refresh()
      confirm.close()
      notifications.show({
        color: "teal",
        title: isMe ? "Signed out everywhere else" : `${user.name} is signed out everywhere`,
        message: `${sessionsLabel(revoked)} ended.`,
      })
    },
  })
  const others = (sessions.data ?? []).filter((session) => !session.current)

  return (
    <Section
      id="user-sessions"
      title="Sessions"
      description={
        isMe
          ? "Browsers and CLI logins on your account."
          : `Browsers and CLI logins of ${user.name}. API tokens are not sessions: they keep working.`
      }
      actions={
        canRevoke && others.length > 0 ? (
          <Button variant="default" color="red" size="xs" onClick={confirm.open}>
            {isMe ? "Sign out everywhere else" : "Sign out everywhere"}
          </Button>
        ) : undefined
      }
    >
      {sessions.isPending ? (
        <SectionPending label="Loading sessions…" rows={2} />
      ) : sessions.isError ? (
        <InlineError error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {user.status === "invited"
            ? `${user.name} has not signed in yet.`
            : `${user.name} is not signed in anywhere.`}
        </Text>
      ) : (
        <Stack gap="sm">
          {one.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign out">
              {actionErrorText(one.error)}
            </Alert>
          )}
          <SessionList
            sessions={sessions.data}
            {...(canRevoke ? { onRevoke: (sessionId) => one.mutate(sessionId) } : {})}
            revoking={one.isPending ? one.variables : undefined}
          />
        </Stack>
      )}
      {confirming && (
        <ConfirmModal
          opened={confirming}
          onClose={() => !all.isPending && confirm.close()}
          title={isMe ? "Sign out everywhere else?" : `Sign out ${user.name} everywhere?`}
          confirmLabel={isMe ? "Sign out others" : "Sign out everywhere"}
          danger
          pending={all.isPending}
          error={all.error}
          onConfirm={() => all.mutate()}
        >
          {isMe
            ? `${sessionsLabel(others.length)} will be signed out, including CLI logins. This device stays signed in.`
            : `${sessionsLabel(others.length)} of ${user.name} will end at once, including CLI logins. They can sign in again unless you disable them; their API tokens keep working.`}
        </ConfirmModal>
      )}
    </Section>
  )
}
