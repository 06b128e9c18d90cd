import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { ConfigStore } from "../config/store.js"
import { AppConfig } from "../config.js"
import { expireReadership, makeReadershipMonths } from "../readership/repo.js"
import { enqueueWith } from "./worker.js"

/**
 * Deletes what no one needs any more: audit entries past the retention setting, finished
 * sessions, used or expired links, stale rate-limit windows, abandoned sign-on attempts,
 * month-old import batch records and mail, podcast uploads left unfinished for a week, and error reports past the inbox's retention (from
 * the configuration store; while the store is missing the inbox is left alone, since its
 * retention is not known). Every statement is idempotent, so several instances running it at
 * once do no harm.
 */
export const housekeeping = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const { auditRetentionDays } = yield* AppConfig
  const count = (rows: ReadonlyArray<unknown>) => rows.length
  const config = (yield* ConfigStore).current()
  const inboxDays = config.status === "ready" ? config.snapshot.settings["errorReports.retentionDays"] : null
  const inboxRetention = sql`make_interval(days => ${inboxDays}::int)`
  const removed = {
    audit: count(
      yield* sql`delete from audit_log where at < now() - make_interval(days => ${auditRetentionDays}) returning id`,
    ),
    sessions: count(
      yield* sql`delete from sessions where coalesce(revoked_at, expires_at) < now() - interval '30 days' returning id`,
    ),
    links: count(
      yield* sql`delete from auth_links where expires_at < now() - interval '7 days' returning id`,
    ),
    rateLimits: count(
      yield* sql`delete from rate_limits where window_start < now() - interval '1 day' returning key`,
    ),
    ssoAttempts: count(
      yield* sql`delete from oidc_states where created_at < now() - interval '1 hour' returning state`,
    ),
    // The error inbox keeps events and traces for its retention setting (30 days by default);
    // an issue goes when its last event has.
    errorEvents: count(
      yield* sql`delete from error_events where received_at < now() - ${inboxRetention} returning id`,
    ),
    traces: count(yield* sql`delete from traces where received_at < now() - ${inboxRetention} returning id`),
    errorIssues: count(
      yield* sql`
        delete from error_issues i
        where i.last_seen < now() - ${inboxRetention}
          and not exists (select 1 from error_events e where e.issue_id = i.id)
        returning id`,
    ),
    // Sent or given up: a month is long enough to look into a delivery, and the links have expired.
    mail: count(yield* sql`delete from outbox where created_at < now() - interval '30 days' returning id`),
    // A re-run of an interrupted import comes within hours, not months.
    importBatches: count(
      yield* sql`delete from import_batches where created_at < now() - interval '30 days' returning batch_key`,
    ),
    importExternalIds: count(
      yield* sql`delete from import_external_ids where created_at < now() - interval '30 days' returning import_id`,
    ),
    // Podcast uploads never finished in a week: their bytes go with the job queued alongside.
    podcastUploads: yield* sql.withTransaction(
      Effect.gen(function* () {
        const rows = yield* sql<{ id: string }>`
          delete from podcast_uploads where finished_at is null and created_at < now() - interval '7 days'
          returning id`
        if (rows.length > 0) {
          yield* enqueueWith(sql, "podcast_media_delete", { uploads: rows.map((row) => row.id) })
        }
        return rows.length
      }),
    ),
  }
  // Readership: raw events past their retention go (whole months at once); the next months are made.
  const readershipDays =
    config.status === "ready" ? config.snapshot.settings["readership.retentionDays"] : null
  const expired = readershipDays === null ? 0 : yield* expireReadership(sql, readershipDays)
  yield* makeReadershipMonths(sql)
  // The search index's months, three ahead (0010_report_search); a no-op within a month.
  const [months] = yield* sql<{ made: number }>`select report_search_extend() as made`
  yield* Effect.logDebug("Housekeeping done").pipe(
    Effect.annotateLogs({
      ...removed,
      readershipEvents: expired,
      searchMonthsMade: months?.made ?? 0,
    }),
  )
  return { ...removed, readershipEvents: expired }
})
