import type { ErrorReportSettings } from "@folio/core"
import { ValidationError } from "@folio/core"
import { Effect } from "effect"
import { type ConfigAuthor, ConfigChanges } from "../config/changes.js"
import { configMissingError } from "../config/missing.js"
import { ConfigStore } from "../config/store.js"

const retentionKey = "errorReports.retentionDays"

/**
 * The inbox's settings, kept in the configuration store (`errorReports.retentionDays`): read
 * from the instance's snapshot, changed as a store change by the person who changed them.
 */
export class ErrorReportSettingsStore extends Effect.Service<ErrorReportSettingsStore>()(
  "@folio/server/ErrorReportSettingsStore",
  {
    effect: Effect.gen(function* () {
      const store = yield* ConfigStore
      const changes = yield* ConfigChanges

      const get = Effect.suspend(() => {
        const state = store.current()
        return state.status === "ready"
          ? Effect.succeed({ retentionDays: state.snapshot.settings[retentionKey] })
          : Effect.fail(configMissingError(state))
      })

      const update = (settings: ErrorReportSettings, author: ConfigAuthor) =>
        changes
          .patch([{ operation: "update", key: retentionKey, value: settings.retentionDays }], {
            author,
            comment: "Error inbox retention",
          })
          .pipe(
            // No If-Match is sent, so the store cannot have moved on.
            Effect.catchTag("PreconditionFailed", (error) => Effect.die(error)),
            // This endpoint's field is `retentionDays`, not the store's operation.
            Effect.mapError((error) =>
              error._tag === "ValidationError"
                ? new ValidationError({
                    message: error.message,
                    issues: error.issues.map((issue) => ({ ...issue, path: ["retentionDays"] })),
                  })
                : error,
            ),
            Effect.zipRight(get),
          )

      return { get, update } as const
    }),
  },
) {}
