import { decodeCursor, encodeCursor, ValidationError } from "@folio/core"
import { Effect, Option } from "effect"

/**
 * Keyset pages ordered newest first by a timestamp, then by id. The cursor keeps the timestamp at
 * full precision (µs, as PostgreSQL stores it): a JS Date would round it to ms and skip or repeat
 * rows that share a millisecond.
 */
export interface TimeKey {
  readonly at: string
  readonly id: string
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A cursor's instant as `to_char` rendered it, so a forged one is a 400, not a failed cast. */
export const isCursorInstant = (at: string): boolean => isoInstant.test(at) && !Number.isNaN(Date.parse(at))
/** A cursor's uuid id, checked before it is cast in SQL. */
export const isCursorUuid = (id: string): boolean => uuid.test(id)

/**
 * Render the key in SQL with `to_char(col at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.
 * `id` is the kind of the tie-breaking id column, checked here so a forged cursor is a 400, not a
 * failed cast.
 */
export const timeCursor = (
  cursor: string | undefined,
  id: "uuid" | "bigint",
): Effect.Effect<Option.Option<TimeKey>, ValidationError> => {
  if (cursor === undefined) return Effect.succeed(Option.none())
  const value = decodeCursor(cursor)
  const [at, key] = value ?? []
  return value?.length === 2 &&
    typeof at === "string" &&
    typeof key === "string" &&
    isCursorInstant(at) &&
    (id === "uuid" ? isCursorUuid(key) : /^\d{1,19}$/.test(key))
    ? Effect.succeed(Option.some({ at, id: key }))
    : Effect.fail(
        ValidationError.field("cursor", "The page cursor is not valid; start again from the first page."),
      )
}

/** Rows were fetched with `limit + 1`: the extra row only says whether another page follows. */
export const timePage = <A>(rows: ReadonlyArray<A>, limit: number, key: (row: A) => TimeKey) => {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor([key(last).at, key(last).id]) : null,
  }
}
