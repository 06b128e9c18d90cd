import { Migrator, SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { runMigrations as runWorkerMigrations } from "graphile-worker"
import type pg from "pg"
import { workerLogger } from "../jobs/workerLog.js"
import identity from "./migrations/0001_identity.js"
import tokensAuditLimits from "./migrations/0002_tokens_audit_limits.js"
import directory from "./migrations/0003_directory.js"
import mailAndLinks from "./migrations/0004_mail_and_links.js"
import profile from "./migrations/0005_profile.js"
import sso from "./migrations/0006_sso.js"
import reports from "./migrations/0007_reports.js"
import errorReports from "./migrations/0008_error_reports.js"
import reportIndexes from "./migrations/0009_report_indexes.js"
import reportSearch from "./migrations/0010_report_search.js"
import reportSearchRows from "./migrations/0011_report_search_rows.js"
import outboxRetry from "./migrations/0012_outbox_retry.js"
import outboxLetters from "./migrations/0013_outbox_letters.js"
import releases from "./migrations/0014_releases.js"
import emailChannel from "./migrations/0015_email_channel.js"
import deliveryQueue from "./migrations/0016_delivery_queue.js"
import configStore from "./migrations/0017_config_store.js"
import instances from "./migrations/0018_instances.js"
import importExternalIds from "./migrations/0019_import_external_ids.js"
import revisionSessions from "./migrations/0020_revision_sessions.js"
import coverageKpis from "./migrations/0021_coverage_kpis.js"
import readership from "./migrations/0022_readership.js"
import podcasts from "./migrations/0023_podcasts.js"
import aiRuns from "./migrations/0024_ai_runs.js"

/** Forward-only migrations, applied in id order on start and by `folio-server migrate`. */
const migrations = {
  "0001_identity": identity,
  "0002_tokens_audit_limits": tokensAuditLimits,
  "0003_directory": directory,
  "0004_mail_and_links": mailAndLinks,
  "0005_profile": profile,
  "0006_sso": sso,
  "0007_reports": reports,
  "0008_error_reports": errorReports,
  "0009_report_indexes": reportIndexes,
  "0010_report_search": reportSearch,
  "0011_report_search_rows": reportSearchRows,
  "0012_outbox_retry": outboxRetry,
  "0013_outbox_letters": outboxLetters,
  "0014_releases": releases,
  "0015_email_channel": emailChannel,
  "0016_delivery_queue": deliveryQueue,
  "0017_config_store": configStore,
  "0018_instances": instances,
  "0019_import_external_ids": importExternalIds,
  "0020_revision_sessions": revisionSessions,
  "0021_coverage_kpis": coverageKpis,
  "0022_readership": readership,
  "0023_podcasts": podcasts,
  "0024_ai_runs": aiRuns,
} as const

export const latestMigration = Object.keys(migrations).sort().at(-1) ?? "none"

export const runMigrations = Migrator.make({})({
  loader: Migrator.fromRecord(migrations),
  table: "folio_migrations",
})

/**
 * graphile-worker's own schema (`graphile_worker`), installed or brought up to date; idempotent,
 * and safe with several instances starting at once (it takes an advisory lock).
 */
export const migrateJobQueue = (pool: pg.Pool) =>
  Effect.tryPromise({
    try: () => runWorkerMigrations({ pgPool: pool, logger: workerLogger() }),
    catch: (cause) => new Error(`Could not install the job queue's schema: ${String(cause)}`),
  }).pipe(Effect.orDie)

/** The migrations up to and including `last`: a database as an older release left it (tests). */
export const runMigrationsUpTo = (last: keyof typeof migrations) =>
  Migrator.make({})({
    loader: Migrator.fromRecord(Object.fromEntries(Object.entries(migrations).filter(([id]) => id <= last))),
    table: "folio_migrations",
  })

/** `0001_identity` from the migrator's (id, name) row. */
export const migrationLabel = (id: number, name: string): string => `${String(id).padStart(4, "0")}_${name}`

/** One round trip for the health check: the server's version and the newest applied migration. */
export const databaseStatus = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ version: string; migrationId: number | null; name: string | null }>`
    select current_setting('server_version') as version, m.migration_id, m.name
    from (select 1) one
    left join lateral (
      select migration_id, name from folio_migrations order by migration_id desc limit 1
    ) m on true`
  const row = rows[0]
  return {
    engine: `PostgreSQL ${row?.version ?? "?"}`,
    migration: row?.migrationId != null && row.name ? migrationLabel(row.migrationId, row.name) : null,
  }
})
