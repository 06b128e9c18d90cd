import { createHash } from "node:crypto"
import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Cause, Effect, Layer, Option } from "effect"
import { recordServerEvent } from "../readership/record.js"
import { atomDocument, type FeedFormat, ReportFeeds, rssDocument } from "./feed.js"

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

const serveFeed = (feeds: ReportFeeds, format: FeedFormat) =>
  Effect.gen(function* () {
    const { token } = yield* HttpRouter.params
    const feed = yield* feeds.open(token ?? "")
    if (Option.isNone(feed)) return notFound
    const body = format === "atom" ? atomDocument(feed.value) : rssDocument(feed.value)
    const etag = etagOf(body)
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.method === "GET") {
      yield* recordServerEvent({
        userId: feed.value.userId,
        companyId: feed.value.companyId,
        kind: "feed_fetch",
        channel: "feed",
        subject: format === "atom" ? "Atom feed" : "RSS feed",
      })
    }
    if (matches(request.headers["if-none-match"], etag)) {
      return HttpServerResponse.empty({ status: 304, headers: { ...feedHeaders, etag } })
    }
    return HttpServerResponse.text(body, {
      contentType: contentTypes[format],
      headers: { ...feedHeaders, etag },
    })
  }).pipe(
    // The request's URL holds the token, and the error middleware logs and reports a failing
    // request's URL: a failure here is logged without it.
    Effect.catchAllCause((cause) =>
      Cause.isInterruptedOnly(cause)
        ? Effect.failCause(cause)
        : Effect.logError("Unexpected failure while serving a feed", cause).pipe(
            Effect.as(
              HttpServerResponse.text("The feed could not be built.", { status: 500, headers: feedHeaders }),
            ),
          ),
    ),
  )

/**
 * Private feeds at `/feeds/<token>` (Atom) and `/feeds/<token>/rss`, outside `/api`: a feed
 * reader sends no cookie or bearer token, only the address (PRODUCT.md, "Channel", rss). These
 * routes, and a 404 for anything else under `/feeds/`, win over the console's catch-all.
 */
export const FeedsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const feeds = yield* ReportFeeds
    const sql = yield* SqlClient.SqlClient
    const atom = serveFeed(feeds, "atom").pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const rss = serveFeed(feeds, "rss").pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const other = Effect.succeed(notFound)
    yield* router.get("/feeds/:token", atom)
    yield* router.head("/feeds/:token", atom)
    yield* router.get("/feeds/:token/rss", rss)
    yield* router.head("/feeds/:token/rss", rss)
    yield* router.get("/feeds/*", other)
    yield* router.head("/feeds/*", other)
  }),
).pipe(Layer.provide(ReportFeeds.Default))
