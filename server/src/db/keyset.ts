import { decodeCursor, encodeCursor, ValidationError } from "@folio/core"
import { Effect, Option, Schema } from "effect"

/** Lists are ordered by (name, id); the cursor is the last row's pair. */
const NameCursor = Schema.Tuple(Schema.String, Schema.UUID)
const decodeNameCursor = Schema.decodeUnknownOption(NameCursor)

export const defaultPageSize = 50

export interface NameKey {
  readonly name: string
  readonly id: string
}

export const nameCursor = (
  cursor: string | undefined,
): Effect.Effect<Option.Option<NameKey>, ValidationError> => {
  if (cursor === undefined) return Effect.succeed(Option.none())
  return Option.match(Option.flatMap(Option.fromNullable(decodeCursor(cursor)), decodeNameCursor), {
    onNone: () =>
      Effect.fail(
        ValidationError.field("cursor", "The page cursor is not valid; start again from the first page."),
      ),
    onSome: ([name, id]) => Effect.succeed(Option.some({ name, id })),
  })
}

/** Rows were fetched with `limit + 1`: the extra row only says whether another page follows. */
export const pageOf = <A extends NameKey>(rows: ReadonlyArray<A>, limit: number) => {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor([last.name, last.id]) : null,
  }
}

/** `%text%` for LIKE, with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
