import { Schema } from "effect"
import { Cursor } from "../schema/pagination.js"
import { QueryText, storableText } from "../schema/text.js"
import { QueryDate } from "../schema/timestamps.js"
import { CompanySummary } from "./company.js"
import { ReportListItem, ReportStatus, ReportType } from "./report.js"
import { Ticker } from "./ticker.js"
import { UserSummary } from "./user.js"

/**
 * A search that matches many reports ranks the newest this-many a caller may read (by date:
 * published, else last update); the count, the pages and the facets cover them, and more matches
 * are shown as "200+". One whose newest matches show that few match in all (up to 1,000) ranks
 * them all (the server's search/service.ts). Bounding the candidates bounds the cost of a search
 * whatever the query (docs/performance.md).
 */
export const searchCandidateLimit = 200

export const SearchParams = Schema.Struct({
  /** Web-search syntax: words, "quoted phrases", -excluded, or. */
  q: Schema.Trim.pipe(
    Schema.minLength(1, { message: () => "Type something to search for" }),
    Schema.maxLength(200, { message: () => "Search at most 200 characters" }),
    storableText("Search"),
  ),
  ticker: Schema.optional(QueryText("The ticker filter", 200)),
  sector: Schema.optional(QueryText("The sector filter", 200)),
  type: Schema.optional(ReportType),
  status: Schema.optional(ReportStatus),
  from: Schema.optional(QueryDate),
  to: Schema.optional(QueryDate),
  cursor: Schema.optional(Cursor(100)),
  limit: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50))),
  /** Search-as-you-type: the last word also matches words it begins (`nvid` finds "Nvidia"). */
  prefix: Schema.optional(Schema.BooleanFromString),
})
export type SearchParams = typeof SearchParams.Type

/** A snippet as text runs; `hit` runs matched the query. Rendered without ever parsing HTML. */
export const SnippetRun = Schema.Struct({ text: Schema.String, hit: Schema.Boolean })
export type SnippetRun = typeof SnippetRun.Type

export const ReportHit = Schema.Struct({
  report: ReportListItem,
  title: Schema.Array(SnippetRun),
  snippet: Schema.Array(SnippetRun),
})
export type ReportHit = typeof ReportHit.Type

export const FacetCount = Schema.Struct({ value: Schema.String, count: Schema.Int })
export type FacetCount = typeof FacetCount.Type

export const SearchFacets = Schema.Struct({
  tickers: Schema.Array(FacetCount),
  sectors: Schema.Array(FacetCount),
  types: Schema.Array(FacetCount),
  statuses: Schema.Array(FacetCount),
  years: Schema.Array(FacetCount),
  /**
   * When more reports match than the search ranks: the years before the oldest counted one, back
   * to the oldest report's, newest first and without counts, so that one can be chosen.
   */
  olderYears: Schema.Array(Schema.String),
})
export type SearchFacets = typeof SearchFacets.Type

export const SearchResult = Schema.Struct({
  reports: Schema.Array(ReportHit),
  /**
   * Matching reports the caller may see, counted up to the search's candidate limit (200): a
   * search ranks the newest 200 matches by relevance, and pages and facets cover those.
   */
  total: Schema.Int,
  /** More reports match than `total`: the rest are older; dates or filters reach them. */
  capped: Schema.Boolean,
  nextCursor: Schema.NullOr(Schema.String),
  /** On the first page only; counted over the same candidates as `total`. */
  facets: Schema.NullOr(SearchFacets),
  tickers: Schema.Array(Ticker),
  companies: Schema.Array(CompanySummary),
  users: Schema.Array(UserSummary),
})
export type SearchResult = typeof SearchResult.Type
