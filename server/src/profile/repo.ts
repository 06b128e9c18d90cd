import { SqlClient } from "@effect/sql"
import type { UpdateProfile } from "@folio/core"
import { Effect } from "effect"

/** The signed-in user's own settings, as stored on their user row. */
export class ProfilesRepo extends Effect.Service<ProfilesRepo>()("@folio/server/ProfilesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** The stored notification preferences, as written (unchecked). */
    const preferences = (userId: string) =>
      sql<{
        prefs: unknown
      }>`select notification_prefs as prefs from users where id = ${userId}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows[0]?.prefs),
      )

    /** The fields the input has; the others stay. */
    const update = (userId: string, input: UpdateProfile) =>
      sql`
          update users set
            name = coalesce(${input.name ?? null}, name),
            timezone = coalesce(${input.timezone ?? null}, timezone),
            notification_prefs = coalesce(${input.notifications ? JSON.stringify(input.notifications) : null}::jsonb, notification_prefs),
            updated_at = now()
          where id = ${userId}`.pipe(Effect.orDie, Effect.asVoid)

    return { preferences, update } as const
  }),
}) {}
