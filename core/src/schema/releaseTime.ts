import { Either } from "effect"

/**
 * Release times as people write them: an ISO 8601 instant with its offset (`Z`, `+01:00`), or a
 * local time and an IANA zone (`2026-12-01 09:00 Europe/London`), converted to UTC with Intl —
 * browser-safe, so the console, the CLI and schedule files read a time the same way. A local time
 * the clocks skip, or one they repeat, is refused naming the offsets to choose from.
 */

interface WallTime {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly millisecond: number
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0")

const wallText = (wall: WallTime): string =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}${wall.second === 0 ? "" : `:${pad(wall.second)}`}`

/** `2026-12-01T09:00`, with seconds when asked or when they are not zero. */
const isoWall = (wall: WallTime, seconds = false): string =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}${seconds || wall.second !== 0 ? `:${pad(wall.second)}` : ""}`

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()

const validWall = (wall: WallTime): boolean =>
  wall.month >= 1 &&
  wall.month <= 12 &&
  wall.day >= 1 &&
  wall.day <= daysInMonth(wall.year, wall.month) &&
  wall.hour <= 23 &&
  wall.minute <= 59 &&
  wall.second <= 59

/** Date.UTC without its two-digit-year quirk (years 0–99 would become 1900–1999). */
const utcOf = (wall: WallTime): number => {
  const date = new Date(0)
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day)
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond)
  return date.getTime()
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** A formatter for `zone`, or undefined when Intl does not know the zone. */
const formatterFor = (zone: string): Intl.DateTimeFormat | undefined => {
  const cached = formatters.get(zone)
  if (cached) return cached
  let formatter: Intl.DateTimeFormat
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      era: "short",
    })
  } catch {
    return undefined
  }
  formatters.set(zone, formatter)
  return formatter
}

/** The wall-clock time in the formatter's zone at instant `t` (whole seconds). */
const wallAt = (formatter: Intl.DateTimeFormat, t: number): WallTime => {
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(new Date(t))) parts[part.type] = part.value
  const year = Number(parts.year)
  return {
    year: parts.era === "BC" ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: 0,
  }
}

/** The zone's offset from UTC at instant `t`, in milliseconds (east positive). */
const offsetAt = (formatter: Intl.DateTimeFormat, t: number): number => {
  const whole = Math.floor(t / 1000) * 1000
  return utcOf(wallAt(formatter, whole)) - whole
}

const offsetText = (offsetMs: number): string => {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000)
  return `${offsetMs < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/**
 * The instants at which `zone`'s clocks show `wall`: one normally, none in a spring-forward gap,
 * two in a fall-back overlap. Each candidate offset is one the zone uses within a day of the
 * time (a zone never changes its offset twice in two days), and a candidate counts only when the
 * clock really shows `wall` then.
 */
const instantsOf = (formatter: Intl.DateTimeFormat, wall: WallTime): ReadonlyArray<number> => {
  const naive = utcOf(wall)
  const offsets = new Set<number>()
  for (const probe of [naive - 86_400_000, naive, naive + 86_400_000]) {
    const first = offsetAt(formatter, probe)
    offsets.add(first)
    // One more step from the first guess: where that offset lands may use another offset.
    offsets.add(offsetAt(formatter, naive - first))
  }
  const wallMs = utcOf({ ...wall, millisecond: 0 })
  const found = new Set<number>()
  for (const offset of offsets) {
    const t = naive - offset
    if (utcOf(wallAt(formatter, t - wall.millisecond)) === wallMs) found.add(t)
  }
  return [...found].sort((a, b) => a - b)
}

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/
const zonedPattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s+([A-Za-z][A-Za-z0-9_+\-/]*)$/

const wallOf = (match: RegExpExecArray): WallTime => ({
  year: Number(match[1]),
  month: Number(match[2]),
  day: Number(match[3]),
  hour: Number(match[4]),
  minute: Number(match[5]),
  second: Number(match[6] ?? 0),
  millisecond: Math.floor(Number(`0.${match[7] ?? "0"}`) * 1000),
})

const defaultExample = {
  year: 2026,
  month: 12,
  day: 1,
  hour: 9,
  minute: 0,
  second: 0,
  millisecond: 0,
} satisfies WallTime

/** The three forms a time may take, shown with the user's own date and time when it has one. */
const examples = (wall: WallTime = defaultExample): string =>
  `${isoWall(wall, true)}Z, ${isoWall(wall)}+01:00 or "${wallText(wall)} Europe/London"`

/**
 * Reads a release time as a person writes it: `2026-12-01T09:00:00Z`, `2026-12-01T09:00+01:00`,
 * or `2026-12-01 09:00 Europe/London` (any IANA zone, daylight saving time included). The
 * message on the left says what is wrong and how to write it instead; it quotes `text`.
 */
export const parseReleaseTime = (text: string): Either.Either<Date, string> => {
  const trimmed = text.trim()
  const quoted = JSON.stringify(trimmed)
  const iso = isoPattern.exec(trimmed)
  if (iso) {
    const wall = wallOf(iso)
    if (!validWall(wall)) return Either.left(`${quoted} is not a time; write ${examples()}`)
    const zone = iso[8]
    if (zone === undefined) return Either.left(`${quoted} has no time zone; add one, as in ${examples(wall)}`)
    if (zone === "Z" || zone === "z") return Either.right(new Date(utcOf(wall)))
    const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)
    const hours = Number(offset?.[2] ?? 0)
    const minutes = Number(offset?.[3] ?? 0)
    if (hours > 23 || minutes > 59)
      return Either.left(`${quoted} has an offset that is not one (${zone}); write ${examples(wall)}`)
    const sign = offset?.[1] === "-" ? -1 : 1
    return Either.right(new Date(utcOf(wall) - sign * (hours * 60 + minutes) * 60_000))
  }
  const zoned = zonedPattern.exec(trimmed)
  if (zoned) {
    const wall = wallOf(zoned)
    if (!validWall(wall)) return Either.left(`${quoted} is not a time; write ${examples()}`)
    const zone = zoned[8] ?? ""
    const formatter = formatterFor(zone)
    if (formatter === undefined)
      return Either.left(
        `${quoted} names no time zone Folio knows ("${zone}"); use an IANA name such as Europe/London, America/New_York or UTC`,
      )
    const instants = instantsOf(formatter, wall)
    const first = instants[0]
    if (first === undefined)
      return Either.left(
        `${quoted} does not exist: the clocks in ${zone} skip that hour; write a time after the change, or an offset such as ${isoWall(wall)}${offsetText(offsetAt(formatter, utcOf(wall) - 86_400_000))}`,
      )
    if (instants.length > 1)
      return Either.left(
        `${quoted} happens twice: the clocks in ${zone} go back that night; write the offset you mean, ${instants
          .map((t) => `${isoWall(wall)}${offsetText(offsetAt(formatter, t))}`)
          .join(" or ")}`,
      )
    return Either.right(new Date(first))
  }
  return Either.left(`${quoted} is not a time; write ${examples()}`)
}

/** A release time as files and the API write it: UTC, `Z`, whole seconds unless there are more. */
export const formatReleaseTime = (date: Date): string => date.toISOString().replace(/\.000Z$/, "Z")

/** The three ways to write a release time, for messages that ask for one. */
export const releaseTimeExamples = (): string => examples()
