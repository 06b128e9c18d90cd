import { SqlClient } from "@effect/sql"
import { standardDisclosures } from "@folio/core"
import { Effect } from "effect"

/** A release this long after its time is flagged late (no instance was running, or it was held). */
export const lateAfterSeconds = 60

/**
 * Creates the deliveries of a report — one per enabled channel it goes to × audience tier — and
 * queues each for its tier's time, in the caller's transaction. A report naming no channels goes
 * to every enabled channel. The unique index on deliveries makes a second call a no-op, so a
 * release that runs twice still creates each delivery once. Returns how many were created.
 */
export const createDeliveries = (
  reportId: string,
  event: "report.published" | "report.corrected",
  reportVersion: number,
  changeNote: string | null,
) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ id: string }>`
      with r as (select id, channels, published_at from reports where id = ${reportId}),
      tiers as (
        select distinct embargo_hours as hours from report_audience where report_id = ${reportId}
        union select 0 where not exists (select 1 from report_audience where report_id = ${reportId})),
      targets as (
        select c.id from channels c, r
        where c.enabled
          and (cardinality(r.channels) = 0
               or lower(c.name) = any(select lower(x) from unnest(r.channels) x))),
      inserted as (
        insert into deliveries (report_id, channel_id, event, report_version, tier_hours, next_attempt_at, change_note)
        select r.id, targets.id, ${event}, ${reportVersion}, tiers.hours,
               greatest(now(), r.published_at + make_interval(hours => tiers.hours)), ${changeNote}
        from r, targets, tiers
        on conflict (report_id, channel_id, tier_hours, event, report_version) where report_id is not null
        do nothing
        returning id, next_attempt_at)
      select inserted.id from inserted,
        lateral graphile_worker.add_job('deliver', json_build_object('deliveryId', id),
          run_at => next_attempt_at, max_attempts => 25, job_key => 'deliver:' || id) job`,
  ).pipe(
    Effect.map((rows) => rows.length),
    Effect.orDie,
  )

/**
 * Publishes a report in the caller's transaction: status, time, disclosures, the late flag when
 * it went out over a minute after its release time or after being held, and its deliveries. The release job stays
 * queued only if this is not it; callers remove it (`release:<id>`).
 */
export const publishReport = (reportId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ late: boolean; releaseAt: Date | null; publishedAt: Date }>`
      update reports set
        status = 'published',
        published_at = coalesce(published_at, now()),
        disclosures = coalesce(disclosures, ${standardDisclosures}),
        released_late = coalesce(held_reason is not null or release_at < now() - make_interval(secs => ${lateAfterSeconds}), false),
        held_reason = null,
        updated_at = now()
      where id = ${reportId}
      returning released_late as late, release_at, published_at`
    const deliveries = yield* createDeliveries(reportId, "report.published", 0, null)
    return { ...rows[0]!, deliveries }
  }).pipe(Effect.orDie)
