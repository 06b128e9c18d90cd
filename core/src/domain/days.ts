/**
 * Calendar days as the analytics question and its URL spell them, `YYYY-MM-DD` (UTC). No schema
 * here: the console's first load uses these (a screen's search params) without the contract's
 * readership schemas, which load with the screens.
 */

/** The longest range one analytics question may cover. */
export const analyticsMaxDays = 731

/** `YYYY-MM-DD` of an instant, in UTC. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10)

/** The range the screens open with: the last `days` days up to today. */
export const lastDays = (days: number, now = new Date()): { from: string; to: string } => ({
  from: dayOf(new Date(now.getTime() - (days - 1) * 86_400_000)),
  to: dayOf(now),
})
