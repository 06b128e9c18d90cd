import { Schema } from "effect"

/** Instants cross the wire as ISO-8601 strings and are `Date`s in code. */
export const Timestamp = Schema.Date
export type Timestamp = typeof Timestamp.Type

/**
 * A date or instant in a query string, within years 1–9999: JavaScript dates reach years
 * PostgreSQL cannot store (before 4713 BC), which would fail in the database instead of here.
 */
export const QueryDate = Schema.Date.pipe(
  Schema.filter(
    (date) => {
      const year = date.getUTCFullYear()
      return year >= 1 && year <= 9999
    },
    { message: () => "Dates must be between the years 1 and 9999" },
  ),
)

export const Timestamps = Schema.Struct({
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
