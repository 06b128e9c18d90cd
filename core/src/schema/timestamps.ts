import { Schema } from "effect"

/** Instants cross the wire as ISO-8601 strings and are `Date`s in code. */
export const Timestamp = Schema.Date
export type Timestamp = typeof Timestamp.Type

export const Timestamps = Schema.Struct({
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
