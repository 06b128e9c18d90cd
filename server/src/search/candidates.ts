import type { FacetCount, SearchFacets } from "@folio/core"

/**
 * One of a search's candidates: a report that matches, as the search index holds it, with its
 * relevance to the query (`ts_rank_cd`, computed in the same statement that found it).
 */
export type Candidate = {
  readonly id: string
  readonly at: Date
  readonly rank: number
  readonly status: string
  readonly sector: string
  readonly type: string
  readonly tickers: ReadonlyArray<string>
}

/** Most relevant first; among equals the newest, then by id so that pages never shift. */
const byRelevance = (a: Candidate, b: Candidate): number =>
  b.rank - a.rank || b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The ids of one page of the candidates by relevance, with one more to tell whether more follow. */
export const pageOf = (
  candidates: ReadonlyArray<Candidate>,
  limit: number,
  offset: number,
): ReadonlyArray<string> =>
  [...candidates]
    .sort(byRelevance)
    .slice(offset, offset + limit + 1)
    .map((c) => c.id)

/** Counts of each value, most common first, ties by value; at most `top`. */
const countsOf = (values: Iterable<string>, top: number): ReadonlyArray<FacetCount> => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, top)
    .map(([value, count]) => ({ value, count }))
}

/** The facets over all the candidates: each value's count; years newest first (UTC). */
export const facetsOf = (candidates: ReadonlyArray<Candidate>): Omit<SearchFacets, "olderYears"> => ({
  tickers: countsOf(
    candidates.flatMap((c) => c.tickers),
    12,
  ),
  sectors: countsOf(
    candidates.map((c) => c.sector),
    12,
  ),
  types: countsOf(
    candidates.map((c) => c.type),
    Number.POSITIVE_INFINITY,
  ),
  statuses: countsOf(
    candidates.map((c) => c.status),
    Number.POSITIVE_INFINITY,
  ),
  years: countsOf(
    candidates.map((c) => String(c.at.getUTCFullYear())),
    Number.POSITIVE_INFINITY,
  )
    .slice()
    .sort((a, b) => Number(b.value) - Number(a.value))
    .slice(0, 10),
})

/**
 * How many reports match in all, judged from the newest ones (newest first): as many as there are
 * in the time they span, for every such span from `start` to `end`. Dates spread evenly give a
 * fair guess; matches bunched in the recent past give too many, which only makes the search rank
 * the newest ones only (search/service.ts).
 */
export const estimatedMatches = (
  newest: ReadonlyArray<{ readonly at: Date }>,
  start: Date,
  end: Date,
): number => {
  const last = newest[newest.length - 1]
  if (last === undefined) return 0
  const span = end.getTime() - last.at.getTime()
  if (span <= 0) return Number.POSITIVE_INFINITY
  return newest.length * Math.max(1, (end.getTime() - start.getTime()) / span)
}
