import { ReportSort, ReportStatus, ReportType, UserId } from "@folio/core"
import type { ReportFilters } from "../../../../api/reports"
import { searchParam, searchText } from "../directory/search"

/**
 * The reports table's state as it reads in the address bar: `?status=draft,in_review&ticker=AAPL
 * &from=2026-01-01&sort=-publishedAt`. Anything malformed is dropped, never an error.
 */
export interface ReportSearch {
  readonly status?: string | undefined
  readonly ticker?: string | undefined
  readonly sector?: string | undefined
  readonly type?: ReportType | undefined
  readonly author?: UserId | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly sort?: ReportSort | undefined
}

const isDay = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))

export const parseStatuses = (value: string | undefined): ReadonlyArray<ReportStatus> =>
  (value ?? "")
    .split(",")
    .map((part) => searchParam(ReportStatus, part.trim()))
    .filter((status): status is ReportStatus => status !== undefined)

export const validateReportSearch = (search: Record<string, unknown>): ReportSearch => {
  const statuses = [...new Set(parseStatuses(typeof search.status === "string" ? search.status : undefined))]
  const ticker = searchText(search.ticker, 12)?.toUpperCase()
  return {
    status: statuses.length > 0 ? statuses.join(",") : undefined,
    ticker: ticker !== undefined && /^[A-Z0-9][A-Z0-9.-]{0,11}$/.test(ticker) ? ticker : undefined,
    sector: searchText(search.sector, 60),
    type: searchParam(ReportType, search.type),
    author: searchParam(UserId, search.author),
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
    sort: searchParam(ReportSort, search.sort),
  }
}

export const filtersOf = (search: ReportSearch): ReportFilters => ({
  status: search.status === undefined ? undefined : parseStatuses(search.status),
  ticker: search.ticker,
  sector: search.sector,
  type: search.type,
  author: search.author,
  from: search.from,
  to: search.to,
  sort: search.sort,
})

export const isFiltered = (search: ReportSearch): boolean =>
  search.status !== undefined ||
  search.ticker !== undefined ||
  search.sector !== undefined ||
  search.type !== undefined ||
  search.author !== undefined ||
  search.from !== undefined ||
  search.to !== undefined

export const noFilters: ReportSearch = {
  status: undefined,
  ticker: undefined,
  sector: undefined,
  type: undefined,
  author: undefined,
  from: undefined,
  to: undefined,
}
