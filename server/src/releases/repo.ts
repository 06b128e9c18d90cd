import { SqlClient, type Statement } from "@effect/sql"
import { Blackout, type BlackoutInput, Release, RestrictedTicker } from "@folio/core"
import { Effect, Option, Schema } from "effect"

const decodeReleases = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Release)))
const decodeBlackouts = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Blackout)))
const decodeRestricted = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(RestrictedTicker)))

/** A release this long after its time is flagged late (no instance was running, or it was held). */
export const lateAfterSeconds = 60

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

/** A ticker on the restricted list, as a release check reads it. */
export interface Restriction {
  readonly symbol: string
  readonly reason: string
}

/** A blackout period in force, as a release check reads it; no ticker: every report. */
export interface ActiveBlackout {
  readonly ticker: string | null
  readonly reason: string
  readonly endsAt: Date
}

/** A report as it is published. */
export interface Published {
  readonly id: string
  readonly late: boolean
  readonly releaseAt: Date | null
  readonly publishedAt: Date
}

/**
 * Release times and holds of reports, the schedule, publishing, and the rules that stop releases
 * (blackout periods and the restricted list), as stored.
 */
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

    /**
     * Publishes the reports: status, time, disclosures (`disclosures` unless they have their own),
     * the late flag when one went out over `lateAfterSeconds` after its release time or after
     * being held.
     */
    const publish = (reportIds: ReadonlyArray<string>, disclosures: string) =>
      sql<Published>`
      update reports set
        status = 'published',
        published_at = coalesce(published_at, now()),
        disclosures = coalesce(disclosures, ${disclosures}),
        released_late = coalesce(held_reason is not null or release_at < now() - make_interval(secs => ${lateAfterSeconds}), false),
        held_reason = null,
        updated_at = now()
      where id = any(${[...reportIds]}::uuid[])
      returning id, released_late as late, release_at, published_at`

    /** Blackout periods that end after `from` (now by default) and, given `to`, start before it. */
    const blackouts = (params: { from?: Date | undefined; to?: Date | undefined }) =>
      sql`
        select b.id, b.starts_at, b.ends_at, b.ticker, b.reason, u.name as created_by, b.created_at
        from blackouts b left join users u on u.id = b.created_by
        where b.ends_at > ${params.from ?? new Date()}
          ${params.to ? sql`and b.starts_at < ${params.to}` : sql``}
        order by b.starts_at, b.id limit 1000`.pipe(Effect.flatMap(decodeBlackouts), Effect.orDie)

    /** Whether the ticker exists. */
    const tickerExists = (symbol: string) =>
      sql`select 1 from tickers where symbol = ${symbol}`.pipe(Effect.map((rows) => rows.length > 0))

    /** A new blackout period; its id. */
    const insertBlackout = (input: BlackoutInput, createdBy: string) =>
      sql<{ id: string }>`
          insert into blackouts (starts_at, ends_at, ticker, reason, created_by)
          values (${input.startsAt}, ${input.endsAt}, ${input.ticker}, ${input.reason}, ${createdBy})
          returning id`.pipe(Effect.map((rows) => rows[0]!.id))

    /** Deletes the blackout period; its reason, or none when there was no such period. */
    const deleteBlackout = (id: string) =>
      sql<{ reason: string }>`delete from blackouts where id = ${id} returning reason`.pipe(
        Effect.map((rows) => rows[0]?.reason),
      )

    const restricted = sql`
      select t.symbol, t.reason, u.name as created_by, t.created_at
      from restricted_tickers t left join users u on u.id = t.created_by order by t.symbol`.pipe(
      Effect.flatMap(decodeRestricted),
      Effect.orDie,
    )

    /** Puts the ticker on the restricted list, or changes the reason it is there. */
    const restrict = (symbol: string, reason: string, createdBy: string) =>
      sql`
          insert into restricted_tickers (symbol, reason, created_by) values (${symbol}, ${reason}, ${createdBy})
          on conflict (symbol) do update set reason = excluded.reason`.pipe(Effect.asVoid)

    /** Takes the ticker off the restricted list; whether it was on it. */
    const unrestrict = (symbol: string) =>
      sql`delete from restricted_tickers where symbol = ${symbol} returning symbol`.pipe(
        Effect.map((rows) => rows.length > 0),
      )

    /** The restricted tickers among `symbols`. */
    const restrictionsOf = (symbols: ReadonlyArray<string>) =>
      sql<Restriction>`
          select symbol, reason from restricted_tickers where symbol = any(${symbols}::text[]) order by symbol`

    /**
     * The blackout periods in force at `at`, global or about one of `symbols`: a global one first,
     * then the longest.
     */
    const blackoutsAt = (at: Date | "now", symbols: ReadonlyArray<string>) => {
      const instant = at === "now" ? sql`now()` : sql`${at}::timestamptz`
      return sql<ActiveBlackout>`
      select ticker, reason, ends_at from blackouts
      where starts_at <= ${instant} and ends_at > ${instant}
        and (ticker is null or ticker = any(${symbols}::text[]))
      order by ticker nulls first, ends_at desc`
    }

    return {
      lockOne,
      lockByRefs,
      schedule,
      unschedule,
      claimDue,
      hold,
      list,
      channelNames,
      publish,
      blackouts,
      tickerExists,
      insertBlackout,
      deleteBlackout,
      restricted,
      restrict,
      unrestrict,
      restrictionsOf,
      blackoutsAt,
    } as const
  }),
}) {}
