import { SqlClient } from "@effect/sql"
import type { Rating, RatingCounts, RatingDistribution, UserId } from "@folio/core"
import { Effect } from "effect"

/**
 * Buy/hold/sell counts over active coverage: overall, of tickers flagged as a paid relationship,
 * and per analyst. Read by the coverage screen and appended to disclosures on publish.
 */
export const ratingDistribution = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    analystId: UserId
    analystName: string
    paidRelationship: boolean
    rating: Rating
    n: number
  }>`
    select c.analyst_id, u.name as analyst_name, t.paid_relationship, c.rating, count(*)::int as n
    from coverage c join tickers t on t.symbol = c.symbol join users u on u.id = c.analyst_id
    where c.dropped_at is null
    group by 1, 2, 3, 4`.pipe(Effect.orDie)
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
})
