import type { SqlClient, Statement } from "@effect/sql"
import type { Actor } from "@folio/core"
import type { Effect } from "effect"
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
 * This module runs no statement itself: a caller's reach is the reports' (`reportReachOf`), the
 * reach of a user known only by id is read by `PodcastsRepo.reachOfUser`, and the clause is a
 * fragment the repositories' statements embed.
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
