const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" })

/** "12 Mar 2026" */
export const formatDate = (date: Date): string => dateFormat.format(date)

/** "12 Mar 2026, 14:05": for tooltips and titles next to a relative time. */
export const formatDateTime = (date: Date): string => dateTimeFormat.format(date)

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
]

/** "just now", "5 minutes ago", "in 3 days". */
export const formatRelative = (date: Date, now: number = Date.now()): string => {
  let value = (date.getTime() - now) / 1000
  if (Math.abs(value) < 45) return "just now"
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relativeFormat.format(Math.round(value), unit)
    value /= size
  }
  return dateFormat.format(date)
}
