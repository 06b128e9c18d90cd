import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { configDigest } from "./digest.js"
import { initialValues, type StoredValues } from "./model.js"

/** The table every version of the store lives in (see docs/configuration.md). */
export const configTable = "config_versions"

/** The channel a committed change is announced on, with its version as the payload. */
export const configChannel = "folio_config"

/**
 * The table, its index on the changes (the history of one key) and nothing else: constraint and
 * index names are left to PostgreSQL, so the table can be re-created beside a renamed-away one.
 */
const createTable = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table config_versions (
      version integer primary key check (version > 0),
      digest text not null,
      created_at timestamptz not null default now(),
      author_id uuid references users(id) on delete set null,
      author_email text,
      comment text,
      rollback_of integer check (rollback_of > 0),
      changes jsonb not null default '[]',
      "values" jsonb not null
    )`
  yield* sql`create index on config_versions using gin (changes jsonb_path_ops)`
})

const insertFirstVersion = (values: StoredValues) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      insert into config_versions (version, digest, comment, "values")
      values (1, ${configDigest(1, values)}, 'Defaults', ${JSON.stringify(values)}::jsonb)`
  })

/** Migration 0017: the table and version 1 with every known key's default (and `overrides`). */
export const createConfigStore = (overrides: Readonly<Record<string, unknown>> = {}) =>
  createTable.pipe(Effect.zipRight(insertFirstVersion(initialValues(overrides))))

/**
 * What `folio-server migrate` does after the migrations: a store whose table is gone (though its
 * migration is recorded) is created again, and an empty one gets version 1. Says what it did.
 */
export const repairConfigStore = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.withTransaction(
    Effect.gen(function* () {
      // Two instances running `migrate` at once: one repairs, the other finds it done.
      yield* sql`select pg_advisory_xact_lock(hashtext('folio_config_repair'))`
      const [table] = yield* sql<{ name: string | null }>`select to_regclass('config_versions')::text as name`
      const created = table?.name == null
      if (created) yield* createTable
      const [row] = yield* sql<{ n: number }>`select count(*)::int as n from config_versions`
      const initialised = (row?.n ?? 0) === 0
      if (initialised) yield* insertFirstVersion(initialValues())
      // Running instances load it now rather than at their next retry or poll.
      if (created || initialised) yield* sql`select pg_notify(${configChannel}, 'reload')`
      return { created, initialised }
    }),
  )
})

/** `repairConfigStore`, saying what it did (the `migrate` command's last step). */
export const repairConfigStoreLogged = repairConfigStore.pipe(
  Effect.tap(({ created, initialised }) =>
    created
      ? Effect.logWarning(
          "The configuration table was missing: created it with version 1 (every key's default)",
        )
      : initialised
        ? Effect.logWarning("The configuration store was empty: wrote version 1 (every key's default)")
        : Effect.void,
  ),
)
