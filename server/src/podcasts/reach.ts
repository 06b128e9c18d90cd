import { SqlClient, type Statement } from "@effect/sql"
import type { Actor } from "@folio/core"
import { Effect } from "effect"
import { type ReportReach, reportReachOf } from "../reports/reach.js"

/**
 * Which episodes a caller may hear, decided once per request and applied in SQL on every path
 * that lists or serves one (the listening page, an episode, its audio, the private feeds), so an
 * episode outside it is simply not found:
 * - publisher: everyone of the publisher company hears every published episode;
 * - client: published episodes whose audience names all clients, their company or one of their
 *   teams, once that entry's embargo has passed; nothing while the company is suspended.
 * Episodes have no sector, so a company's sector entitlements do not limit them.
 * Managing (drafts included) is `podcasts.manage`, checked apart from this.
 */
export type EpisodeReach = Exclude<ReportReach, { kind: "staff" }>

export const episodeReachOf = (actor: Actor) =>
  // "own" never yields the staff reach: listening is the same for editors as for any publisher user.
  reportReachOf(actor, "own") as Effect.Effect<EpisodeReach, never, SqlClient.SqlClient>

/** The WHERE fragment for episodes aliased `e`. */
export const episodeReachClause = (sql: SqlClient.SqlClient, reach: EpisodeReach): Statement.Fragment => {
  if (reach.kind === "publisher") return sql`e.status = 'published'`
  if (reach.suspended) return sql`false`
  const teams =
    reach.teamIds.length === 0
      ? sql`a.team_id is null`
      : sql`(a.team_id is null or a.team_id = any(${[...reach.teamIds]}::uuid[]))`
  return sql`e.status = 'published' and exists (
    select 1 from podcast_episode_audience a
    where a.episode_id = e.id
      and (a.company_id is null or (a.company_id = ${reach.companyId} and ${teams}))
      and e.published_at + make_interval(hours => a.embargo_hours) <= now())`
}

/** The episode reach of a user known only by id (a feed token's owner), or none if they are not active. */
export const episodeReachOfUser = (userId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{
      companyId: string
      kind: string
      status: string
      sectors: ReadonlyArray<string> | null
      teamIds: ReadonlyArray<string>
    }>`
      select c.id as company_id, c.kind, c.status, c.entitled_sectors as sectors,
             coalesce((select array_agg(m.team_id) from team_members m join teams t on t.id = m.team_id
                       where m.user_id = u.id and t.company_id = c.id), '{}') as team_ids
      from users u join companies c on c.id = u.company_id
      where u.id = ${userId} and u.status = 'active'`.pipe(Effect.orDie)
    const row = rows[0]
    if (row === undefined) return undefined
    if (row.kind === "publisher") return { kind: "publisher" } as EpisodeReach
    return {
      kind: "client",
      companyId: row.companyId,
      teamIds: row.teamIds,
      sectors: row.sectors,
      suspended: row.status !== "active",
    } as EpisodeReach
  })
