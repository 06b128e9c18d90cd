import { Schema } from "effect"
import { ReportId, UserId } from "../ids.js"
import { QueryText, storableText } from "../schema/text.js"
import { Rating, TargetPrice } from "./report.js"
import { CurrencyCode, TickerSymbol } from "./ticker.js"

/**
 * Coverage: an analyst's standing call on a ticker — rating and target price — from the day they
 * initiated it until they drop it. Every change is kept as history, with the report that made it
 * when a published report did.
 */

export const ratings = Rating.literals
export const ratingLabels: Record<Rating, string> = {
  buy: "Buy",
  hold: "Hold",
  sell: "Sell",
  not_rated: "Not rated",
}

export const CoverageReport = Schema.Struct({
  id: ReportId,
  title: Schema.String,
  publishedAt: Schema.NullOr(Schema.Date),
})
export type CoverageReport = typeof CoverageReport.Type

export const Coverage = Schema.Struct({
  symbol: Schema.String,
  tickerName: Schema.String,
  sector: Schema.String,
  /** The ticker's flag: the house was paid by the company (e.g. banking in the last 12 months). */
  paidRelationship: Schema.Boolean,
  analystId: UserId,
  analystName: Schema.String,
  rating: Rating,
  targetPrice: Schema.NullOr(Schema.Number),
  targetCurrency: Schema.NullOr(Schema.String),
  /** When coverage was initiated (again, after a drop). */
  since: Schema.Date,
  updatedAt: Schema.Date,
  /** The newest published report of this analyst on this ticker, when the caller may read it. */
  lastReport: Schema.NullOr(CoverageReport),
  /** Set when coverage was dropped; dropped rows are listed only on request. */
  droppedAt: Schema.NullOr(Schema.Date),
})
export type Coverage = typeof Coverage.Type

export const CoverageSort = Schema.Literal(
  "symbol",
  "-symbol",
  "analyst",
  "-analyst",
  "rating",
  "-rating",
  "target",
  "-target",
  "since",
  "-since",
  "updatedAt",
  "-updatedAt",
  "lastReport",
  "-lastReport",
)
export type CoverageSort = typeof CoverageSort.Type

export const CoverageListParams = Schema.Struct({
  analyst: Schema.optional(UserId),
  symbol: Schema.optional(TickerSymbol),
  sector: Schema.optional(QueryText("The sector filter", 200)),
  rating: Schema.optional(Rating),
  includeDropped: Schema.optional(Schema.BooleanFromString),
  sort: Schema.optional(CoverageSort),
})
export type CoverageListParams = typeof CoverageListParams.Type

/** The coverage universe is small (a row per ticker and analyst); the list is never paged. */
export const coverageListMax = 5000
export const CoverageList = Schema.Struct({
  items: Schema.Array(Coverage),
  /** True when more than `coverageListMax` rows matched: narrow the filters. */
  truncated: Schema.Boolean,
})
export type CoverageList = typeof CoverageList.Type

const Note = Schema.Trim.pipe(
  Schema.maxLength(500, { message: () => "A note is at most 500 characters" }),
  storableText("Note"),
)

/**
 * Initiates coverage or changes it. Without `analystId` the caller is the analyst. Without
 * `targetPrice` the current target stays (none on an initiation); `null` clears it. A target's
 * currency, when left out, is the current one, else the ticker's.
 */
export const SetCoverage = Schema.Struct({
  symbol: TickerSymbol,
  analystId: Schema.optional(UserId),
  rating: Rating,
  targetPrice: Schema.optional(Schema.NullOr(TargetPrice)),
  targetCurrency: Schema.optional(Schema.NullOr(CurrencyCode)),
  note: Schema.optional(Note),
})
export type SetCoverage = typeof SetCoverage.Type

export const DropCoverage = Schema.Struct({
  symbol: TickerSymbol,
  analystId: Schema.optional(UserId),
  note: Schema.optional(Note),
})
export type DropCoverage = typeof DropCoverage.Type

export const CoverageChangeKind = Schema.Literal("initiate", "change", "drop")
export type CoverageChangeKind = typeof CoverageChangeKind.Type

export const CoverageChange = Schema.Struct({
  id: Schema.String,
  symbol: Schema.String,
  analystId: UserId,
  analystName: Schema.String,
  kind: CoverageChangeKind,
  at: Schema.Date,
  /** Who made the change: the editor or analyst, or the report's first author. */
  by: Schema.NullOr(Schema.Struct({ id: UserId, name: Schema.String })),
  fromRating: Schema.NullOr(Rating),
  toRating: Schema.NullOr(Rating),
  fromTarget: Schema.NullOr(Schema.Number),
  toTarget: Schema.NullOr(Schema.Number),
  fromCurrency: Schema.NullOr(Schema.String),
  toCurrency: Schema.NullOr(Schema.String),
  /** The published report that made this change (null when set by hand, or not readable). */
  report: Schema.NullOr(CoverageReport),
  note: Schema.NullOr(Schema.String),
})
export type CoverageChange = typeof CoverageChange.Type

export const CoverageHistoryParams = Schema.Struct({
  symbol: TickerSymbol,
  analyst: Schema.optional(UserId),
})
export type CoverageHistoryParams = typeof CoverageHistoryParams.Type

export const CoverageHistory = Schema.Struct({ items: Schema.Array(CoverageChange) })
export type CoverageHistory = typeof CoverageHistory.Type

export const RatingCounts = Schema.Struct({
  buy: Schema.Int,
  hold: Schema.Int,
  sell: Schema.Int,
  not_rated: Schema.Int,
  total: Schema.Int,
})
export type RatingCounts = typeof RatingCounts.Type

/**
 * The share of buy/hold/sell over active coverage: overall, per analyst, and of the tickers
 * flagged as a paid relationship — the figures research rules ask publishers to disclose.
 */
export const RatingDistribution = Schema.Struct({
  overall: RatingCounts,
  paidRelationship: RatingCounts,
  byAnalyst: Schema.Array(
    Schema.Struct({ analystId: UserId, analystName: Schema.String, counts: RatingCounts }),
  ),
  at: Schema.Date,
})
export type RatingDistribution = typeof RatingDistribution.Type

/** A count as a whole percentage of `total` (0 when there is none). */
export const ratingShare = (count: number, total: number): number =>
  total === 0 ? 0 : Math.round((count / total) * 100)

/**
 * The distribution as the sentence appended to a report's disclosures on publish (buy, hold and
 * sell; "not rated" is left out of the shares, as research rules count them).
 */
export const ratingDistributionDisclosure = (distribution: RatingDistribution): string | null => {
  const line = (counts: RatingCounts) => {
    const rated = counts.buy + counts.hold + counts.sell
    return `buy ${ratingShare(counts.buy, rated)}%, hold ${ratingShare(counts.hold, rated)}%, sell ${ratingShare(counts.sell, rated)}%`
  }
  const rated = distribution.overall.buy + distribution.overall.hold + distribution.overall.sell
  if (rated === 0) return null
  const date = distribution.at.toISOString().slice(0, 10)
  const paid = distribution.paidRelationship
  const paidRated = paid.buy + paid.hold + paid.sell
  return (
    `Rating distribution on ${date}, of ${rated} rating${rated === 1 ? "" : "s"}: ${line(distribution.overall)}.` +
    (paidRated > 0
      ? ` Of the ${paidRated} rating${paidRated === 1 ? "" : "s"} of companies the house was paid by: ${line(paid)}.`
      : "")
  )
}
