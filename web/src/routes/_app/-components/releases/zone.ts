/**
 * Release times cross the wire in UTC and are shown in the viewer's time zone, named. These
 * helpers turn an instant into the wall-clock time of a zone and back, and do calendar arithmetic
 * on civil days (`YYYY-MM-DD`), which are the same everywhere.
 */

import { civil } from "./dayKey"

export interface WallTime {
  readonly year: number
  /** 1–12 */
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The zone times are shown in: the user's profile zone when it is a real one, else the browser's. */
export const viewerTimeZone = (profileZone: string | null | undefined): string =>
  profileZone && isTimeZone(profileZone) ? profileZone : browserTimeZone()

const formatters = new Map<string, Intl.DateTimeFormat>()
const cached = (key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat => {
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

export const wallTimeOf = (date: Date, zone: string): WallTime => {
  const formatter = cached(
    `parts:${zone}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  )
  const parts: Record<string, number> = {}
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

const asUtc = (wall: WallTime): number =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, zone: string): number =>
  asUtc(wallTimeOf(new Date(instant), zone)) - Math.floor(instant / 1000) * 1000

/**
 * The instant at which the zone's clocks show `wall`. A time skipped by a DST change lands just
 * after the gap; a time shown twice is its first occurrence.
 */
export const instantOf = (wall: WallTime, zone: string): Date => {
  const guess = asUtc(wall)
  // A zone changes its offset at most once in a day: the offsets a day either side cover both.
  const offsets = [
    offsetAt(guess - 86_400_000, zone),
    offsetAt(guess, zone),
    offsetAt(guess + 86_400_000, zone),
  ]
  const valid = offsets.map((offset) => guess - offset).filter((at) => offsetAt(at, zone) === guess - at)
  return new Date(valid.length > 0 ? Math.min(...valid) : guess - Math.min(...offsets))
}

// Civil days as `YYYY-MM-DD`.

const pad = (value: number, size = 2) => String(value).padStart(size, "0")

export const dayKeyOfWall = (wall: Pick<WallTime, "year" | "month" | "day">): string =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`

export const dayKeyOf = (date: Date, zone: string): string => dayKeyOfWall(wallTimeOf(date, zone))

export { isDayKey } from "./dayKey"

export const addDays = (key: string, days: number): string =>
  new Date(civil(key).getTime() + days * 86_400_000).toISOString().slice(0, 10)

export const dayParts = (
  key: string,
): { readonly year: number; readonly month: number; readonly day: number } => {
  const date = civil(key)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (key: string): number => (civil(key).getUTCDay() + 6) % 7

/** The Monday of the week holding `key`. */
export const startOfWeek = (key: string): string => addDays(key, -weekdayOf(key))

export const startOfMonth = (key: string): string => `${key.slice(0, 7)}-01`

export const addMonths = (key: string, months: number): string => {
  const { year, month } = dayParts(key)
  const date = new Date(Date.UTC(year, month - 1 + months, 1))
  return date.toISOString().slice(0, 10)
}

/** The days a month view shows: whole weeks, Monday first, from the week of the 1st to that of the last. */
export const monthGrid = (key: string): ReadonlyArray<ReadonlyArray<string>> => {
  const first = startOfMonth(key)
  const last = addDays(addMonths(first, 1), -1)
  const weeks: Array<Array<string>> = []
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(monday, index)))
  }
  return weeks
}

export const weekDays = (key: string): ReadonlyArray<string> =>
  Array.from({ length: 7 }, (_, index) => addDays(startOfWeek(key), index))

/** The instant a civil day starts in the zone. */
export const startOfDayIn = (key: string, zone: string): Date =>
  instantOf({ ...dayParts(key), hour: 0, minute: 0, second: 0 }, zone)

/** The same wall-clock time on another day (and, when given, at another hour). */
export const moveToDay = (date: Date, key: string, zone: string, hour?: number): Date => {
  const wall = wallTimeOf(date, zone)
  return instantOf({ ...dayParts(key), hour: hour ?? wall.hour, minute: wall.minute, second: 0 }, zone)
}

// Words.

/** "Europe/London (GMT+1)", or "UTC". */
export const zoneLabel = (zone: string, at: Date = new Date()): string => {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC"
  const short = cached(
    `name:${zone}`,
    () => new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }),
  )
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value
  return short && short !== zone ? `${zone.replaceAll("_", " ")} (${short})` : zone.replaceAll("_", " ")
}

export const formatTimeIn = (date: Date, zone: string): string =>
  cached(
    `time:${zone}`,
    () => new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: "2-digit", minute: "2-digit" }),
  ).format(date)

export const formatDateTimeIn = (date: Date, zone: string): string =>
  cached(
    `datetime:${zone}`,
    () =>
      new Intl.DateTimeFormat(undefined, {
        timeZone: zone,
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }),
  ).format(date)

/** "Mon 3 Aug" for a civil day. */
export const formatDayKey = (key: string, style: "short" | "long" = "short"): string =>
  cached(
    `day:${style}`,
    () =>
      new Intl.DateTimeFormat(undefined, {
        timeZone: "UTC",
        weekday: style,
        day: "numeric",
        month: style === "long" ? "long" : "short",
        ...(style === "long" ? { year: "numeric" } : {}),
      }),
  ).format(civil(key))

export const formatMonth = (key: string): string =>
  cached(
    "month",
    () => new Intl.DateTimeFormat(undefined, { timeZone: "UTC", month: "long", year: "numeric" }),
  ).format(civil(key))

export const weekdayNames = (style: "short" | "narrow" = "short"): ReadonlyArray<string> =>
  weekDays("2024-01-01").map((key) =>
    cached(
      `weekday:${style}`,
      () => new Intl.DateTimeFormat(undefined, { timeZone: "UTC", weekday: style }),
    ).format(civil(key)),
  )

/** The DateTimePicker's wall-clock string (`YYYY-MM-DD HH:mm:ss`) for an instant, in the zone. */
export const pickerValueOf = (date: Date, zone: string): string => {
  const wall = wallTimeOf(date, zone)
  return `${dayKeyOfWall(wall)} ${pad(wall.hour)}:${pad(wall.minute)}:00`
}

/** The instant a DateTimePicker's wall-clock string means in the zone; null when it is not one. */
export const instantOfPickerValue = (value: string | null, zone: string): Date | null => {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value)
  if (match === null) return null
  const [, year, month, day, hour, minute, second] = match
  return instantOf(
    {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second ?? 0),
    },
    zone,
  )
}
