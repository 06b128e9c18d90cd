import type { Blackout, Release, RestrictedTicker } from "@folio/core"

export type ReleaseState = "scheduled" | "held" | "overdue" | "late" | "released"

/**
 * Where a release stands for the schedule: held by a blackout or restriction (with its reason),
 * overdue (due and not yet out, e.g. while no server runs), released late, released, or waiting.
 */
export const releaseState = (release: Release, now: number = Date.now()): ReleaseState => {
  if (release.status === "published") return release.late ? "late" : "released"
  if (release.heldReason !== null) return "held"
  return release.releaseAt.getTime() < now ? "overdue" : "scheduled"
}

export const stateLabels: Record<ReleaseState, string> = {
  scheduled: "Scheduled",
  held: "Held",
  overdue: "Overdue",
  late: "Released late",
  released: "Released",
}

export const stateColors: Record<ReleaseState, string> = {
  scheduled: "violet",
  held: "orange",
  overdue: "red",
  late: "yellow",
  released: "teal",
}

/** The time a release shows at: when it went out, once it has; else when it is due. */
export const shownTime = (release: Release): Date => release.publishedAt ?? release.releaseAt

export const byShownTime = (a: Release, b: Release): number => shownTime(a).getTime() - shownTime(b).getTime()

/** The blackouts that overlap [from, to), global ones first. */
export const blackoutsDuring = (
  blackouts: ReadonlyArray<Blackout>,
  from: Date,
  to: Date,
): ReadonlyArray<Blackout> =>
  blackouts
    .filter((b) => b.startsAt.getTime() < to.getTime() && b.endsAt.getTime() > from.getTime())
    .sort((a, b) => (a.ticker === null ? 0 : 1) - (b.ticker === null ? 0 : 1))

/** "Embargo tiers: at release, +24 h". */
export const tiersLabel = (tiers: ReadonlyArray<number>): string =>
  tiers.length <= 1 && (tiers[0] ?? 0) === 0
    ? "One tier, at release"
    : [...tiers]
        .sort((a, b) => a - b)
        .map((hours) => (hours === 0 ? "at release" : `+${hours} h`))
        .join(", ")

/**
 * What would hold a scheduled release back if nothing changes: a restricted ticker, or a blackout
 * covering its time (added after it was scheduled). The server decides at release time; this only
 * warns ahead.
 */
export const upcomingBlock = (
  release: Release,
  blackouts: ReadonlyArray<Blackout>,
  restricted: ReadonlyArray<RestrictedTicker>,
): string | null => {
  if (release.status !== "scheduled" || release.heldReason !== null) return null
  const symbol = restricted.find((r) => release.tickers.includes(r.symbol))
  if (symbol) return `${symbol.symbol} is restricted: ${symbol.reason}`
  const at = release.releaseAt.getTime()
  const blackout = blackouts.find(
    (b) =>
      b.startsAt.getTime() <= at &&
      b.endsAt.getTime() > at &&
      (b.ticker === null || release.tickers.includes(b.ticker)),
  )
  if (!blackout) return null
  return `${blackout.ticker === null ? "A blackout" : `A ${blackout.ticker} blackout`} covers its time: ${blackout.reason}`
}
