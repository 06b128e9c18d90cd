/**
 * Release times as the schedule commands print them: in UTC (what files and the server hold),
 * and in a named local zone beside it, so nobody has to guess which clock a time is on.
 */

const utcNames = new Set([
  "UTC",
  "Etc/UTC",
  "Etc/UCT",
  "UCT",
  "Etc/GMT",
  "GMT",
  "Etc/Universal",
  "Universal",
  "Etc/Zulu",
  "Zulu",
])

/** The zone this machine's clock is in (TZ, else the system's), as an IANA name. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

export const isUtcZone = (zone: string): boolean => utcNames.has(zone)

/** Whether Intl knows `zone` (an IANA name such as Europe/London). */
export const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** `2026-12-01 09:00` (with seconds when they are not zero) on the clock of `zone`. */
export const wallText = (date: Date, zone: string): string => {
  let formatter = formatters.get(zone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
    formatters.set(zone, formatter)
  }
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value
  const seconds = parts.second !== undefined && parts.second !== "00" ? `:${parts.second}` : ""
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}${seconds}`
}

/** `2026-12-01 09:00 UTC`. */
export const utcText = (date: Date): string => `${wallText(date, "UTC")} UTC`

/** `2026-12-01 09:00 UTC (10:00 Europe/Paris)`; the local part only when the zone is not UTC. */
export const bothText = (date: Date, zone: string): string => {
  if (isUtcZone(zone)) return utcText(date)
  const local = wallText(date, zone)
  const utc = wallText(date, "UTC")
  // The same day needs saying once.
  const shown = local.slice(0, 10) === utc.slice(0, 10) ? local.slice(11) : local
  return `${utc} UTC (${shown} ${zone})`
}
