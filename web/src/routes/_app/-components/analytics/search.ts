import { analyticsMaxDays, CompanyId, lastDays, TeamId } from "@folio/core"
import type { AnalyticsQuery } from "../../../../api/readership"
import { searchParam } from "../directory/search"

/**
 * The analytics screen's URL: `?from=2025-01-01&to=2025-01-31&company=<uuid>&team=<uuid>`.
 * Days are UTC calendar days, both ends included. A missing or malformed day is dropped and the
 * screen shows the default range (the last 30 days); a bad company or team is dropped too.
 */
export interface AnalyticsSearch {
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly company?: CompanyId | undefined
  readonly team?: TeamId | undefined
}

/** The range a bare `/analytics` opens with. */
export const defaultRangeDays = 30

const dayMs = 86_400_000

/** `day` moved by `days` (UTC). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)

/** Whole days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs)

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written `YYYY-MM-DD` (2025-02-30 is not one). */
export const validDay = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !dayPattern.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : value
}

export const validateAnalyticsSearch = (search: Record<string, unknown>): AnalyticsSearch => {
  let from = validDay(search.from)
  let to = validDay(search.to)
  // Only a whole range counts; ends given the wrong way round are swapped rather than refused.
  if (from === undefined || to === undefined) {
    from = undefined
    to = undefined
  } else {
    if (to < from) [from, to] = [to, from]
    // The server answers at most two years at once: a longer range keeps its end and is shortened.
    if (daysBetween(from, to) >= analyticsMaxDays) from = addDays(to, 1 - analyticsMaxDays)
  }
  const company = searchParam(CompanyId, search.company)
  return {
    from,
    to,
    company,
    // A team is always one of a company's: without the company it is dropped.
    team: company === undefined ? undefined : searchParam(TeamId, search.team),
  }
}

/** What the screen asks the server for: the URL's range, or the last 30 days. */
export const analyticsQueryOf = (search: AnalyticsSearch, now = new Date()): AnalyticsQuery => {
  const range =
    search.from !== undefined && search.to !== undefined
      ? { from: search.from, to: search.to }
      : lastDays(defaultRangeDays, now)
  return {
    ...range,
    ...(search.company === undefined ? {} : { company: search.company }),
    ...(search.team === undefined ? {} : { team: search.team }),
  }
}
