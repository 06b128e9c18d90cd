import { CoverageSort, Rating, TickerSymbol, UserId } from "@folio/core"
import { Schema } from "effect"
import type { CoverageFilters } from "../../../../api/coverage"
import { searchParam, searchText } from "../directory/search"

/**
 * The coverage screen's URL: `?analyst=…&sector=Energy&rating=buy&dropped=true&sort=-since` plus the
 * row whose history is open (`history=AAPL:<analyst id>`). Anything malformed is dropped.
 */
export interface CoverageSearch {
  readonly analyst?: UserId | undefined
  readonly symbol?: string | undefined
  readonly sector?: string | undefined
  readonly rating?: Rating | undefined
  readonly dropped?: boolean | undefined
  readonly sort?: CoverageSort | undefined
  /** The row whose history is open in the side panel. */
  readonly history?: string | undefined
}

const Flag = Schema.Union(Schema.Boolean, Schema.BooleanFromString)

export const validateCoverageSearch = (search: Record<string, unknown>): CoverageSearch => ({
  analyst: searchParam(UserId, search.analyst),
  symbol: searchParam(TickerSymbol, search.symbol),
  sector: searchText(search.sector, 200),
  rating: searchParam(Rating, search.rating),
  // Only `true` is a filter: "without dropped rows" is the default and stays out of the URL.
  dropped: searchParam(Flag, search.dropped) === true ? true : undefined,
  sort: searchParam(CoverageSort, search.sort),
  history: parseRowKey(search.history) === undefined ? undefined : String(search.history),
})

/** What the list is asked for; only the filters that are set (the URL and the cache key agree). */
export const filtersOf = (search: CoverageSearch): CoverageFilters => ({
  ...(search.analyst === undefined ? {} : { analyst: search.analyst }),
  ...(search.symbol === undefined ? {} : { symbol: search.symbol }),
  ...(search.sector === undefined ? {} : { sector: search.sector }),
  ...(search.rating === undefined ? {} : { rating: search.rating }),
  ...(search.dropped === true ? { includeDropped: true } : {}),
  ...(search.sort === undefined ? {} : { sort: search.sort }),
})

export interface RowKey {
  readonly symbol: string
  readonly analystId: UserId
}

/** A coverage row's key in the URL: `SYMBOL:analyst-id` (symbols hold no colon). */
export const rowKeyOf = (row: RowKey): string => `${row.symbol}:${row.analystId}`

export const parseRowKey = (value: unknown): RowKey | undefined => {
  if (typeof value !== "string") return undefined
  const at = value.lastIndexOf(":")
  if (at <= 0) return undefined
  const symbol = searchParam(TickerSymbol, value.slice(0, at))
  const analystId = searchParam(UserId, value.slice(at + 1))
  return symbol === undefined || analystId === undefined ? undefined : { symbol, analystId }
}
