import type { ConfigEntry } from "@folio/core"
import { Anchor, Badge, Code, Group, Text } from "@mantine/core"
import { formatDateTime, formatRelative } from "../directory/format"

/** Under each key: its name, its default (known keys), who changed it last and when, and undo. */
export const KeyMeta = ({
  configKey,
  entry,
  defaultLabel,
  edited,
  onUndo,
  onReset,
}: {
  readonly configKey: string
  readonly entry: ConfigEntry | undefined
  /** A known key's default as said ("on", "300"); absent for a free key. */
  readonly defaultLabel?: string | undefined
  readonly edited: boolean
  readonly onUndo: () => void
  /** Puts the default back; absent when the key holds its default already. */
  readonly onReset?: (() => void) | undefined
}) => (
  <Group gap={6} wrap="wrap" fz="xs" c="dimmed">
    <Code fz="xs">{configKey}</Code>
    {defaultLabel !== undefined && <Text fz="xs">· Default: {defaultLabel}</Text>}
    <Text fz="xs">
      ·{" "}
      {entry?.updatedBy != null && entry.updatedAt !== null ? (
        <>
          Changed by {entry.updatedBy}{" "}
          <time dateTime={entry.updatedAt.toISOString()} title={formatDateTime(entry.updatedAt)}>
            {formatRelative(entry.updatedAt)}
          </time>
        </>
      ) : (
        "Never changed"
      )}
    </Text>
    {edited ? (
      <>
        <Badge size="xs" variant="light" color="yellow">
          Unsaved
        </Badge>
        <Anchor
          component="button"
          type="button"
          fz="xs"
          onClick={onUndo}
          aria-label={`Undo the change to ${configKey}`}
        >
          Undo
        </Anchor>
      </>
    ) : (
      onReset !== undefined && (
        <Anchor
          component="button"
          type="button"
          fz="xs"
          onClick={onReset}
          aria-label={`Reset ${configKey} to its default`}
        >
          Reset to default
        </Anchor>
      )
    )}
  </Group>
)
