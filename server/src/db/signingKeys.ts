import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A key of the server's own from `signing_keys` (random bytes made by the migration that
 * introduced its purpose): read once, then cached. The effect it gives dies when the migration has
 * not run, which a started server never sees.
 */
export const signingKey = (purpose: "unsubscribe" | "email_open") =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.cached(
      sql<{ secret: Uint8Array }>`select secret from signing_keys where purpose = ${purpose}`.pipe(
        Effect.flatMap((rows) =>
          rows[0]
            ? Effect.succeed(Buffer.from(rows[0].secret))
            : Effect.dieMessage(`No ${purpose} signing key: its migration has not run`),
        ),
        Effect.orDie,
      ),
    ),
  )
