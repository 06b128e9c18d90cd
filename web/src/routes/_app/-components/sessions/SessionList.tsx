import type { SessionId, SessionInfo } from "@folio/core"
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core"
import { TerminalIcon, UserIcon } from "../../../../components/icons"
import { formatDateTime, formatRelative } from "../directory/format"

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

/** The one in use first, then the most recently active. */
const ordered = (sessions: ReadonlyArray<SessionInfo>): ReadonlyArray<SessionInfo> =>
  [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  )

const nowrap = { whiteSpace: "nowrap" } as const

const SessionRow = ({
  session,
  onRevoke,
  revoking,
}: {
  readonly session: SessionInfo
  readonly onRevoke: (() => void) | undefined
  readonly revoking: boolean
}) => {
  const name = deviceName(session)
  const signedIn = formatDateTime(session.createdAt)
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={session.current ? `${name} (this device)` : name}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <div style={{ flex: "none", marginTop: 2 }}>
            {session.kind === "cli" ? <TerminalIcon size={20} /> : <UserIcon size={20} />}
          </div>
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} fz="sm" title={session.userAgent ?? undefined}>
                {name}
              </Text>
              {session.current && (
                <Badge color="teal" variant="light" radius="sm" tt="none">
                  This device
                </Badge>
              )}
            </Group>
            {/* Lines break between the facts, never inside one; each dot stays with the fact before it. */}
            <Text c="dimmed" fz="xs">
              <span style={nowrap}>{session.ip ?? "Unknown address"}&nbsp;·</span>{" "}
              <span style={nowrap}>Signed in {signedIn}&nbsp;·</span>{" "}
              <span style={nowrap} title={formatDateTime(session.lastSeenAt)}>
                Active {formatRelative(session.lastSeenAt)}
              </span>
            </Text>
          </div>
        </Group>
        {onRevoke !== undefined && !session.current && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            flex="none"
            loading={revoking}
            onClick={onRevoke}
            aria-label={`Sign out ${name}, signed in ${signedIn}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  )
}

/**
 * Signed-in sessions (browsers and CLI logins), the one in use first. Each but the current one
 * gets a "Sign out" button when `onRevoke` is given: leave it out for people who may only look.
 */
export const SessionList = ({
  sessions,
  onRevoke,
  revoking,
}: {
  readonly sessions: ReadonlyArray<SessionInfo>
  readonly onRevoke?: (sessionId: SessionId) => void
  /** The session being signed out right now, if any. */
  readonly revoking?: SessionId | undefined
}) => (
  <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
    {ordered(sessions).map((session) => (
      <SessionRow
        key={session.id}
        session={session}
        revoking={revoking === session.id}
        onRevoke={onRevoke === undefined ? undefined : () => onRevoke(session.id)}
      />
    ))}
  </Stack>
)
