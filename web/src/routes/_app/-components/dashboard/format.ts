import type { Release } from "@folio/core"

/** "+25% on the previous 7 days (40)", "−10% …", "No change …", "None the 7 days before". */
export const readsChange = (current: number, previous: number): string => {
  if (previous === 0) return current === 0 ? "None the 7 days before either" : "None the 7 days before"
  const percent = Math.round(((current - previous) / previous) * 100)
  const signed = percent > 0 ? `+${percent}%` : percent < 0 ? `\u2212${Math.abs(percent)}%` : "No change"
  return `${signed} on the previous 7 days (${previous.toLocaleString()})`
}

/** The releases still to come of the schedule's answer (which also lists the past week's), soonest first. */
export const upcoming = (releases: ReadonlyArray<Release>): ReadonlyArray<Release> =>
  releases
    .filter((release) => release.status === "scheduled")
    .sort((a, b) => a.releaseAt.getTime() - b.releaseAt.getTime())
