import { lastDays } from "@folio/core"
import { Button, Group, TextInput } from "@mantine/core"
import { type FormEvent, useEffect, useState } from "react"
import { presetOf, rangePresets } from "./format"
import classes from "./RangePicker.module.css"
import { validDay } from "./search"

export interface Range {
  readonly from: string
  readonly to: string
}

/**
 * The range of the screen: the presets (the last 7, 30, 90 days or 12 months up to today), and a
 * custom range of two days, applied together (a date typed digit by digit is not asked for on the way).
 */
export const RangePicker = ({
  range,
  onChange,
}: {
  readonly range: Range
  readonly onChange: (range: Range) => void
}) => {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  // Another range from the URL (a preset, Back) shows in the fields.
  useEffect(() => {
    setFrom(range.from)
    setTo(range.to)
  }, [range.from, range.to])

  const active = presetOf(range)
  const fromDay = validDay(from)
  const toDay = validDay(to)
  const changed = from !== range.from || to !== range.to
  const apply = (event: FormEvent) => {
    event.preventDefault()
    if (fromDay === undefined || toDay === undefined) return
    onChange(toDay < fromDay ? { from: toDay, to: fromDay } : { from: fromDay, to: toDay })
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap={6} role="group" aria-label="Date range presets" wrap="nowrap">
        {rangePresets.map((preset) => {
          const pressed = active?.days === preset.days
          return (
            <Button
              key={preset.days}
              size="sm"
              className={classes.preset}
              variant={pressed ? "filled" : "default"}
              aria-pressed={pressed}
              onClick={() => onChange(lastDays(preset.days))}
            >
              {preset.label}
            </Button>
          )
        })}
      </Group>
      <Group
        component="form"
        gap={6}
        align="flex-end"
        wrap="wrap"
        onSubmit={apply}
        aria-label="Custom date range"
      >
        <TextInput
          type="date"
          size="sm"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={from !== "" && fromDay === undefined ? "Not a day" : undefined}
          w={150}
        />
        <TextInput
          type="date"
          size="sm"
          label="To"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={to !== "" && toDay === undefined ? "Not a day" : undefined}
          w={150}
        />
        <Button
          type="submit"
          size="sm"
          variant="default"
          disabled={!changed || fromDay === undefined || toDay === undefined}
        >
          Apply
        </Button>
      </Group>
    </Group>
  )
}
