import type { Blackout, Release } from "@folio/core"
import { Stack, Text, Title, VisuallyHidden } from "@mantine/core"
import { useEffect, useRef } from "react"
import { heldColor } from "./AgendaView"
import classes from "./Calendar.module.css"
import { quietLabel, releasesByDay } from "./MonthView"
import { ReleaseChip, useDropTarget } from "./ReleaseChip"
import { blackoutsDuring, shownTime } from "./releaseState"
import { addDays, formatDayKey, startOfDayIn, wallTimeOf, weekDays } from "./zone"

const hours = Array.from({ length: 24 }, (_, hour) => hour)
const firstShownHour = 6

const Slot = ({
  day,
  hour,
  today,
  quiet,
  releases,
}: {
  readonly day: string
  readonly hour: number
  readonly today: string
  readonly quiet: boolean
  readonly releases: ReadonlyArray<Release>
}) => {
  const drop = useDropTarget(day, hour)
  return (
    <td
      className={classes.slot}
      aria-label={`${formatDayKey(day)} ${String(hour).padStart(2, "0")}:00`}
      data-today={day === today || undefined}
      data-quiet={quiet || undefined}
      {...drop}
    >
      <div className={classes.cellBody}>
        {releases.map((release) => (
          <ReleaseChip key={release.reportId} release={release} />
        ))}
      </div>
    </td>
  )
}

/** Seven days by the hour (in the viewer's zone); drop a release on an hour to move it there. */
export const WeekView = ({
  anchor,
  today,
  releases,
  blackouts,
  zone,
}: {
  readonly anchor: string
  readonly today: string
  readonly releases: ReadonlyArray<Release>
  readonly blackouts: ReadonlyArray<Blackout>
  readonly zone: string
}) => {
  const days = weekDays(anchor)
  const byDay = releasesByDay(releases, zone)
  const scroller = useRef<HTMLDivElement>(null)
  // Open on the week's first release, or on the working day when it has none before then.
  const weekHours = days.flatMap((day) =>
    (byDay.get(day) ?? []).map((r) => wallTimeOf(shownTime(r), zone).hour),
  )
  const startHour = Math.min(firstShownHour, ...weekHours)
  useEffect(() => {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-hour="${startHour}"]`)
    if (scroller.current && row) scroller.current.scrollTop = row.offsetTop - 40
  }, [startHour])
  const quietOf = (day: string, hour?: number) => {
    const from = startOfDayIn(day, zone)
    const start = hour === undefined ? from : new Date(from.getTime() + hour * 3_600_000)
    const end =
      hour === undefined ? startOfDayIn(addDays(day, 1), zone) : new Date(start.getTime() + 3_600_000)
    return blackoutsDuring(blackouts, start, end)
  }
  return (
    <div className={classes.weekScroll} ref={scroller}>
      <table className={classes.week} aria-label="Week">
        <thead>
          <tr>
            <th className={classes.corner} scope="col">
              <VisuallyHidden>Hour</VisuallyHidden>
            </th>
            {days.map((day) => {
              const quiet = quietOf(day)
              return (
                <th
                  key={day}
                  className={classes.dayColumnHead}
                  scope="col"
                  data-today={day === today || undefined}
                  data-quiet={quiet.some((b) => b.ticker === null) || undefined}
                  title={quiet.length > 0 ? quietLabel(quiet) : undefined}
                >
                  <span className={classes.dayNumber}>{formatDayKey(day)}</span>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour) => (
            <tr key={hour}>
              <th className={classes.hour} scope="row" data-hour={hour}>
                {String(hour).padStart(2, "0")}:00
              </th>
              {days.map((day) => (
                <Slot
                  key={day}
                  day={day}
                  hour={hour}
                  today={today}
                  quiet={quietOf(day, hour).some((b) => b.ticker === null)}
                  releases={(byDay.get(day) ?? []).filter(
                    (release) => wallTimeOf(shownTime(release), zone).hour === hour,
                  )}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The week on a phone: one day after another, without the hour grid. */
export const WeekList = ({
  anchor,
  today,
  releases,
  blackouts,
  zone,
}: {
  readonly anchor: string
  readonly today: string
  readonly releases: ReadonlyArray<Release>
  readonly blackouts: ReadonlyArray<Blackout>
  readonly zone: string
}) => {
  const byDay = releasesByDay(releases, zone)
  return (
    <Stack gap="sm" className={classes.dayList}>
      {weekDays(anchor).map((day) => {
        const list = byDay.get(day) ?? []
        const quiet = blackoutsDuring(blackouts, startOfDayIn(day, zone), startOfDayIn(addDays(day, 1), zone))
        return (
          <section key={day} aria-label={formatDayKey(day, "long")}>
            <Title order={3} fz="sm" {...(day === today ? { c: "indigo" } : {})}>
              {formatDayKey(day)}
              {day === today && " · today"}
            </Title>
            {quiet.length > 0 && (
              <Text fz="xs" style={{ whiteSpace: "pre-line", color: heldColor }}>
                {quietLabel(quiet)}
              </Text>
            )}
            <Stack gap={4} mt={4}>
              {list.length === 0 ? (
                <Text fz="xs" c="dimmed">
                  No releases
                </Text>
              ) : (
                list.map((release) => <ReleaseChip key={release.reportId} release={release} />)
              )}
            </Stack>
          </section>
        )
      })}
    </Stack>
  )
}
