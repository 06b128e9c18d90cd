import { Button, Code, Group, Paper, Spoiler, Stack, Text } from "@mantine/core"
import type { ReactNode } from "react"

/**
 * One piece of work that failed for good: what it was, when and how often it was tried, its last
 * error (folded after a few lines), and a retry.
 */
export const FailedItem = ({
  label,
  title,
  facts,
  error,
  retrying,
  onRetry,
}: {
  /** The accessible name of the item and of its retry button. */
  readonly label: string
  readonly title: ReactNode
  readonly facts: ReactNode
  readonly error: string | null
  readonly retrying: boolean
  readonly onRetry: () => void
}) => (
  <Paper withBorder radius="md" p="sm" component="li" aria-label={label}>
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          {title}
          <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {facts}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          flex="none"
          loading={retrying}
          onClick={onRetry}
          aria-label={`Retry ${label}`}
        >
          Retry
        </Button>
      </Group>
      {error !== null && error !== "" && (
        <Spoiler maxHeight={60} showLabel="Show the whole error" hideLabel="Fold the error">
          <Code block fz="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {error}
          </Code>
        </Spoiler>
      )}
    </Stack>
  </Paper>
)
