import type { SqlError } from "@effect/sql"
import { Effect, Option, Schema } from "effect"

const UniqueViolation = Schema.Struct({ code: Schema.Literal("23505"), constraint: Schema.String })
const decodeUniqueViolation = Schema.decodeUnknownOption(UniqueViolation)

/**
 * Turns PostgreSQL's unique violations into the caller's own errors, by constraint name. The
 * database is the authority on uniqueness, so two concurrent writes cannot both pass a check.
 */
export const onUniqueViolation =
  <E>(handlers: Readonly<Record<string, () => E>>) =>
  <A, R>(statement: Effect.Effect<A, SqlError.SqlError, R>): Effect.Effect<A, E | SqlError.SqlError, R> =>
    Effect.catchAll(
      statement,
      (error): Effect.Effect<never, E | SqlError.SqlError> =>
        Option.match(
          decodeUniqueViolation(error.cause).pipe(
            Option.flatMap((violation) => Option.fromNullable(handlers[violation.constraint])),
          ),
          { onNone: () => Effect.fail(error), onSome: (handler) => Effect.fail(handler()) },
        ),
    )
