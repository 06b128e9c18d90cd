import { Button, Group } from "@mantine/core"

export interface QuickPick {
  /** The DateTimePicker's wall-clock value, `YYYY-MM-DD HH:mm:ss`. */
  readonly value: string
  readonly label: string
}

/**
 * The usual times as one-click buttons under a DateTimePicker (its own presets column would make
 * its dropdown wider than a phone).
 */
export const QuickPicks = ({
  picks,
  label,
  onPick,
}: {
  readonly picks: ReadonlyArray<QuickPick>
  readonly label: string
  readonly onPick: (value: string) => void
}) =>
  picks.length === 0 ? null : (
    <Group gap={6} role="group" aria-label={label} mt={-4}>
      {picks.map((pick) => (
        <Button key={pick.label} size="compact-xs" variant="light" onClick={() => onPick(pick.value)}>
          {pick.label}
        </Button>
      ))}
    </Group>
  )
