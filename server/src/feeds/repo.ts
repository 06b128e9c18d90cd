import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { type EpisodeReach, episodeReachClause } from "../podcasts/reach.js"
import { reachClause } from "../reports/reach.js"

/**
 * All SQL of the private feeds: feed tokens (stored as their SHA-256), the owner's company, and
 * what a podcast feed holds (the show, the episodes its owner may hear, the publisher's name, an
 * episode's transcript). Who may hear what is decided by the reach passed in (podcasts/reach.ts).
 */

/** A show as a podcast feed gives it. */
export interface PodcastFeedShow {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly language: string
  readonly category: string
  readonly explicit: boolean
  readonly artworkKey: string | null
}

/** An episode as a podcast feed gives it. */
export interface PodcastFeedEpisode {
  readonly id: string
  readonly guid: string
  readonly title: string
  readonly notes: string
  readonly hasTranscript: boolean
  readonly season: number | null
  readonly episodeNumber: number | null
  readonly publishedAt: Date
  readonly audioMime: string | null
  readonly audioSize: string | number | null
  readonly audioDurationSeconds: number | null
  /** The linked report, only when the feed's owner may read it. */
  readonly reportId: string | null
}

export class FeedsRepo extends Effect.Service<FeedsRepo>()("@folio/server/FeedsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    // -- feed tokens ------------------------------------------------------------------------

    /** The user's token, when they have one: when it was made and last used. */
    const tokenOf = (userId: string) =>
      sql<{ createdAt: Date; lastUsedAt: Date | null }>`
        select created_at, last_used_at from feed_tokens where user_id = ${userId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    /** Stores the user's token (by its hash), replacing the one they had; when it was made. */
    const saveToken = (userId: string, tokenHash: string) =>
      sql<{ createdAt: Date }>`
        insert into feed_tokens (user_id, token_hash) values (${userId}, ${tokenHash})
        on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now(), last_used_at = null
        returning created_at`.pipe(
        Effect.map((rows) => rows[0]!.createdAt),
        Effect.orDie,
      )

    const deleteToken = (userId: string) =>
      sql`delete from feed_tokens where user_id = ${userId}`.pipe(Effect.asVoid, Effect.orDie)

    /** The active user the token (by its hash) belongs to, noting the use. */
    const useToken = (tokenHash: string) =>
      sql<{ userId: string }>`
        update feed_tokens t set last_used_at = now()
        from users u
        where t.token_hash = ${tokenHash} and u.id = t.user_id and u.status = 'active'
        returning t.user_id`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.userId)),
        Effect.orDie,
      )

    /** A token owner's company. */
    const companyOf = (userId: string) =>
      sql<{
        companyId: string
      }>`select company_id from users where id = ${userId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.companyId)),
        Effect.orDie,
      )

    // -- podcast feeds ----------------------------------------------------------------------

    /** The shows with a published episode the reach may hear, by title. */
    const showsHeard = (reach: EpisodeReach) =>
      sql<{ id: string; title: string }>`
        select s.id, s.title from podcast_shows s
        where exists (select 1 from podcast_episodes e where e.show_id = s.id and ${episodeReachClause(sql, reach)})
        order by s.title, s.id`.pipe(Effect.orDie)

    const show = (showId: string) =>
      sql<PodcastFeedShow>`
        select id, title, description, language, category, explicit, artwork_key
        from podcast_shows where id = ${showId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    /** The show's newest `limit` episodes with audio the reach may hear; the linked report only when it may read it. */
    const episodesHeard = (showId: string, reach: EpisodeReach, limit: number) =>
      sql<PodcastFeedEpisode>`
        select e.id, e.guid, e.title, e.notes, e.transcript is not null as has_transcript, e.season,
               e.episode_number, e.published_at, e.audio_mime, e.audio_size, e.audio_duration_seconds,
               case when e.report_id is not null and exists (
                 select 1 from reports r where r.id = e.report_id and ${reachClause(sql, reach)}
               ) then e.report_id end as report_id
        from podcast_episodes e
        where e.show_id = ${showId} and e.audio_key is not null and ${episodeReachClause(sql, reach)}
        order by e.published_at desc, e.id desc
        limit ${limit}`.pipe(Effect.orDie)

    /** The publisher company's name, for a feed's author and owner. */
    const publisherName = sql<{ name: string }>`select name from companies where kind = 'publisher'`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0]?.name)),
      Effect.orDie,
    )

    /** An episode's transcript, when the reach may hear the episode and it has one. */
    const transcriptHeard = (episodeId: string, reach: EpisodeReach) =>
      sql<{ transcript: string | null }>`
        select e.transcript from podcast_episodes e
        where e.id = ${episodeId} and ${episodeReachClause(sql, reach)}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.transcript)),
        Effect.orDie,
      )

    return {
      tokenOf,
      saveToken,
      deleteToken,
      useToken,
      companyOf,
      showsHeard,
      show,
      episodesHeard,
      publisherName,
      transcriptHeard,
    } as const
  }),
}) {}
