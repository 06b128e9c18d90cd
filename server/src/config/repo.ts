import { SqlClient } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import { type StoredValues, VersionRow, VersionWithValues } from "./model.js"

/** The table every version of the store lives in (see docs/configuration.md). */
export const configTable = "config_versions"

/** The channel a committed change is announced on, with its version as the payload. */
export const configChannel = "folio_config"

const decodeFull = Schema.decodeUnknown(Schema.Array(VersionWithValues))
const decodeRows = Schema.decodeUnknown(Schema.Array(VersionRow))

export interface NewVersion {
  readonly version: number
  readonly digest: string
  readonly createdAt: Date
  readonly author: { readonly id: string; readonly email: string } | null
  readonly comment: string | null
  readonly rollbackOf: number | null
  readonly changes: ReadonlyArray<unknown>
  readonly values: StoredValues
}

/** The SQL of the configuration store: its versions, newest last; creating and repairing its table. */
export class ConfigRepo extends Effect.Service<ConfigRepo>()("@folio/server/ConfigRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** The newest version with the whole store; none when the table is empty. */
    const latest = sql`
      select version, digest, created_at, author_email, comment, rollback_of, changes, "values"
      from config_versions order by version desc limit 1`.pipe(
      Effect.flatMap(decodeFull),
      Effect.map((rows) => Option.fromNullable(rows[0])),
    )

    const at = (version: number) =>
      sql`
        select version, digest, created_at, author_email, comment, rollback_of, changes, "values"
        from config_versions where version = ${version}`.pipe(
        Effect.flatMap(decodeFull),
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** Newest first, below `before`; only versions that changed `key` when given. */
    const history = (params: { key?: string | undefined; before?: number | undefined; limit: number }) =>
      sql`
        select version, digest, created_at, author_email, comment, rollback_of, changes
        from config_versions
        where ${sql.and([
          params.before === undefined ? sql`true` : sql`version < ${params.before}`,
          params.key === undefined
            ? sql`true`
            : sql`changes @> ${JSON.stringify([{ key: params.key }])}::jsonb`,
        ])}
        order by version desc limit ${params.limit}`.pipe(Effect.flatMap(decodeRows))

    /**
     * Serialises writers until the transaction ends: the next version is read after the lock
     * is held, so two changes never both build on the same version.
     */
    const lock = sql`select pg_advisory_xact_lock(hashtext('folio_config_write'))`.pipe(Effect.asVoid)

    /** Writes a version and announces it when the transaction commits. */
    const insert = (row: NewVersion) =>
      Effect.gen(function* () {
        yield* sql`
          insert into config_versions
            (version, digest, created_at, author_id, author_email, comment, rollback_of, changes, "values")
          values (${row.version}, ${row.digest}, ${row.createdAt}, ${row.author?.id ?? null}, ${row.author?.email ?? null},
                  ${row.comment}, ${row.rollbackOf}, ${JSON.stringify(row.changes)}::jsonb,
                  ${JSON.stringify(row.values)}::jsonb)`
        yield* sql`select pg_notify(${configChannel}, ${String(row.version)})`
      })

    /**
     * The table, its index on the changes (the history of one key) and nothing else: constraint and
     * index names are left to PostgreSQL, so the table can be re-created beside a renamed-away one.
     */
    const createTable = Effect.gen(function* () {
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

    /** Version 1, "Defaults", holding `values` whose digest is `digest`. */
    const insertFirstVersion = (digest: string, values: StoredValues) =>
      sql`
        insert into config_versions (version, digest, comment, "values")
        values (1, ${digest}, 'Defaults', ${JSON.stringify(values)}::jsonb)`.pipe(Effect.asVoid)

    /** Serialises repairs until the transaction ends: two instances running `migrate` at once. */
    const lockRepair = sql`select pg_advisory_xact_lock(hashtext('folio_config_repair'))`.pipe(Effect.asVoid)

    /** Whether `config_versions` is in the search path. */
    const tableExists = sql<{
      name: string | null
    }>`select to_regclass('config_versions')::text as name`.pipe(Effect.map(([table]) => table?.name != null))

    const count = sql<{ n: number }>`select count(*)::int as n from config_versions`.pipe(
      Effect.map(([row]) => row?.n ?? 0),
    )

    /** Tells running instances to load the store now (`notified` in store.ts always loads on it). */
    const notifyReload = sql`select pg_notify(${configChannel}, 'reload')`.pipe(Effect.asVoid)

    /** A table in the search path with the store's columns but another name: one renamed away. */
    const renamedTable = sql<{ name: string }>`
      select c.table_schema || '.' || c.table_name as name
      from information_schema.columns c
      where c.table_schema = any (current_schemas(false)) and c.column_name in ('digest', 'rollback_of', 'values', 'changes')
      group by c.table_schema, c.table_name having count(*) = 4
      order by 1 limit 1`.pipe(Effect.map((rows) => rows[0]?.name))

    /** The database role the server connects as. */
    const currentRole = sql<{ role: string }>`select current_user as role`.pipe(
      Effect.map((rows) => rows[0]?.role),
    )

    return {
      latest,
      at,
      history,
      lock,
      insert,
      createTable,
      insertFirstVersion,
      lockRepair,
      tableExists,
      count,
      notifyReload,
      renamedTable,
      currentRole,
    } as const
  }),
}) {}
