import { createHash, randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { ShowId } from "@folio/core"
import { Effect, Option } from "effect"
import { AppConfig, publicOriginOf } from "../config.js"
import { episodeReachClause, episodeReachOfUser } from "../podcasts/reach.js"

/** Feed tokens are stored as their SHA-256, like API tokens: the database alone cannot open a feed. */
export const feedTokenHash = (token: string) => createHash("sha256").update(token).digest("hex")

/** The shape of a feed token in a URL; anything else is not looked up. */
export const isFeedTokenShape = (text: string) => /^fd_[A-Za-z0-9_-]{43}$/.test(text)

/**
 * One private feed token per user: it authorises their report feed and their podcast feeds (one
 * per show) in the URL a feed reader keeps, without a password. Making a new one replaces the old;
 * revoking deletes it, and its address answers 404 from then on.
 */
export class FeedTokens extends Effect.Service<FeedTokens>()("@folio/server/FeedTokens", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const origin = publicOriginOf(config)

    const status = (userId: string) =>
      sql<{ createdAt: Date; lastUsedAt: Date | null }>`
        select created_at, last_used_at from feed_tokens where user_id = ${userId}`.pipe(
        Effect.map((rows) => ({
          active: rows.length > 0,
          createdAt: rows[0]?.createdAt ?? null,
          lastUsedAt: rows[0]?.lastUsedAt ?? null,
        })),
        Effect.orDie,
      )

    /** A podcast feed for each show the user may hear a published episode of, by title. */
    const podcastFeedsOf = (userId: string, token: string) =>
      Effect.gen(function* () {
        const reach = yield* episodeReachOfUser(userId)
        if (reach === undefined) return []
        const shows = yield* sql<{ id: string; title: string }>`
          select s.id, s.title from podcast_shows s
          where exists (select 1 from podcast_episodes e where e.show_id = s.id and ${episodeReachClause(sql, reach)})
          order by s.title, s.id`
        return shows.map((show) => ({
          showId: ShowId.make(show.id),
          title: show.title,
          url: `${origin}/feeds/${token}/podcasts/${show.id}`,
        }))
      }).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    const issue = (userId: string) =>
      Effect.gen(function* () {
        const token = `fd_${randomBytes(32).toString("base64url")}`
        const rows = yield* sql<{ createdAt: Date }>`
          insert into feed_tokens (user_id, token_hash) values (${userId}, ${feedTokenHash(token)})
          on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now(), last_used_at = null
          returning created_at`
        return {
          url: `${origin}/feeds/${token}`,
          rssUrl: `${origin}/feeds/${token}/rss`,
          podcastFeeds: yield* podcastFeedsOf(userId, token),
          createdAt: rows[0]!.createdAt,
        }
      }).pipe(Effect.orDie)

    const revoke = (userId: string) =>
      sql`delete from feed_tokens where user_id = ${userId}`.pipe(Effect.asVoid, Effect.orDie)

    /** The active user a token belongs to, noting the use. */
    const owner = (token: string) =>
      isFeedTokenShape(token)
        ? sql<{ userId: string }>`
            update feed_tokens t set last_used_at = now()
            from users u
            where t.token_hash = ${feedTokenHash(token)} and u.id = t.user_id and u.status = 'active'
            returning t.user_id`.pipe(
            Effect.map((rows) => Option.fromNullable(rows[0]?.userId)),
            Effect.orDie,
          )
        : Effect.succeed(Option.none<string>())

    return { status, issue, revoke, owner } as const
  }),
}) {}
