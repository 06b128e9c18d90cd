import type { Blackout, Release } from "@folio/core"
import { Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core"
import classes from "./Calendar.module.css"
import { ReleaseChip, useDropTarget } from "./ReleaseChip"
import { blackoutsDuring, byShownTime, shownTime } from "./releaseState"
import { addDays, dayKeyOf, formatDayKey, monthGrid, startOfDayIn, weekdayNames } from "./zone"

const shownPerDay = 3

/** Releases by the civil day (in the zone) they show on. */
export const releasesByDay = (
  releases: ReadonlyArray<Release>,
  zone: string,
): Map<string, Array<Release>> => {
  const days = new Map<string, Array<Release>>()
  for (const release of [...releases].sort(byShownTime)) {
    const key = dayKeyOf(shownTime(release), zone)
    const list = days.get(key)
    if (list) list.push(release)
    else days.set(key, [release])
  }
  return days
}

export const quietLabel = (blackouts: ReadonlyArray<Blackout>): string =>
  blackouts
    .map((b) => (b.ticker === null ? `Blackout: ${b.reason}` : `${b.ticker} blackout: ${b.reason}`))
    .join("\n")

const DayCell = ({
  day,
  month,
  today,
  releases,
  blackouts,
  zone,
  onShowDay,
}: {
  readonly day: string
  readonly month: string
  readonly today: string
  readonly releases: ReadonlyArray<Release>
  readonly blackouts: ReadonlyArray<Blackout>
  readonly zone: string
  readonly onShowDay: (day: string) => void
}) => {
  const drop = useDropTarget(day)
  const quiet = blackoutsDuring(blackouts, startOfDayIn(day, zone), startOfDayIn(addDays(day, 1), zone))
  const hidden = releases.length - shownPerDay
  const label = formatDayKey(day, "long")
  return (
    <td
      className={classes.cell}
      aria-label={`${label}${releases.length > 0 ? `, ${releases.length} release${releases.length === 1 ? "" : "s"}` : ""}${quiet.length > 0 ? ", blackout" : ""}`}
      data-outside={day.slice(0, 7) !== month || undefined}
      data-today={day === today || undefined}
      data-quiet={quiet.some((b) => b.ticker === null) || undefined}
      {...drop}
    >
      <div className={classes.cellBody}>
        <div className={classes.dayHead}>
          <span className={classes.dayNumber} aria-hidden="true">
            {Number(day.slice(8))}
          </span>
          {quiet.length > 0 && (
            <Tooltip label={quietLabel(quiet)} multiline maw={260} withinPortal>
              <span className={classes.quiet}>
                {quiet[0]?.ticker === null ? "Quiet" : (quiet[0]?.ticker ?? "")}
                <VisuallyHidden>: {quietLabel(quiet)}</VisuallyHidden>
              </span>
            </Tooltip>
          )}
        </div>
        {releases.slice(0, shownPerDay).map((release) => (
          <ReleaseChip key={release.reportId} release={release} />
        ))}
        {hidden > 0 && (
          <UnstyledButton className={classes.more} onClick={() => onShowDay(day)}>
            +{hidden} more
          </UnstyledButton>
        )}
      </div>
    </td>
  )
}

/** A month of whole weeks, Monday first; releases by day in the viewer's zone, blackout days shaded. */
export const MonthView = ({
  anchor,
  today,
  releases,
  blackouts,
  zone,
  onShowDay,
}: {
  readonly anchor: string
  readonly today: string
  readonly releases: ReadonlyArray<Release>
  readonly blackouts: ReadonlyArray<Blackout>
  readonly zone: string
  readonly onShowDay: (day: string) => void
}) => {
  const weeks = monthGrid(anchor)
  const byDay = releasesByDay(releases, zone)
  const names = weekdayNames("short")
  const month = anchor.slice(0, 7)
  return (
    <table className={classes.month} aria-label="Month">
      <thead>
        <tr>
          {names.map((name) => (
            <th key={name} className={classes.weekday} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <DayCell
                key={day}
                day={day}
                month={month}
                today={today}
                releases={byDay.get(day) ?? []}
                blackouts={blackouts}
                zone={zone}
                onShowDay={onShowDay}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
