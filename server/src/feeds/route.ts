import { createHash } from "node:crypto"
import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Cause, Effect, Layer, Option } from "effect"
import { recordServerEvent, type ServerEvent } from "../readership/record.js"
import { atomDocument, type FeedFormat, ReportFeeds, rssDocument } from "./feed.js"
import { PodcastFeeds, podcastFeedDocument } from "./podcastFeed.js"

const contentTypes: Record<FeedFormat, string> = {
  atom: "application/atom+xml; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
}

/**
 * What every feed answer carries: a feed reader may keep it 5 minutes, a shared cache may not
 * (it is one reader's reports), search engines must not index it, and a link followed from a
 * feed reader's page must not send the address, which holds the token, as a referrer.
 */
const feedHeaders = {
  "cache-control": "private, max-age=300",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
}

/** The same short answer for a token that never existed, was revoked or replaced, or a disabled user. */
const notFound = HttpServerResponse.text("No such feed.", { status: 404, headers: feedHeaders })

const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`

/** `If-None-Match` holds a list of tags, weak or strong; a GET compares them weakly (RFC 9110 §13.1.2). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => {
    const trimmed = tag.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/**
 * The request's URL holds the token, and the error middleware logs and reports a failing
 * request's URL: a failure here is logged without it.
 */
const unexpectedFailure =
  (message: string) =>
  <A, E, R>(self: Effect.Effect<A | HttpServerResponse.HttpServerResponse, E, R>) =>
    self.pipe(
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("Unexpected failure while serving a feed", cause).pipe(
              Effect.as(HttpServerResponse.text(message, { status: 500, headers: feedHeaders })),
            ),
      ),
    )

/** What a feed route answers with: a document and the readership event a fetch records. */
interface FeedAnswer {
  readonly body: string
  readonly contentType: string
  readonly event: ServerEvent
}

/**
 * Serves a private feed document: 404 when there is none, the readership event on a GET (a HEAD
 * is no fetch), a strong ETag and 304 when the reader has this version already.
 */
const serveDocument = <R>(open: Effect.Effect<Option.Option<FeedAnswer>, never, R>) =>
  Effect.gen(function* () {
    const answer = yield* open
    if (Option.isNone(answer)) return notFound
    const { body, contentType, event } = answer.value
    const etag = etagOf(body)
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.method === "GET") yield* recordServerEvent(event)
    if (matches(request.headers["if-none-match"], etag)) {
      return HttpServerResponse.empty({ status: 304, headers: { ...feedHeaders, etag } })
    }
    return HttpServerResponse.text(body, { contentType, headers: { ...feedHeaders, etag } })
  }).pipe(unexpectedFailure("The feed could not be built."))

const serveFeed = (feeds: ReportFeeds, format: FeedFormat) =>
  serveDocument(
    Effect.gen(function* () {
      const { token } = yield* HttpRouter.params
      const feed = yield* feeds.open(token ?? "")
      return Option.map(feed, (content) => ({
        body: format === "atom" ? atomDocument(content) : rssDocument(content),
        contentType: contentTypes[format],
        event: {
          userId: content.userId,
          companyId: content.companyId,
          kind: "feed_fetch" as const,
          channel: "feed" as const,
          subject: format === "atom" ? "Atom feed" : "RSS feed",
        },
      }))
    }),
  )

/** `/feeds/<token>/podcasts/<showId>`: one show's episodes the token's owner may hear. */
const servePodcastFeed = (podcasts: PodcastFeeds) =>
  serveDocument(
    Effect.gen(function* () {
      const { token, showId } = yield* HttpRouter.params
      const feed = yield* podcasts.open(token ?? "", showId ?? "")
      return Option.map(feed, (content) => ({
        body: podcastFeedDocument(content),
        contentType: contentTypes.rss,
        event: {
          userId: content.userId,
          companyId: content.companyId,
          kind: "feed_fetch" as const,
          channel: "feed" as const,
          subject: `Podcast: ${content.show.title}`,
        },
      }))
    }),
  )

/** `/feeds/<token>/episodes/<episodeId>/transcript`: plain text, for an episode the owner may hear. */
const serveTranscript = (podcasts: PodcastFeeds) =>
  Effect.gen(function* () {
    const { token, episodeId } = yield* HttpRouter.params
    const transcript = yield* podcasts.transcript(token ?? "", episodeId ?? "")
    if (Option.isNone(transcript)) return notFound
    const etag = etagOf(transcript.value)
    const request = yield* HttpServerRequest.HttpServerRequest
    if (matches(request.headers["if-none-match"], etag)) {
      return HttpServerResponse.empty({ status: 304, headers: { ...feedHeaders, etag } })
    }
    return HttpServerResponse.text(transcript.value, {
      contentType: "text/plain; charset=utf-8",
      headers: { ...feedHeaders, etag },
    })
  }).pipe(unexpectedFailure("The transcript could not be read."))

/**
 * Private feeds at `/feeds/<token>` (Atom) and `/feeds/<token>/rss`, and podcast feeds at
 * `/feeds/<token>/podcasts/<showId>` with their episodes' transcripts, outside `/api`: a feed
 * reader or podcast app sends no cookie or bearer token, only the address (PRODUCT.md,
 * "Channel", rss; "Feed token"). These
 * routes, and a 404 for anything else under `/feeds/`, win over the console's catch-all.
 */
export const FeedsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const feeds = yield* ReportFeeds
    const sql = yield* SqlClient.SqlClient
    const atom = serveFeed(feeds, "atom").pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const rss = serveFeed(feeds, "rss").pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const podcasts = yield* PodcastFeeds
    const podcast = servePodcastFeed(podcasts).pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const transcript = serveTranscript(podcasts)
    const other = Effect.succeed(notFound)
    yield* router.get("/feeds/:token", atom)
    yield* router.head("/feeds/:token", atom)
    yield* router.get("/feeds/:token/rss", rss)
    yield* router.head("/feeds/:token/rss", rss)
    yield* router.get("/feeds/:token/podcasts/:showId", podcast)
    yield* router.head("/feeds/:token/podcasts/:showId", podcast)
    yield* router.get("/feeds/:token/episodes/:episodeId/transcript", transcript)
    yield* router.head("/feeds/:token/episodes/:episodeId/transcript", transcript)
    yield* router.get("/feeds/*", other)
    yield* router.head("/feeds/*", other)
  }),
).pipe(Layer.provide([ReportFeeds.Default, PodcastFeeds.Default]))
