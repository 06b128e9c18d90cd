import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createConfigStore } from "../../config/init.js"

/**
 * The configuration store (`config_versions`, every version of the whole store), with version 1
 * holding every known key's default. The error inbox's retention moves into it: its setting is
 * carried over and its table dropped.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [settings] = yield* sql<{
    days: number
  }>`select retention_days as days from error_report_settings limit 1`
  yield* createConfigStore(settings ? { "errorReports.retentionDays": settings.days } : {})
  yield* sql`drop table error_report_settings`
})
