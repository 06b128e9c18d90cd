import { SqlClient } from "@effect/sql"
import { ratingDistributionDisclosure, standardDisclosures } from "@folio/core"
import { Effect } from "effect"
import { applyReportCalls } from "../coverage/calls.js"
import type { CoverageRepo } from "../coverage/repo.js"
import { publishFollowingEpisodes } from "../podcasts/repo.js"

/** A release this long after its time is flagged late (no instance was running, or it was held). */
export const lateAfterSeconds = 60

/**
 * Deliveries due at one instant are sent by `deliver_due` jobs (channels/deliver.ts), each
 * claiming batches until none is left: one per this many deliveries, at most this many at once,
 * so a large fan-out is worked on by several jobs (and instances) side by side.
 */
const deliveriesPerDueJob = 200
const dueJobsPerInstant = 8

/**
 * Creates the deliveries of reports — one per enabled channel each goes to × audience tier — and
 * queues their sending for each tier's time, in the caller's transaction, in one statement. A report naming
 * no channels goes to every enabled channel. The unique index on deliveries makes a second call a
 * no-op, so a release that runs twice still creates each delivery once. Returns how many were made.
 */
export const createDeliveries = (
  reportIds: ReadonlyArray<string>,
  event: "report.published" | "report.corrected",
  reportVersion: number,
  changeNote: string | null,
) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ created: number; jobs: number }>`
      with r as (select id, channels, published_at from reports where id = any(${[...reportIds]}::uuid[])),
      tiers as (
        select r.id as report_id, t.hours from r
        cross join lateral (
          select distinct a.embargo_hours as hours from report_audience a where a.report_id = r.id
          union select 0 where not exists (select 1 from report_audience a where a.report_id = r.id)) t),
      targets as (
        select r.id as report_id, c.id as channel_id from r
        join channels c on c.enabled
          and (cardinality(r.channels) = 0 or lower(c.name) = any(select lower(x) from unnest(r.channels) x))),
      inserted as (
        insert into deliveries (report_id, channel_id, event, report_version, tier_hours, next_attempt_at, change_note)
        select r.id, targets.channel_id, ${event}, ${reportVersion}, tiers.hours,
               greatest(now(), r.published_at + make_interval(hours => tiers.hours)), ${changeNote}
        from r
        join targets on targets.report_id = r.id
        join tiers on tiers.report_id = r.id
        on conflict (report_id, channel_id, tier_hours, event, report_version) where report_id is not null
        do nothing
        returning id, next_attempt_at),
      due as (select next_attempt_at as at, count(*)::int as n from inserted group by next_attempt_at),
      jobs as (
        select graphile_worker.add_job('deliver_due', '{}'::json, run_at => due.at, max_attempts => 25,
                 job_key => 'deliver_due:' || (extract(epoch from due.at) * 1000)::bigint || ':' || k)
        from due, generate_series(1, least(${dueJobsPerInstant}, ceil(due.n / ${deliveriesPerDueJob}::numeric)::int)) k)
      select (select count(*)::int from inserted) as created, (select count(*)::int from jobs) as jobs`,
  ).pipe(
    Effect.map((rows) => rows[0]?.created ?? 0),
    Effect.orDie,
  )

export interface Published {
  readonly id: string
  readonly late: boolean
  readonly releaseAt: Date | null
  readonly publishedAt: Date
}

/**
 * Publishes reports in the caller's transaction: the coverage calls they carry (their first
 * ticker, by their first author), status, time, disclosures (with the rating distribution once
 * those calls are in), the late flag when one went out over a minute after its release time or
 * after being held, and their deliveries. A report's release job stays queued unless this is it;
 * callers remove it (`release:<id>`).
 */
/** The repositories a publish writes through, each on the caller's transaction. */
export interface PublishRepos {
  readonly coverage: CoverageRepo
}

export const publishReports = (repos: PublishRepos, reportIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (reportIds.length === 0) return { published: [] as ReadonlyArray<Published>, deliveries: 0 }
    yield* applyReportCalls(repos.coverage, reportIds)
    const distribution = ratingDistributionDisclosure(yield* repos.coverage.ratingDistribution)
    const disclosures =
      distribution === null ? standardDisclosures : `${standardDisclosures}\n\n${distribution}`
    const published = yield* sql<Published>`
      update reports set
        status = 'published',
        published_at = coalesce(published_at, now()),
        disclosures = coalesce(disclosures, ${disclosures}),
        released_late = coalesce(held_reason is not null or release_at < now() - make_interval(secs => ${lateAfterSeconds}), false),
        held_reason = null,
        updated_at = now()
      where id = any(${[...reportIds]}::uuid[])
      returning id, released_late as late, release_at, published_at`
    yield* publishFollowingEpisodes(reportIds)
    const deliveries = yield* createDeliveries(reportIds, "report.published", 0, null)
    return { published, deliveries }
  }).pipe(Effect.orDie)
