import { Button, Group, Loader, Text, Tooltip } from "@mantine/core"
import { formatTime } from "../format"
import type { Saved, SaveStatus } from "./useReportSave"

/** Where saving stands, said in the header: saving, saved when, unsaved, or why it did not save. */
export const SaveIndicator = ({
  status,
  dirty,
  saved,
  isNew,
  autosave,
  onRetry,
}: {
  readonly status: SaveStatus
  readonly dirty: boolean
  readonly saved: Saved
  readonly isNew: boolean
  readonly autosave: boolean
  readonly onRetry: () => void
}) => {
  const content = (() => {
    switch (status.kind) {
      case "saving":
        return (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} />
            <span>Saving…</span>
          </Group>
        )
      case "invalid":
        return (
          <Text c="red" fz="sm">
            Not saved: check the highlighted fields
          </Text>
        )
      case "failed":
        return (
          <Group gap={6} wrap="nowrap">
            <Tooltip label={status.message} multiline w={280}>
              <Text c="red" fz="sm">
                Could not save
              </Text>
            </Tooltip>
            <Button size="compact-xs" variant="subtle" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        )
      case "conflict":
        return (
          <Text c="orange" fz="sm">
            Not saved: conflict
          </Text>
        )
      case "idle":
        if (dirty) return autosave ? "Unsaved changes…" : "Unsaved changes"
        if (isNew) return "Saved once it has a title and a sector"
        return saved.at === null ? "All changes saved" : `Saved · ${formatTime(saved.at)}`
    }
  })()
  return (
    <Text
      component="div"
      role="status"
      aria-live="polite"
      c="dimmed"
      fz="sm"
      style={{ whiteSpace: "nowrap" }}
    >
      {content}
    </Text>
  )
}
