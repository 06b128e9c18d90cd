import { SqlClient } from "@effect/sql"
import { ErrorReportSettings } from "@folio/core"
import { Effect, Schema } from "effect"

const decodeSettings = Schema.decodeUnknown(Schema.Array(ErrorReportSettings))

/** The inbox's settings: one row, created by the migration (retention 30 days). */
export class ErrorReportSettingsStore extends Effect.Service<ErrorReportSettingsStore>()(
  "@folio/server/ErrorReportSettingsStore",
  {
    effect: Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const get = sql`select retention_days from error_report_settings`.pipe(
        Effect.flatMap(decodeSettings),
        Effect.map((rows) => rows[0] ?? { retentionDays: 30 }),
        Effect.orDie,
      )

      const update = (settings: ErrorReportSettings) =>
        sql`
          update error_report_settings set retention_days = ${settings.retentionDays}, updated_at = now()
          returning retention_days`.pipe(
          Effect.flatMap(decodeSettings),
          Effect.map((rows) => rows[0] ?? settings),
          Effect.orDie,
        )

      return { get, update } as const
    }),
  },
) {}
