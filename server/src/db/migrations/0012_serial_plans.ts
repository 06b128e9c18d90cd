import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * `folio_serial_plan()`: a statement that calls it is planned without parallel workers, because
 * PostgreSQL plans a statement that calls a parallel-unsafe function serially. Search calls it
 * once per statement (`where (select folio_serial_plan())`): its statements read a few thousand
 * rows at most, and starting workers cost more than they share (about 6 ms a statement on two
 * cores, docs/performance.md). A setting would need a transaction around it, three more round
 * trips for every search.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create function folio_serial_plan() returns boolean language plpgsql volatile parallel unsafe
    as $$ begin return true; end $$`
})
