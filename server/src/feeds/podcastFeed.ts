import { createHash } from "node:crypto"
import { renderMarkdown } from "@folio/core"
import { Effect, Option } from "effect"
import { AppConfig, publicOriginOf } from "../config.js"
import type { EpisodeReach } from "../podcasts/reach.js"
import { PodcastsRepo } from "../podcasts/repo.js"
import { builder, xmlText } from "./feed.js"
import { FeedsRepo, type PodcastFeedEpisode, type PodcastFeedShow } from "./repo.js"
import { FeedTokens } from "./tokens.js"

/**
 * A private podcast feed: one user's episodes of one show, for podcast apps, authorised by the
 * user's feed token (the same one as their report feed) in the address. RSS 2.0 with the iTunes
 * and Podcasting 2.0 namespaces; enclosures and transcripts point under the same token, so an app
 * fetches them without a cookie.
 */

/** How many episodes a feed holds: the newest, by publication. */
export const podcastFeedSize = 300

/** The Podcasting 2.0 namespace for `podcast:guid` (UUIDv5, RFC 4122 §4.3). */
const podcastGuidNamespace = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6"

/** A name-based UUID, version 5 (SHA-1), as RFC 4122 §4.3 makes it. */
export const uuidV5 = (name: string, namespace: string): string => {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex")
  const bytes = createHash("sha1").update(ns).update(name, "utf8").digest()
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.subarray(0, 16).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The show's `podcast:guid`: the UUIDv5 of its stable, token-free address without the scheme
 * (`host/podcasts/<showId>`), so every listener's private feed of the show names the same podcast
 * and replacing a token changes nothing.
 */
export const podcastGuidOf = (origin: string, showId: string) =>
  uuidV5(`${new URL(origin).host}/podcasts/${showId}`, podcastGuidNamespace)

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface PodcastFeedContent {
  readonly origin: string
  readonly token: string
  readonly userId: string
  readonly companyId: string
  readonly publisher: { readonly name: string; readonly email: string | null }
  readonly show: PodcastFeedShow
  readonly episodes: ReadonlyArray<PodcastFeedEpisode>
}

const feedUrl = (content: PodcastFeedContent) =>
  `${content.origin}/feeds/${content.token}/podcasts/${content.show.id}`
const episodeUrl = (content: PodcastFeedContent, episode: PodcastFeedEpisode, what: "audio" | "transcript") =>
  `${content.origin}/feeds/${content.token}/episodes/${episode.id}/${what}`

/** "Parent > Child" as Apple asks: a subcategory nested in its parent. */
const categoryElement = (category: string) => {
  const [parent, child] = category.split(">").map((part) => part.trim())
  return {
    "@_text": parent ?? category,
    ...(child ? { "itunes:category": { "@_text": child } } : {}),
  }
}

/** RSS 2.0 with `itunes:*` (Apple's tags), `podcast:*` (Podcasting 2.0) and `atom:link rel="self"`. */
export const podcastFeedDocument = (content: PodcastFeedContent): string => {
  const { show, publisher } = content
  const newest = content.episodes[0]?.publishedAt
  const description =
    show.description.trim() !== "" ? show.description : `${show.title}, from ${publisher.name}.`
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    rss: {
      "@_version": "2.0",
      "@_xmlns:itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
      "@_xmlns:podcast": "https://podcastindex.org/namespace/1.0",
      "@_xmlns:atom": "http://www.w3.org/2005/Atom",
      channel: {
        title: xmlText(show.title),
        link: `${content.origin}/podcasts`,
        description: xmlText(description),
        language: show.language,
        "atom:link": { "@_href": feedUrl(content), "@_rel": "self", "@_type": "application/rss+xml" },
        ...(newest ? { lastBuildDate: newest.toUTCString(), pubDate: newest.toUTCString() } : {}),
        generator: "Folio",
        "itunes:author": xmlText(publisher.name),
        "itunes:owner": {
          "itunes:name": xmlText(publisher.name),
          ...(publisher.email ? { "itunes:email": publisher.email } : {}),
        },
        ...(show.artworkKey !== null
          ? {
              "itunes:image": {
                "@_href": `${content.origin}/feeds/${content.token}/shows/${show.id}/artwork`,
              },
            }
          : {}),
        "itunes:category": categoryElement(show.category),
        "itunes:explicit": show.explicit ? "true" : "false",
        "itunes:type": "episodic",
        "podcast:locked": {
          ...(publisher.email ? { "@_owner": publisher.email } : {}),
          "#text": "yes",
        },
        "podcast:guid": podcastGuidOf(content.origin, show.id),
        item: content.episodes.map((episode) => {
          const notes = episode.notes.trim()
          return {
            title: xmlText(episode.title),
            ...(notes !== "" ? { description: xmlText(renderMarkdown(notes)) } : {}),
            link:
              episode.reportId !== null
                ? `${content.origin}/reports/${episode.reportId}`
                : `${content.origin}/podcasts`,
            guid: { "@_isPermaLink": "false", "#text": episode.guid },
            pubDate: episode.publishedAt.toUTCString(),
            enclosure: {
              "@_url": episodeUrl(content, episode, "audio"),
              "@_length": String(episode.audioSize ?? 0),
              "@_type": episode.audioMime ?? "audio/mpeg",
            },
            "itunes:title": xmlText(episode.title),
            "itunes:duration": String(Math.round(episode.audioDurationSeconds ?? 0)),
            ...(episode.season !== null ? { "itunes:season": String(episode.season) } : {}),
            ...(episode.episodeNumber !== null ? { "itunes:episode": String(episode.episodeNumber) } : {}),
            "itunes:episodeType": "full",
            "itunes:explicit": show.explicit ? "true" : "false",
            ...(episode.hasTranscript
              ? {
                  "podcast:transcript": {
                    "@_url": episodeUrl(content, episode, "transcript"),
                    "@_type": "text/plain",
                    "@_language": show.language,
                  },
                }
              : {}),
          }
        }),
      },
    },
  })
}

/**
 * Opening a podcast feed or one of its episodes' files: the token's owner (an active user) and
 * what they may hear now (`reachOfUser`), decided in SQL on every path.
 */
export class PodcastFeeds extends Effect.Service<PodcastFeeds>()("@folio/server/PodcastFeeds", {
  effect: Effect.gen(function* () {
    const tokens = yield* FeedTokens
    const repo = yield* FeedsRepo
    const podcasts = yield* PodcastsRepo
    const config = yield* AppConfig
    const origin = publicOriginOf(config)

    /** The token's owner, their company and reach; none for a bad token or an inactive user. */
    const listener = (token: string) =>
      Effect.gen(function* () {
        const owner = yield* tokens.listener(token)
        if (Option.isNone(owner))
          return Option.none<{ userId: string; companyId: string; reach: EpisodeReach }>()
        const reach = yield* podcasts.reachOfUser(owner.value.userId)
        if (Option.isNone(reach)) return Option.none()
        return Option.some({ ...owner.value, reach: reach.value })
      })

    /** The feed of a show; none for a bad token or a show with nothing the owner may hear. */
    const open = (token: string, showId: string) =>
      Effect.gen(function* () {
        if (!uuidShape.test(showId)) return Option.none<PodcastFeedContent>()
        const who = yield* listener(token)
        if (Option.isNone(who)) return Option.none<PodcastFeedContent>()
        const { reach } = who.value
        const show = yield* repo.show(showId)
        if (Option.isNone(show)) return Option.none<PodcastFeedContent>()
        const episodes = yield* repo.episodesHeard(showId, reach, podcastFeedSize)
        if (episodes.length === 0) return Option.none<PodcastFeedContent>()
        const publisher = yield* repo.publisherName
        return Option.some<PodcastFeedContent>({
          origin,
          token,
          userId: who.value.userId,
          companyId: who.value.companyId,
          publisher: {
            name: Option.getOrElse(publisher, () => "Folio"),
            email: Option.getOrNull(config.adminEmail),
          },
          show: show.value,
          episodes,
        })
      })

    /** An episode's transcript, when the token's owner may hear the episode and it has one. */
    const transcript = (token: string, episodeId: string) =>
      Effect.gen(function* () {
        if (!uuidShape.test(episodeId)) return Option.none<string>()
        const who = yield* listener(token)
        if (Option.isNone(who)) return Option.none<string>()
        return yield* repo.transcriptHeard(episodeId, who.value.reach)
      })

    return { open, transcript } as const
  }),
  dependencies: [FeedTokens.Default, FeedsRepo.Default, PodcastsRepo.Default],
}) {}
