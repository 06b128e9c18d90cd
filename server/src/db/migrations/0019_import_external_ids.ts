import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The externalIds each import has sent, by batch: a batch of the same import (its `importId`)
 * that sends one of them again is refused for that row, whatever client sent it. A batch sent
 * again under its own key (a retry) is not a repeat of itself. Housekeeping deletes rows after
 * 30 days, with the import batches.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table import_external_ids (
      user_id uuid not null,
      import_id uuid not null,
      external_id text not null,
      batch_key text not null,
      file text not null,
      line integer not null,
      created_at timestamptz not null default now(),
      primary key (user_id, import_id, external_id)
    )`
  yield* sql`create index import_external_ids_created on import_external_ids (created_at)`
})
