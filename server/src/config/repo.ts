import { SqlClient } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import { configChannel } from "./init.js"
import { type StoredValues, VersionRow, VersionWithValues } from "./model.js"

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

/** The SQL of the configuration store: its versions, newest last. */
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

    return { latest, at, history, lock, insert } as const
  }),
}) {}
