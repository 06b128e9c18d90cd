import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { rollUp } from "./repo.js"

/**
 * The `readership_rollup` job: moves pending events into the raw table and the daily rollups
 * (the SQL function of 0022_readership), one transaction per run.
 */
export const rollupReadership = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const moved = yield* rollUp(sql)
  if (moved > 0) yield* Effect.logDebug("Readership rolled up").pipe(Effect.annotateLogs({ events: moved }))
})
