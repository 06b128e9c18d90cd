import { randomBytes } from "node:crypto"
import { PassThrough, type Readable } from "node:stream"
import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { Authentication, artworkMaxBytes, grantFor } from "@folio/core"
import { Cause, Context, Effect, Either, Layer, Option, Runtime } from "effect"
import rangeParser from "range-parser"
import { Audit } from "../audit/audit.js"
import { AuthenticationLive } from "../auth/authentication.js"
import { FeedTokens } from "../feeds/tokens.js"
import { callerFor, refusal } from "../http/requestActor.js"
import { lingeringClose, readBody } from "../http/requestBody.js"
import { enqueueWith } from "../jobs/worker.js"
import { recordDownload } from "./downloads.js"
import { episodeReachOf } from "./reach.js"
import { type EpisodeAudio, type EpisodeScope, PodcastsRepo } from "./repo.js"
import { PodcastShowsRepo } from "./showsRepo.js"
import { MediaStore } from "./storage.js"

/**
 * Podcast audio and artwork, outside the JSON API (the bodies are the files themselves):
 * - `GET|HEAD /api/podcasts/episodes/{episodeId}/audio`: signed in; editors and admins hear any
 *   episode with audio (drafts too), everyone else what they may hear (reach.ts). Nothing is
 *   counted here: the console's player reports plays through the JSON API.
 * - `GET|HEAD /feeds/{token}/episodes/{episodeId}/audio`: the enclosure of a private podcast
 *   feed, authorised by the feed token alone (podcast apps send no cookie); published episodes
 *   the token's owner may hear. Downloads are counted (downloads.ts).
 * - `PUT /api/podcasts/shows/{showId}/artwork`: editors and admins; the body is the PNG or JPEG.
 * - `GET|HEAD /api/podcasts/shows/{showId}/artwork` (signed in) and
 *   `GET|HEAD /feeds/{token}/shows/{showId}/artwork` (a valid feed token).
 * Audio answers byte ranges (RFC 9110 §14): `Accept-Ranges: bytes`; one range → 206 with its
 * exact `Content-Range`; several ranges → the first one only (a 206 for it: clients ask again
 * for what they still need, and no player sends several); unsatisfiable → 416 whose
 * Content-Range gives only the size (`bytes *` + `/size`); a malformed Range, or an `If-Range` that no longer matches, →
 * the whole file (200). The ETag is the file's SHA-256.
 */

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Feed answers: not for shared caches, search engines or referrers (the address holds the token). */
const feedHeaders = { "x-robots-tag": "noindex", "referrer-policy": "no-referrer" }

/** `If-None-Match`: a list of tags, weak or strong, compared weakly (RFC 9110 §13.1.2). */
const matchesAny = (header: string | undefined, etag: string) =>
  (header ?? "").split(",").some((tag) => {
    const trimmed = tag.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/** `If-Range`: a strong tag equal to ours, or exactly our Last-Modified date (RFC 9110 §13.1.5). */
const ifRangeHolds = (header: string | undefined, etag: string, lastModified: string) =>
  header === undefined || header.trim() === etag || header.trim() === lastModified

type Counter = (bytes: number) => Effect.Effect<void>

/** Counts the bytes that actually left, then reports them once the stream ends or is cut. */
const counted = (stream: Readable, count: Counter, runtime: Runtime.Runtime<never>): Readable => {
  let bytes = 0
  const through = new PassThrough()
  through.on("data", (chunk: Buffer) => {
    bytes += chunk.length
  })
  let reported = false
  const report = () => {
    if (reported) return
    reported = true
    if (bytes > 0) Runtime.runFork(runtime)(count(bytes))
  }
  through.once("end", report)
  through.once("close", report)
  stream.once("error", (error) => through.destroy(error))
  through.once("close", () => stream.destroy())
  return stream.pipe(through)
}

const serveAudio = (
  audio: EpisodeAudio,
  options: {
    readonly headers: Record<string, string>
    readonly count?: Counter
    readonly runtime: Runtime.Runtime<never>
  },
) =>
  Effect.gen(function* () {
    const store = yield* MediaStore
    const request = yield* HttpServerRequest.HttpServerRequest
    const size = Number(audio.audioSize)
    const etag = `"${audio.audioSha256}"`
    const lastModified = audio.audioUploadedAt.toUTCString()
    const headers: Record<string, string> = {
      ...options.headers,
      "accept-ranges": "bytes",
      etag,
      "last-modified": lastModified,
      "cache-control": "private, max-age=3600",
    }
    const rangeHeader = request.headers.range
    if (rangeHeader === undefined && matchesAny(request.headers["if-none-match"], etag)) {
      return HttpServerResponse.empty({ status: 304, headers })
    }
    let range: { start: number; end: number } | undefined
    if (rangeHeader !== undefined && ifRangeHolds(request.headers["if-range"], etag, lastModified)) {
      const parsed = rangeParser(size, rangeHeader, { combine: true })
      if (parsed === -1) {
        return HttpServerResponse.empty({
          status: 416,
          headers: { ...headers, "content-range": `bytes */${size}` },
        })
      }
      if (parsed !== -2 && parsed.type === "bytes" && parsed[0] !== undefined) {
        range = { start: parsed[0].start, end: parsed[0].end }
      }
    }
    const length = range ? range.end - range.start + 1 : size
    const status = range ? 206 : 200
    const answerHeaders = range
      ? { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}` }
      : headers
    if (request.method === "HEAD") {
      return HttpServerResponse.empty({
        status,
        headers: { ...answerHeaders, "content-type": audio.audioMime, "content-length": String(length) },
      })
    }
    const stream = yield* store.stream(audio.audioKey, range)
    return HttpServerResponse.raw(options.count ? counted(stream, options.count, options.runtime) : stream, {
      status,
      headers: answerHeaders,
      contentType: audio.audioMime,
      contentLength: length,
    })
  })

/** PNG's eight-byte signature, or JPEG's start-of-image marker: what the bytes are, not what the header says. */
const imageTypeOf = (bytes: Buffer): { type: string; ext: string } | undefined => {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: "image/png", ext: "png" }
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { type: "image/jpeg", ext: "jpg" }
  }
  return undefined
}

const artworkMaxText = `Artwork is at most ${Math.round(artworkMaxBytes / 1024 / 1024)} MB.`

export const PodcastMediaLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* PodcastsRepo
    const showsRepo = yield* PodcastShowsRepo
    const store = yield* MediaStore
    const tokens = yield* FeedTokens
    const audit = yield* Audit
    const runtime = yield* Effect.runtime<never>()
    const services = Context.make(SqlClient.SqlClient, sql).pipe(
      Context.add(MediaStore, store),
      Context.add(Authentication, yield* Authentication),
    )
    const provide = Effect.provide(services)

    const notFound = (what: string) =>
      HttpServerResponse.text(what, { status: 404, headers: { "cache-control": "no-store" } })
    const noFeed = HttpServerResponse.text("No such feed.", {
      status: 404,
      headers: { ...feedHeaders, "cache-control": "private, max-age=300" },
    })

    /** The feed routes' URLs hold a token: a failure is logged without the URL (as feeds/route.ts does). */
    const guardFeed = <E, R>(effect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      effect.pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logError("Unexpected failure while serving podcast media from a feed", cause).pipe(
                Effect.as(
                  HttpServerResponse.text("The file could not be served.", {
                    status: 500,
                    headers: feedHeaders,
                  }),
                ),
              ),
        ),
      )

    const consoleAudio = Effect.gen(function* () {
      const caller = yield* callerFor("podcasts.listen", "read")
      if (Either.isLeft(caller)) return caller.left
      const { actor } = caller.right
      const { episodeId = "" } = yield* HttpRouter.params
      if (!uuidShape.test(episodeId)) return notFound("No such episode audio.")
      const manager = grantFor(actor.user.role, "podcasts.manage") !== "none"
      const scope: EpisodeScope = manager
        ? { kind: "all" }
        : { kind: "hear", reach: yield* episodeReachOf(actor) }
      const audio = yield* repo.findAudio(episodeId, scope)
      if (Option.isNone(audio)) return notFound("No such episode audio.")
      return yield* serveAudio(audio.value, { headers: {}, runtime })
    }).pipe(provide, Effect.orDie)

    /** The feed token's owner and their company, or none for an unknown, revoked or disabled one. */
    const feedOwner = (token: string) => tokens.listener(token).pipe(Effect.map(Option.getOrUndefined))

    const feedAudio = Effect.gen(function* () {
      const { token = "", episodeId = "" } = yield* HttpRouter.params
      const owner = yield* feedOwner(token)
      if (owner === undefined || !uuidShape.test(episodeId)) return noFeed
      const reach = yield* repo.reachOfUser(owner.userId)
      if (Option.isNone(reach)) return noFeed
      const found = yield* repo.findAudio(episodeId, { kind: "hear", reach: reach.value })
      if (Option.isNone(found)) return noFeed
      const audio = found.value
      const count: Counter = (bytes) =>
        recordDownload({
          ...owner,
          episodeId: audio.id,
          subject: `${audio.showTitle} — ${audio.title}`,
          audio: {
            size: Number(audio.audioSize),
            bitrate: audio.audioBitrate,
            durationSeconds: audio.audioDurationSeconds,
          },
          bytes,
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.provideService(PodcastsRepo, repo))
      return yield* serveAudio(audio, { headers: feedHeaders, count, runtime })
    }).pipe(provide, guardFeed)

    const serveArtwork = (showId: string, headers: Record<string, string>) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const found = uuidShape.test(showId) ? yield* showsRepo.artworkOf(showId) : Option.none()
        if (Option.isNone(found)) return undefined
        const show = found.value
        const etag = `"${show.artworkKey.replace(/^.*\//, "").replace(/\..*$/, "")}"`
        const answerHeaders = {
          ...headers,
          etag,
          "last-modified": show.artworkUpdatedAt.toUTCString(),
          // The console's address for it carries artworkUpdatedAt, so a day is safe.
          "cache-control": "private, max-age=86400",
        }
        if (matchesAny(request.headers["if-none-match"], etag)) {
          return HttpServerResponse.empty({ status: 304, headers: answerHeaders })
        }
        const stat = yield* store.stat(show.artworkKey)
        if (Option.isNone(stat)) return undefined
        if (request.method === "HEAD") {
          // A HEAD answers the GET's status (RFC 9110 §9.3.2); `empty` alone would say 204.
          return HttpServerResponse.empty({
            status: 200,
            headers: {
              ...answerHeaders,
              "content-type": show.artworkType,
              "content-length": String(stat.value.size),
            },
          })
        }
        return HttpServerResponse.raw(yield* store.stream(show.artworkKey), {
          headers: answerHeaders,
          contentType: show.artworkType,
          contentLength: stat.value.size,
        })
      })

    const consoleArtwork = Effect.gen(function* () {
      const caller = yield* callerFor("podcasts.listen", "read")
      if (Either.isLeft(caller)) return caller.left
      const { showId = "" } = yield* HttpRouter.params
      return (yield* serveArtwork(showId, {})) ?? notFound("This show has no artwork.")
    }).pipe(provide, Effect.orDie)

    const feedArtwork = Effect.gen(function* () {
      const { token = "", showId = "" } = yield* HttpRouter.params
      const owner = yield* feedOwner(token)
      if (owner === undefined) return noFeed
      return (yield* serveArtwork(showId, feedHeaders)) ?? noFeed
    }).pipe(provide, guardFeed)

    const putArtwork = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const incoming = NodeHttpServerRequest.toIncomingMessage(request)
      const refuse = (status: number, tag: string, message: string) => {
        lingeringClose(incoming)
        return refusal(status, tag, message)
      }
      const caller = yield* callerFor("podcasts.manage", "write")
      if (Either.isLeft(caller)) {
        lingeringClose(incoming)
        return caller.left
      }
      const { actor } = caller.right
      const { showId = "" } = yield* HttpRouter.params
      const show = uuidShape.test(showId) && (yield* repo.showExists(showId))
      if (!show) return refuse(404, "NotFound", `No show ${showId}.`)
      const read = yield* Effect.either(readBody(incoming, artworkMaxBytes))
      if (Either.isLeft(read)) {
        return read.left.reason === "OverCap"
          ? refuse(413, "PayloadTooLarge", artworkMaxText)
          : refuse(400, "BadRequest", "The image was cut off before its end.")
      }
      const bytes = read.right
      if (bytes.length === 0)
        return refusal(400, "BadRequest", "The body is empty: send the PNG or JPEG image itself.")
      const image = imageTypeOf(bytes)
      if (image === undefined) {
        return refusal(
          415,
          "UnsupportedMediaType",
          "Artwork must be a PNG or JPEG image; these bytes are neither.",
        )
      }
      const key = `artwork/${showId}/${randomBytes(12).toString("hex")}.${image.ext}`
      yield* store.put(key, bytes, image.type)
      const updated = yield* sql.withTransaction(
        Effect.gen(function* () {
          const locked = yield* showsRepo.lockArtwork(showId)
          if (Option.isNone(locked)) return undefined
          const oldKey = locked.value
          const row = yield* showsRepo.setArtwork(showId, key, image.type)
          if (oldKey !== null) yield* enqueueWith(sql, "podcast_media_delete", { keys: [oldKey] })
          yield* audit.record({
            action: "podcast.show.artwork",
            actor: { id: actor.user.id, email: actor.user.email },
            target: { type: "podcast_show", id: showId },
            before: oldKey === null ? null : { artworkKey: oldKey },
            after: { artworkKey: key, type: image.type, size: bytes.length },
          })
          return Option.getOrUndefined(row)
        }),
      )
      if (updated === undefined) {
        yield* store.remove(key)
        return refusal(404, "NotFound", `No show ${showId}.`)
      }
      return HttpServerResponse.unsafeJson(
        {
          showId,
          artworkType: image.type,
          sizeBytes: bytes.length,
          artworkUpdatedAt: updated.artworkUpdatedAt,
        },
        { headers: { "cache-control": "no-store" } },
      )
    }).pipe(provide, Effect.orDie)

    yield* router.get("/api/podcasts/episodes/:episodeId/audio", consoleAudio)
    yield* router.head("/api/podcasts/episodes/:episodeId/audio", consoleAudio)
    yield* router.get("/feeds/:token/episodes/:episodeId/audio", feedAudio)
    yield* router.head("/feeds/:token/episodes/:episodeId/audio", feedAudio)
    yield* router.put("/api/podcasts/shows/:showId/artwork", putArtwork)
    yield* router.get("/api/podcasts/shows/:showId/artwork", consoleArtwork)
    yield* router.head("/api/podcasts/shows/:showId/artwork", consoleArtwork)
    yield* router.get("/feeds/:token/shows/:showId/artwork", feedArtwork)
    yield* router.head("/feeds/:token/shows/:showId/artwork", feedArtwork)
  }),
).pipe(
  Layer.provide([
    MediaStore.Default,
    FeedTokens.Default,
    PodcastsRepo.Default,
    PodcastShowsRepo.Default,
    Audit.Default,
    AuthenticationLive,
  ]),
)
