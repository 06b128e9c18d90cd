import { Migrator, SqlClient } from "@effect/sql"
import { Effect } from "effect"
import identity from "./migrations/0001_identity.js"

/** Forward-only migrations, applied in id order on start and by `folio-server migrate`. */
const migrations = {
  "0001_identity": identity,
} as const

export const latestMigration = Object.keys(migrations).sort().at(-1) ?? "none"

export const runMigrations = Migrator.make({})({
  loader: Migrator.fromRecord(migrations),
  table: "folio_migrations",
})

/** The newest applied migration, e.g. `0001_identity`, or null on an empty database. */
export const currentMigration = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ migrationId: number; name: string }>`
    select migration_id, name from folio_migrations order by migration_id desc limit 1`
  const row = rows[0]
  return row ? `${String(row.migrationId).padStart(4, "0")}_${row.name}` : null
})
