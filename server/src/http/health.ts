import { HttpApiBuilder } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { FolioApi, ServiceUnavailable } from "@folio/core"
import { Effect } from "effect"
import { startedAt, version } from "../build-info.js"
import { AppConfig, deploymentIdOf } from "../config.js"
import { DatabaseInfo } from "../db/database.js"
import { currentMigration, latestMigration } from "../db/migrations.js"

export const HealthLive = HttpApiBuilder.group(FolioApi, "health", (handlers) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const { embedded } = yield* DatabaseInfo
    const deploymentId = deploymentIdOf(config)
    return handlers.handle("health", () =>
      Effect.gen(function* () {
        const started = performance.now()
        const [row] = yield* sql<{ version: string }>`select current_setting('server_version') as version`
        const latencyMs = Math.round((performance.now() - started) * 100) / 100
        const current = yield* currentMigration
        return {
          status: "ok" as const,
          version,
          deploymentId,
          database: { ok: true, latencyMs, engine: `PostgreSQL ${row?.version ?? "?"}`, embedded },
          migration: { current, latest: latestMigration },
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        }
      }).pipe(
        Effect.timeoutFail({
          duration: "5 seconds",
          onTimeout: () =>
            new ServiceUnavailable({ message: "The database did not answer within 5 seconds." }),
        }),
        Effect.catchTag("SqlError", (error) =>
          Effect.logError("Health check failed", error).pipe(
            Effect.zipRight(new ServiceUnavailable({ message: "The database is unreachable." })),
          ),
        ),
      ),
    )
  }),
)
