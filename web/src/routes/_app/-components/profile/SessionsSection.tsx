import type { SessionInfo } from "@folio/core"
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import {
  profileKeys,
  revokeOtherSessions,
  revokeSession,
  sessionsQueryOptions,
} from "../../../../api/profile"
import { AlertIcon, TerminalIcon, UserIcon } from "../../../../components/icons"
import { describeError } from "../../../../errors/describeError"
import { formatDateTime, formatRelative } from "../developer/dates"
import { Section } from "./Section"

/** "Chrome on Linux" from a user agent; good enough to recognise one's own devices. */
export const deviceName = (session: SessionInfo): string => {
  if (session.kind === "cli") return "Folio CLI"
  const agent = session.userAgent ?? ""
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser"
  const system = /Windows/.test(agent)
    ? "Windows"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Android/.test(agent)
        ? "Android"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : undefined
  return system === undefined ? browser : `${browser} on ${system}`
}

const SessionRow = ({
  session,
  onRevoke,
  revoking,
}: {
  readonly session: SessionInfo
  readonly onRevoke: () => void
  readonly revoking: boolean
}) => {
  const name = deviceName(session)
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={session.current ? `${name} (this device)` : name}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {session.kind === "cli" ? <TerminalIcon size={20} /> : <UserIcon size={20} />}
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} fz="sm">
                {name}
              </Text>
              {session.current && (
                <Badge color="teal" variant="light" radius="sm" tt="none">
                  This device
                </Badge>
              )}
            </Group>
            <Text c="dimmed" fz="xs" truncate>
              {session.ip ?? "Unknown address"} · Signed in {formatDateTime(session.createdAt)} · Active{" "}
              <span title={formatDateTime(session.lastSeenAt)}>{formatRelative(session.lastSeenAt)}</span>
            </Text>
          </div>
        </Group>
        {!session.current && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={revoking}
            onClick={onRevoke}
            aria-label={`Sign out ${name}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  )
}

export const SessionsSection = () => {
  const queryClient = useQueryClient()
  const { data: sessions } = useSuspenseQuery(sessionsQueryOptions())
  const [confirming, confirm] = useDisclosure(false)
  const others = sessions.filter((session) => !session.current)
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })

  const one = useMutation({ mutationFn: revokeSession, onSettled: refresh })
  const rest = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: async () => {
      await refresh()
      confirm.close()
    },
  })
  const error = one.error ?? rest.error
  // The one in use first, then the most recently active.
  const ordered = [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  )

  return (
    <Section
      title="Where you are signed in"
      description="Browsers and CLI logins on your account. Sign out any you do not recognise."
    >
      <Stack gap="sm">
        {error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title="Could not sign out">
            {describeError(error, window.location.host).text}
          </Alert>
        )}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
          {ordered.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              revoking={one.isPending && one.variables === session.id}
              onRevoke={() => one.mutate(session.id)}
            />
          ))}
        </Stack>
        {others.length === 0 ? (
          <Text c="dimmed" fz="sm">
            You are not signed in anywhere else.
          </Text>
        ) : (
          <Group>
            <Button variant="default" color="red" onClick={confirm.open}>
              Sign out everywhere else
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title="Sign out everywhere else?" centered>
        <Stack gap="md">
          <Text fz="sm">
            {others.length === 1 ? "1 other session" : `${others.length} other sessions`} will be signed out,
            including CLI logins. This device stays signed in.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={rest.isPending} onClick={() => rest.mutate()}>
              Sign out others
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  )
}
