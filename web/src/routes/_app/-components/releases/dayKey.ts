/**
 * A calendar day as the schedule's URL carries it (`2026-03-31`). Apart from zone.ts, because the
 * route checks its search with it before the screen's code loads: what the route file imports
 * goes into every screen's first load, so it imports this and not the whole of zone.ts.
 */

/** The day's midnight in UTC: a civil date to do calendar arithmetic on. */
export const civil = (key: string): Date => new Date(`${key}T00:00:00.000Z`)

export const isDayKey = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = civil(value)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
