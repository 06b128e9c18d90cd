import type { ClientEvent } from "@folio/core"
import { type APIRequestContext, expect } from "@playwright/test"
import pg from "pg"
import { write } from "./directory"

/**
 * The suite's server keeps its events in a database of its own (`folio_e2e_<pid>` on the external
 * PostgreSQL, server/test/e2e-server.ts), whose name a spec is not told: it is the one holding a
 * report the spec has just made. Other runs on other ports have theirs on the same PostgreSQL, so
 * the report is what tells them apart. Needs `DATABASE_URL` (undefined without one: the caller skips).
 */
export const serverDatabase = async (reportId: string): Promise<pg.Client | undefined> => {
  const external = process.env.DATABASE_URL
  if (external === undefined) return undefined
  const admin = new pg.Client({ connectionString: external })
  await admin.connect()
  const names = await admin
    .query<{ datname: string }>(
      "select datname from pg_database where datname like 'folio\\_e2e\\_%' and datname not like 'folio\\_e2e\\_kept\\_%'",
    )
    .finally(() => admin.end())
  for (const { datname } of names.rows) {
    const url = new URL(external)
    url.pathname = `/${datname}`
    const client = new pg.Client({ connectionString: url.toString() })
    try {
      await client.connect()
      const found = await client.query("select 1 from reports where id = $1", [reportId])
      if (found.rowCount === 1) return client
    } catch {
      // A database another run is still creating, or dropping: not ours.
    }
    await client.end().catch(() => undefined)
  }
  throw new Error(`No e2e database holds report ${reportId}`)
}

/** Moves every pending event into the raw table and the rollups now, as the minute's job would. */
export const rollup = async (db: pg.Client): Promise<void> => {
  await db.query("select readership_rollup()")
}

/** Records events as whoever `request` is signed in as (the console's own endpoint, CSRF and all). */
export const postEvents = (
  request: APIRequestContext,
  events: ReadonlyArray<Omit<ClientEvent, "at"> & { readonly at?: Date }>,
): Promise<{ readonly accepted: number }> =>
  write(
    request,
    "POST",
    "/api/events",
    { events: events.map((event) => ({ ...event, at: (event.at ?? new Date()).toISOString() })) },
    200,
  )

export interface RawCounts {
  readonly views: number
  readonly reads: number
  readonly readers: number
  readonly searches: number
  readonly signIns: number
  readonly feedFetches: number
  readonly emailOpens: number
  readonly podcastPlays: number
}

/**
 * Counts over the raw events (never the rollups) for the UTC days `from`–`to`, narrowed to a
 * company, a team or the reports one analyst wrote: what /analytics must agree with.
 */
export const rawCounts = async (
  db: pg.Client,
  range: { readonly from: string; readonly to: string },
  narrow: { readonly companyId?: string; readonly teamId?: string; readonly authorId?: string } = {},
): Promise<RawCounts> => {
  const { rows } = await db.query<RawCounts>(
    `select
       count(*) filter (where kind = 'report_view')::int as views,
       count(*) filter (where kind = 'report_read')::int as reads,
       count(distinct user_id) filter (where kind = 'report_read')::int as readers,
       count(*) filter (where kind = 'search')::int as searches,
       count(*) filter (where kind = 'sign_in')::int as "signIns",
       count(*) filter (where kind = 'feed_fetch')::int as "feedFetches",
       count(*) filter (where kind = 'email_open')::int as "emailOpens",
       count(*) filter (where kind = 'podcast_play')::int as "podcastPlays"
     from readership_events
     where (at at time zone 'UTC')::date between $1::date and $2::date
       and ($3::uuid is null or company_id = $3)
       and ($4::uuid is null or team_id = $4)
       and ($5::uuid is null or report_id in (select id from reports where $5::uuid = any(author_ids)))`,
    [range.from, range.to, narrow.companyId ?? null, narrow.teamId ?? null, narrow.authorId ?? null],
  )
  const [counts] = rows
  expect(counts).toBeDefined()
  return counts as RawCounts
}
