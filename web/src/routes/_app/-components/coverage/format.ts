import { type Coverage, csvLine, type Rating, ratingLabels } from "@folio/core"

/** Buy green, hold yellow, sell red, not rated grey: the colours research readers expect. */
export const ratingColors: Record<Rating, string> = {
  buy: "teal",
  hold: "yellow",
  sell: "red",
  not_rated: "gray",
}

const moneyFormats = new Map<string, Intl.NumberFormat>()
const plainNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })

const moneyFormat = (currency: string): Intl.NumberFormat | undefined => {
  const known = moneyFormats.get(currency)
  if (known) return known
  try {
    const format = new Intl.NumberFormat(undefined, {
      style: "currency",
      currency,
      currencyDisplay: "code",
      maximumFractionDigits: 2,
    })
    moneyFormats.set(currency, format)
    return format
  } catch {
    return undefined
  }
}

/** "USD 245.00", or the bare number when the currency is unknown; "—" without a target. */
export const formatTarget = (price: number | null, currency: string | null): string => {
  if (price === null) return "—"
  const format = currency === null ? undefined : moneyFormat(currency)
  if (format) return format.format(price).replace(/\u00a0/g, " ")
  return currency === null ? plainNumber.format(price) : `${currency} ${plainNumber.format(price)}`
}

const isoDate = (date: Date | null): string => (date === null ? "" : date.toISOString().slice(0, 10))

/**
 * The rows as CSV (CRLF, as spreadsheets expect), quoted by core's writer: what the table shows,
 * with ids a script can join on.
 */
export const coverageCsv = (rows: ReadonlyArray<Coverage>): string =>
  [
    csvLine([
      "symbol",
      "name",
      "sector",
      "analyst",
      "analyst_id",
      "rating",
      "target_price",
      "target_currency",
      "since",
      "updated_at",
      "last_report_title",
      "last_report_id",
      "last_report_published",
      "paid_relationship",
      "dropped_at",
    ]),
    ...rows.map((row) =>
      csvLine([
        row.symbol,
        row.tickerName,
        row.sector,
        row.analystName,
        row.analystId,
        ratingLabels[row.rating],
        row.targetPrice,
        row.targetPrice === null ? null : row.targetCurrency,
        isoDate(row.since),
        row.updatedAt.toISOString(),
        row.lastReport?.title,
        row.lastReport?.id,
        isoDate(row.lastReport?.publishedAt ?? null),
        row.paidRelationship ? "yes" : "no",
        isoDate(row.droppedAt),
      ]),
    ),
  ]
    .map((line) => `${line}\r\n`)
    .join("")
