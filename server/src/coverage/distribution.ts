import type { Rating, RatingCounts, RatingDistribution, UserId } from "@folio/core"

/** One count of active coverage: an analyst's calls of one rating, on paid-relationship tickers or not. */
export interface RatingRow {
  readonly analystId: UserId
  readonly analystName: string
  readonly paidRelationship: boolean
  readonly rating: Rating
  readonly n: number
}

/**
 * Buy/hold/sell counts over active coverage: overall, of tickers flagged as a paid relationship,
 * and per analyst, from the counts the repository reads (`CoverageRepo.ratingDistribution`). Read
 * by the coverage screen and appended to disclosures on publish.
 */
export const ratingDistributionOf = (rows: ReadonlyArray<RatingRow>) => {
  const empty = (): { -readonly [K in keyof RatingCounts]: number } => ({
    buy: 0,
    hold: 0,
    sell: 0,
    not_rated: 0,
    total: 0,
  })
  const overall = empty()
  const paidRelationship = empty()
  const byAnalyst = new Map<
    string,
    { analystId: UserId; analystName: string; counts: ReturnType<typeof empty> }
  >()
  for (const row of rows) {
    const add = (counts: ReturnType<typeof empty>) => {
      counts[row.rating] += row.n
      counts.total += row.n
    }
    add(overall)
    if (row.paidRelationship) add(paidRelationship)
    const analyst = byAnalyst.get(row.analystId) ?? {
      analystId: row.analystId,
      analystName: row.analystName,
      counts: empty(),
    }
    add(analyst.counts)
    byAnalyst.set(row.analystId, analyst)
  }
  return {
    overall,
    paidRelationship,
    byAnalyst: [...byAnalyst.values()].sort((a, b) => a.analystName.localeCompare(b.analystName)),
    at: new Date(),
  } satisfies RatingDistribution
}
