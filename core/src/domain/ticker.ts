import { Schema } from "effect"
import { Page, PageParams } from "../schema/pagination.js"
import { QueryText, singleLineText, storableText } from "../schema/text.js"
import { Sector } from "./company.js"

/** An exchange symbol as research refers to it: `AAPL`, `BRK.B`, `7203.T`. */
export const TickerSymbol = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.pattern(/^[A-Z0-9][A-Z0-9.-]{0,11}$/, {
    message: () =>
      "A ticker symbol is 1–12 characters: letters, digits, '.' and '-', starting with a letter or digit",
  }),
)

export const TickerName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Name is required" }),
  Schema.maxLength(120, { message: () => "Name must be at most 120 characters" }),
  singleLineText("Name"),
)

const Exchange = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Exchange is required" }),
  Schema.maxLength(20, { message: () => "Exchange must be at most 20 characters" }),
  singleLineText("Exchange"),
)

export const CurrencyCode = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.pattern(/^[A-Z]{3}$/, { message: () => "Currency is a three-letter ISO code such as USD" }),
)

const CountryCode = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.pattern(/^[A-Z]{2}$/, { message: () => "Country is a two-letter ISO code such as US" }),
)

export const Ticker = Schema.Struct({
  symbol: Schema.String,
  name: Schema.String,
  exchange: Schema.String,
  sector: Schema.String,
  currency: Schema.String,
  country: Schema.String,
  active: Schema.Boolean,
  /** The house was paid by the company (e.g. banking in the last 12 months): counted apart in the rating distribution. */
  paidRelationship: Schema.Boolean,
  reportCount: Schema.Int,
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Ticker = typeof Ticker.Type

/** A ticker as created by hand, by `folio tickers import` or by the console's CSV import. */
export const TickerInput = Schema.Struct({
  symbol: TickerSymbol,
  name: TickerName,
  exchange: Exchange,
  sector: Sector,
  currency: CurrencyCode,
  country: CountryCode,
  active: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  /** Left out: false for a new ticker, unchanged for one that exists. */
  paidRelationship: Schema.optional(Schema.Boolean),
})
export type TickerInput = typeof TickerInput.Type

export const UpdateTicker = Schema.Struct({
  name: Schema.optional(TickerName),
  exchange: Schema.optional(Exchange),
  sector: Schema.optional(Sector),
  currency: Schema.optional(CurrencyCode),
  country: Schema.optional(CountryCode),
  active: Schema.optional(Schema.Boolean),
  paidRelationship: Schema.optional(Schema.Boolean),
})
export type UpdateTicker = typeof UpdateTicker.Type

export const TickerListParams = Schema.Struct({
  ...PageParams.fields,
  /** Matches the symbol's start or the name, case-insensitively. */
  q: Schema.optional(Schema.Trim.pipe(Schema.maxLength(120), storableText("Search"))),
  sector: Schema.optional(QueryText("The sector filter", 200)),
  active: Schema.optional(Schema.BooleanFromString),
})
export type TickerListParams = typeof TickerListParams.Type

export const TickerPage = Page(Ticker)
export type TickerPage = typeof TickerPage.Type

export const TickerImportRow = Schema.Struct({ line: Schema.Int, ticker: TickerInput })
export const TickerImportRequest = Schema.Struct({
  rows: Schema.Array(TickerImportRow).pipe(Schema.maxItems(5000)),
  dryRun: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
export type TickerImportRequest = typeof TickerImportRequest.Type

export const TickerImportResult = Schema.Struct({
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
  dryRun: Schema.Boolean,
})
export type TickerImportResult = typeof TickerImportResult.Type
