import { SqlClient, type Statement } from "@effect/sql"
import type { PodcastCategory, Show, ShowId } from "@folio/core"
import { Effect, Option } from "effect"
import { episodeReachClause } from "./reach.js"
import type { EpisodeScope } from "./repo.js"

/** All SQL of podcast shows: each with its episodes counted (all of them, or those heard), and their artwork. */

export interface ShowWrite {
  readonly title: string
  readonly description: string
  readonly language: string
  readonly category: string
  readonly explicit: boolean
}

interface ShowRow {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly language: string
  readonly category: string
  readonly explicit: boolean
  readonly artworkUpdatedAt: Date | null
  readonly episodeCount: number
  readonly publishedCount: number
  readonly latestPublishedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

const toShow = (row: ShowRow): Show => ({
  id: row.id as ShowId,
  title: row.title,
  description: row.description,
  language: row.language,
  category: row.category as PodcastCategory,
  explicit: row.explicit,
  artworkUpdatedAt: row.artworkUpdatedAt,
  episodeCount: row.episodeCount,
  publishedCount: row.publishedCount,
  latestPublishedAt: row.latestPublishedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

export class PodcastShowsRepo extends Effect.Service<PodcastShowsRepo>()("@folio/server/PodcastShowsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** Shows with their episodes counted: all of them, or only the shows and episodes heard. */
    const shows = (scope: EpisodeScope, where: Statement.Fragment = sql`true`) =>
      sql<ShowRow>`
        select s.id, s.title, s.description, s.language, s.category, s.explicit, s.artwork_updated_at,
               count(e.id)::int as episode_count,
               (count(e.id) filter (where e.status = 'published'))::int as published_count,
               max(e.published_at) filter (where e.status = 'published') as latest_published_at,
               s.created_at, s.updated_at
        from podcast_shows s
        ${
          scope.kind === "all"
            ? sql`left join podcast_episodes e on e.show_id = s.id`
            : sql`join podcast_episodes e on e.show_id = s.id and ${episodeReachClause(sql, scope.reach)}`
        }
        where ${where}
        group by s.id
        order by lower(s.title), s.id`.pipe(
        Effect.map((rows) => rows.map(toShow)),
        Effect.orDie,
      )

    const findShow = (id: string) =>
      shows({ kind: "all" }, sql`s.id = ${id}`).pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

    const insertShow = (w: ShowWrite, createdBy: string) =>
      sql<{ id: string }>`
        insert into podcast_shows (title, description, language, category, explicit, created_by)
        values (${w.title}, ${w.description}, ${w.language}, ${w.category}, ${w.explicit}, ${createdBy})
        returning id`.pipe(
        Effect.map((rows) => rows[0]!.id),
        Effect.orDie,
      )

    const updateShow = (id: string, w: ShowWrite) =>
      sql`
        update podcast_shows set title = ${w.title}, description = ${w.description}, language = ${w.language},
               category = ${w.category}, explicit = ${w.explicit}, updated_at = now()
        where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    /** Locks the show for a delete; its title, artwork and how many episodes it still has. */
    const lockShow = (id: string) =>
      sql<{ title: string; artworkKey: string | null; episodes: number }>`
        select s.title, s.artwork_key,
               (select count(*)::int from podcast_episodes e where e.show_id = s.id) as episodes
        from podcast_shows s where s.id = ${id} for update`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    const deleteShow = (id: string) =>
      sql`delete from podcast_shows where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    /** The show's artwork, if it has any. */
    const artworkOf = (id: string) =>
      sql<{ artworkKey: string; artworkType: string; artworkUpdatedAt: Date }>`
        select artwork_key, artwork_type, artwork_updated_at from podcast_shows
        where id = ${id} and artwork_key is not null`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    /** Locks the show for new artwork; the artwork it has now, or none if there is no such show. */
    const lockArtwork = (id: string) =>
      sql<{ artworkKey: string | null }>`
        select artwork_key from podcast_shows where id = ${id} for update`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (row) => row.artworkKey)),
        Effect.orDie,
      )

    /** The show's new artwork; when it was set. */
    const setArtwork = (id: string, key: string, type: string) =>
      sql<{ artworkUpdatedAt: Date }>`
        update podcast_shows set artwork_key = ${key}, artwork_type = ${type},
          artwork_updated_at = now(), updated_at = now()
        where id = ${id} returning artwork_updated_at`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    return {
      shows,
      findShow,
      insertShow,
      updateShow,
      lockShow,
      deleteShow,
      artworkOf,
      lockArtwork,
      setArtwork,
    } as const
  }),
}) {}
