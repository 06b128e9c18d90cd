import "@mantine/dates/styles.css"
import { Button, Group, Modal, Stack, Text } from "@mantine/core"
import { DateTimePicker } from "@mantine/dates"
import { type FormEvent, useState } from "react"
import { QuickPicks } from "./QuickPicks"
import { ReleaseErrorAlert } from "./ReleaseBlockedAlert"
import { type ReleaseTarget, useReschedule } from "./useReleaseActions"
import {
  addDays,
  dayKeyOf,
  formatDateTimeIn,
  instantOfPickerValue,
  pickerValueOf,
  weekdayOf,
  zoneLabel,
} from "./zone"

/** Quick picks, in the viewer's zone: the usual morning release slots. */
const presetsFor = (zone: string, now: Date) => {
  const today = dayKeyOf(now, zone)
  const tomorrow = addDays(today, 1)
  const nextMonday = addDays(today, 7 - weekdayOf(today))
  const inAnHour = new Date(Math.ceil((now.getTime() + 3_600_000) / 900_000) * 900_000)
  return [
    { value: pickerValueOf(inAnHour, zone), label: "In about an hour" },
    { value: `${tomorrow} 07:00:00`, label: "Tomorrow 07:00" },
    { value: `${tomorrow} 12:00:00`, label: "Tomorrow 12:00" },
    { value: `${nextMonday} 07:00:00`, label: "Next Monday 07:00" },
  ]
}

/**
 * Schedule a report, or move its release: a date and time in the viewer's zone (named), sent as
 * UTC. A blackout or restriction that refuses it is explained here, where the user asked.
 */
export const ScheduleDialog = ({
  opened,
  onClose,
  target,
  releaseAt,
  zone,
}: {
  readonly opened: boolean
  readonly onClose: () => void
  readonly target: ReleaseTarget
  readonly releaseAt: Date | null
  readonly zone: string
}) => {
  const mutation = useReschedule(zone)
  const [value, setValue] = useState<string | null>(releaseAt ? pickerValueOf(releaseAt, zone) : null)
  const [problem, setProblem] = useState<string | null>(null)
  const [shownFor, setShownFor] = useState<string | null>(null)
  // Each opening starts from the release's current time.
  const key = opened ? `${target.reportId}:${target.version}` : null
  if (key !== shownFor) {
    setShownFor(key)
    if (key !== null) {
      setValue(releaseAt ? pickerValueOf(releaseAt, zone) : null)
      setProblem(null)
      mutation.reset()
    }
  }
  const chosen = instantOfPickerValue(value, zone)
  const now = new Date()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (chosen === null) return setProblem("Pick a date and time")
    if (chosen.getTime() <= Date.now()) return setProblem("Pick a time in the future, or publish now instead")
    if (releaseAt !== null && chosen.getTime() === releaseAt.getTime()) return onClose()
    mutation.mutate({ target, releaseAt: chosen }, { onSuccess: onClose })
  }

  const dismiss = () => {
    if (!mutation.isPending) onClose()
  }

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={releaseAt === null ? "Schedule the release" : "Change the release time"}
      // Near the top, so the picker's calendar opens below the field with room to spare.
      yOffset="6dvh"
    >
      <form onSubmit={submit} noValidate aria-label="Release time">
        <Stack gap="md">
          <Text fz="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            “{target.title}”{releaseAt !== null && ` · now ${formatDateTimeIn(releaseAt, zone)}`}
          </Text>
          {mutation.isError && (
            <ReleaseErrorAlert
              error={mutation.error}
              title="Could not schedule"
              onClose={() => mutation.reset()}
            />
          )}
          <DateTimePicker
            label="Release time"
            description={`In your time zone: ${zoneLabel(zone, chosen ?? now)}`}
            placeholder="Pick a date and time"
            value={value}
            onChange={(next) => {
              setValue(next)
              setProblem(null)
              mutation.reset()
            }}
            valueFormat="ddd D MMM YYYY, HH:mm"
            minDate={dayKeyOf(now, zone)}
            timePickerProps={{ format: "24h" }}
            submitButtonProps={{ "aria-label": "Use this time" }}
            error={problem}
            data-autofocus
            popoverProps={{ withinPortal: true }}
          />
          <QuickPicks
            label="Quick picks"
            picks={presetsFor(zone, now)}
            onPick={(next) => {
              setValue(next)
              setProblem(null)
              mutation.reset()
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {releaseAt === null ? "Schedule" : "Save time"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
