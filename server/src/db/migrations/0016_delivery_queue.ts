import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The `deliver_due` claim takes the earliest due pending deliveries a batch at a time: an index
 * on exactly those rows keeps each claim from sorting every pending delivery of a large fan-out.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create index deliveries_due on deliveries (next_attempt_at) where status = 'pending'`
})
