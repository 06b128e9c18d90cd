import type { ConfigEntry } from "@folio/core"
import { Anchor, Badge, Code, Text } from "@mantine/core"
import { formatDateTime, formatRelative } from "../directory/format"

/**
 * Under each key, as one line that wraps like a sentence: its name, its default (known keys), who
 * changed it last and when, and undo or reset.
 */
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
  <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
    <Code fz="xs">{configKey}</Code>
    {defaultLabel !== undefined && <> · Default: {defaultLabel}</>} ·{" "}
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
    {edited ? (
      <>
        {" "}
        <Badge size="xs" variant="light" color="yellow" component="span">
          Unsaved
        </Badge>{" "}
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
        <>
          {" · "}
          <Anchor
            component="button"
            type="button"
            fz="xs"
            onClick={onReset}
            aria-label={`Reset ${configKey} to its default`}
          >
            Reset to default
          </Anchor>
        </>
      )
    )}
  </Text>
)
