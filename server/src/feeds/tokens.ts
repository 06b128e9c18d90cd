import { createHash, randomBytes } from "node:crypto"
import { ShowId } from "@folio/core"
import { Effect, Option } from "effect"
import { AppConfig, publicOriginOf } from "../config.js"
import { PodcastsRepo } from "../podcasts/repo.js"
import { FeedsRepo } from "./repo.js"

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
    const repo = yield* FeedsRepo
    const podcasts = yield* PodcastsRepo
    const config = yield* AppConfig
    const origin = publicOriginOf(config)

    const status = (userId: string) =>
      repo.tokenOf(userId).pipe(
        Effect.map((token) => ({
          active: Option.isSome(token),
          createdAt: Option.isSome(token) ? token.value.createdAt : null,
          lastUsedAt: Option.isSome(token) ? token.value.lastUsedAt : null,
        })),
      )

    /** A podcast feed for each show the user may hear a published episode of, by title. */
    const podcastFeedsOf = (userId: string, token: string) =>
      Effect.gen(function* () {
        const reach = yield* podcasts.reachOfUser(userId)
        if (Option.isNone(reach)) return []
        const shows = yield* repo.showsHeard(reach.value)
        return shows.map((show) => ({
          showId: ShowId.make(show.id),
          title: show.title,
          url: `${origin}/feeds/${token}/podcasts/${show.id}`,
        }))
      })

    const issue = (userId: string) =>
      Effect.gen(function* () {
        const token = `fd_${randomBytes(32).toString("base64url")}`
        const createdAt = yield* repo.saveToken(userId, feedTokenHash(token))
        return {
          url: `${origin}/feeds/${token}`,
          rssUrl: `${origin}/feeds/${token}/rss`,
          podcastFeeds: yield* podcastFeedsOf(userId, token),
          createdAt,
        }
      })

    const revoke = (userId: string) => repo.deleteToken(userId)

    /** The active user a token belongs to, noting the use. */
    const owner = (token: string) =>
      isFeedTokenShape(token) ? repo.useToken(feedTokenHash(token)) : Effect.succeed(Option.none<string>())

    /** The active user a token belongs to and their company, noting the use; none for a bad token. */
    const listener = (token: string) =>
      Effect.gen(function* () {
        const userId = yield* owner(token)
        if (Option.isNone(userId)) return Option.none<{ userId: string; companyId: string }>()
        const companyId = yield* repo.companyOf(userId.value)
        return Option.map(companyId, (companyId) => ({ userId: userId.value, companyId }))
      })

    return { status, issue, revoke, owner, listener } as const
  }),
  dependencies: [FeedsRepo.Default, PodcastsRepo.Default],
}) {}
