import { SqlClient, type Statement } from "@effect/sql"
import { Release } from "@folio/core"
import { Effect, Option, Schema } from "effect"

const decodeReleases = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Release)))

/** A report as scheduling sees it, locked until the transaction ends. */
export interface LockedReport {
  readonly id: string
  readonly externalId: string | null
  readonly title: string
  readonly status: string
  readonly releaseAt: Date | null
  readonly tickers: ReadonlyArray<string>
  readonly channels: ReadonlyArray<string>
  readonly version: number
}

/** Release times and holds of reports, and the schedule, as stored. */
export class ReleasesRepo extends Effect.Service<ReleasesRepo>()("@folio/server/ReleasesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const lockReports = (where: Statement.Fragment) =>
      sql<LockedReport>`
        select id, external_id, title, status, release_at, tickers, channels, version
        from reports r where ${where} for update`.pipe(Effect.orDie)

    const lockOne = (id: string) =>
      lockReports(sql`r.id = ${id}`).pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

    /** The reports named by external id (`refs`) or by id (`uuids`), locked. */
    const lockByRefs = (refs: ReadonlyArray<string>, uuids: ReadonlyArray<string>) =>
      lockReports(sql`r.external_id = any(${refs}::text[]) or r.id = any(${uuids}::uuid[])`)

    /** The report is scheduled at `releaseAt` (no longer held), to `channels` when given. */
    const schedule = (id: string, releaseAt: Date, channels?: ReadonlyArray<string>) =>
      sql`
          update reports set status = 'scheduled', release_at = ${releaseAt}, held_reason = null,
            released_late = false, updated_at = now()
            ${channels ? sql`, channels = ${[...channels]}::text[]` : sql``}
          where id = ${id}`.pipe(Effect.orDie, Effect.asVoid)

    const unschedule = (id: string) =>
      sql`
          update reports set status = 'approved', release_at = null, held_reason = null, updated_at = now()
          where id = ${id}`.pipe(Effect.orDie, Effect.asVoid)

    /**
     * Up to `limit` due scheduled reports that are not held, claimed with SKIP LOCKED so another
     * instance's transaction takes others.
     */
    const claimDue = (limit: number) =>
      sql<{ id: string; tickers: ReadonlyArray<string>; releaseAt: Date }>`
            select id, tickers, release_at from reports
            where status = 'scheduled' and held_reason is null and release_at <= now()
            order by release_at, id limit ${limit}
            for update skip locked`.pipe(Effect.orDie)

    const hold = (id: string, reason: string) =>
      sql`update reports set held_reason = ${reason}, updated_at = now() where id = ${id}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /**
     * Scheduled reports (held ones whatever their time) up to `to` (no bound when null), and
     * reports released from `from` to `to`, by release time.
     */
    const list = (from: Date, to: Date | null, limit: number) =>
      sql`
          select r.id as report_id, r.external_id, r.title, r.status, r.release_at, r.published_at,
                 r.held_reason, r.released_late as late, r.tickers, r.channels, r.version,
                 coalesce((select array_agg(distinct a.embargo_hours order by a.embargo_hours)
                           from report_audience a where a.report_id = r.id), '{0}') as tiers
          from reports r
          where (r.status = 'scheduled'
                 and (r.held_reason is not null or ${to}::timestamptz is null or r.release_at <= ${to}))
             or (r.status = 'published' and r.release_at is not null and r.release_at >= ${from}
                 and (${to}::timestamptz is null or r.release_at <= ${to}))
          order by r.release_at, r.id
          limit ${limit}`.pipe(Effect.flatMap(decodeReleases), Effect.orDie)

    /** Every channel's name, lower-cased. */
    const channelNames = sql<{ name: string }>`select lower(name) as name from channels`.pipe(
      Effect.map((rows) => rows.map((c) => c.name)),
      Effect.orDie,
    )

    return { lockOne, lockByRefs, schedule, unschedule, claimDue, hold, list, channelNames } as const
  }),
}) {}
