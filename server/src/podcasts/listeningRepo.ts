import type { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { type EpisodeReach, episodeReachClause } from "./reach.js"

/**
 * The SQL of listening: a listener's reach (for a feed token's owner), their position in an
 * episode (with the play it may count) and the bytes a feed download has served (with the download
 * it may count). Part of `PodcastsRepo`, which spreads these in.
 */

/** Bytes of an episode served to a feed token's owner. */
export interface DownloadBytes {
  readonly userId: string
  readonly episodeId: string
  readonly bytes: number
}

export const listeningQueries = (sql: SqlClient.SqlClient) => {
  // -- positions --------------------------------------------------------------------------

  /**
   * Upserts the listener's position in one statement, if they may hear the episode (none
   * otherwise). Heard time adds up; once it reaches `countAfter` seconds and no play was
   * counted in the last day, the same statement counts one (sets `play_counted_at`, clears the
   * heard time): the row lock of `on conflict do update` makes two concurrent reports count once.
   */
  const savePosition = (
    userId: string,
    episodeId: string,
    reach: EpisodeReach,
    position: { readonly seconds: number; readonly heardSeconds: number; readonly completed: boolean },
    countAfter: number,
  ) =>
    sql<{ counted: boolean; showTitle: string; title: string; reportId: string | null }>`
      with ep as (
        select e.id, e.title, e.report_id, s.title as show_title
        from podcast_episodes e join podcast_shows s on s.id = e.show_id
        where e.id = ${episodeId} and ${episodeReachClause(sql, reach)}),
      saved as (
        insert into podcast_positions as p (user_id, episode_id, seconds, completed, heard_seconds, play_counted_at, updated_at)
        select ${userId}, ep.id, ${position.seconds}, ${position.completed},
               case when ${position.heardSeconds}::float8 >= ${countAfter} then 0 else ${position.heardSeconds}::float8 end,
               case when ${position.heardSeconds}::float8 >= ${countAfter} then now() end,
               now()
        from ep
        on conflict (user_id, episode_id) do update set
          seconds = excluded.seconds,
          completed = excluded.completed,
          heard_seconds = case
            when p.heard_seconds + ${position.heardSeconds}::float8 >= ${countAfter}
                 and (p.play_counted_at is null or p.play_counted_at < now() - interval '24 hours') then 0
            else p.heard_seconds + ${position.heardSeconds}::float8 end,
          play_counted_at = case
            when p.heard_seconds + ${position.heardSeconds}::float8 >= ${countAfter}
                 and (p.play_counted_at is null or p.play_counted_at < now() - interval '24 hours') then now()
            else p.play_counted_at end,
          updated_at = now()
        returning p.play_counted_at is not null and p.play_counted_at = now() as counted)
      select saved.counted, ep.show_title, ep.title, ep.report_id from saved cross join ep`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0])),
      Effect.orDie,
    )

  // -- feed downloads ---------------------------------------------------------------------

  /**
   * Adds the bytes served to the listener's download of the episode today, in one statement:
   * the row lock of the upsert orders concurrent range requests, so only the one whose bytes
   * cross `needed` sets counted_at (now() is its own transaction's time), unless a download of
   * the episode was counted for them in the last 24 hours. Whether this one counted it.
   */
  const addDownloadBytes = (served: DownloadBytes, needed: number) => {
    const notCountedLately = () =>
      sql`not exists (
        select 1 from podcast_downloads p
        where p.user_id = ${served.userId} and p.episode_id = ${served.episodeId}
          and p.counted_at > now() - interval '24 hours')`
    return sql<{ counted: boolean }>`
      insert into podcast_downloads as d (user_id, episode_id, day, bytes, counted_at)
      values (${served.userId}, ${served.episodeId}, (now() at time zone 'UTC')::date, ${served.bytes},
              case when ${served.bytes}::bigint >= ${needed}::bigint and ${notCountedLately()} then now() end)
      on conflict (user_id, episode_id, day) do update set
        bytes = d.bytes + excluded.bytes,
        counted_at = case
          when d.counted_at is null and d.bytes + excluded.bytes >= ${needed}::bigint and ${notCountedLately()}
          then now() else d.counted_at end
      returning coalesce(d.counted_at = now(), false) as counted`.pipe(
      Effect.map((rows) => rows[0]?.counted === true),
      Effect.orDie,
    )
  }

  // -- reach ------------------------------------------------------------------------------

  /** The episode reach of a user known only by id (a feed token's owner), or none if they are not active. */
  const reachOfUser = (userId: string) =>
    sql<{
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
      where u.id = ${userId} and u.status = 'active'`.pipe(
      Effect.map((rows) =>
        Option.map(
          Option.fromNullable(rows[0]),
          (row): EpisodeReach =>
            row.kind === "publisher"
              ? { kind: "publisher" }
              : {
                  kind: "client",
                  companyId: row.companyId,
                  teamIds: row.teamIds,
                  sectors: row.sectors,
                  suspended: row.status !== "active",
                },
        ),
      ),
      Effect.orDie,
    )

  return { savePosition, addDownloadBytes, reachOfUser } as const
}
