import { Group, Paper, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"

/** One line of a figure card: a label and its value, the value emphasised when it needs attention. */
export const FigureLine = ({
  label,
  value,
  alert = false,
}: {
  readonly label: string
  readonly value: ReactNode
  readonly alert?: boolean
}) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text fz="sm" c="dimmed">
      {label}
    </Text>
    <Text
      fz="sm"
      fw={alert ? 700 : 500}
      {...(alert ? { c: "red" } : {})}
      ta="right"
      style={{ minWidth: 0 }}
      truncate
    >
      {value}
    </Text>
  </Group>
)

/**
 * A card of the health section: what it measures, its headline figure, and the lines under it.
 * Announced as a group by its title, so a screen reader hears which figure a number belongs to.
 */
export const Figure = ({
  id,
  title,
  headline,
  status,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly headline: ReactNode
  readonly status?: ReactNode
  readonly children?: ReactNode
}) => (
  <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Title order={3} fz="sm" fw={600} c="dimmed" id={id}>
          {title}
        </Title>
        {status}
      </Group>
      <Text fz={26} fw={700} lh={1.1} style={{ overflowWrap: "anywhere" }}>
        {headline}
      </Text>
      {children}
    </Stack>
  </Paper>
)
