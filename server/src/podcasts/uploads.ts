import { randomBytes } from "node:crypto"
import { Readable } from "node:stream"
import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { type Actor, Authentication, audioMaxBytes, podcastUploadPath } from "@folio/core"
import { Metadata, Server } from "@tus/server"
import { Effect, Either, Layer, Option, Runtime } from "effect"
import { Audit } from "../audit/audit.js"
import { AuthenticationLive } from "../auth/authentication.js"
import { callerFor, refusal } from "../http/requestActor.js"
import { enqueueWith } from "../jobs/worker.js"
import { readAudioFacts, sha256Of } from "./metadata.js"
import { PodcastsRepo } from "./repo.js"
import { MediaStore } from "./storage.js"
import { PodcastUploadsRepo } from "./uploadsRepo.js"

/**
 * Episode audio arrives by the tus 1.0 resumable-upload protocol (creation, termination) at
 * `podcastUploadPath`: POST creates an upload for an episode, HEAD tells its offset, PATCH appends
 * from there, DELETE abandons it. `@tus/server` speaks the protocol over the media store's tus
 * data store (a folder, or multipart uploads in the bucket); these routes decide who may, and
 * what becomes of a finished file:
 * - every request but OPTIONS needs a signed-in editor or admin (`podcasts.manage`, a token's
 *   `write` scope), and a cookie caller's CSRF header;
 * - creation names an existing episode (`episodeId`) and the file (`filename`) in Upload-Metadata
 *   and declares its length (at most `audioMaxBytes`);
 * - only the person who created an upload may see, continue or abandon it (404 to anyone else);
 * - once the last byte is in, the server reads the file itself (music-metadata): MP3, M4A or WAV
 *   with a duration becomes the episode's audio, in one transaction with its checksum, the
 *   removal of the audio it replaces (a job) and the audit entry; anything else is answered 422
 *   with what the file is, and removed.
 * Bodies are streamed to the store as they arrive, never held whole.
 * Locks are per instance (tus's MemoryLocker): a client resuming must reach the same instance
 * as its previous request while that request may still run (sticky sessions), or wait ~3 s.
 */

const tooLargeText = `Audio files are at most ${Math.round(audioMaxBytes / 1024 / 1024)} MB.`

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a tus hook needs to know about the request it runs for. */
interface Pending {
  readonly id?: string
  readonly actor: Actor
  readonly request: HttpServerRequest.HttpServerRequest
}

const uploadIdOf = (path: string): string | undefined => {
  const rest = path.slice(podcastUploadPath.length)
  if (rest === "" || rest === "/") return undefined
  return rest.replace(/^\//, "")
}

export const PodcastUploadsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const store = yield* MediaStore
    const sql = yield* SqlClient.SqlClient
    const repo = yield* PodcastsRepo
    const uploads = yield* PodcastUploadsRepo
    const audit = yield* Audit
    const runtime = yield* Effect.runtime<never>()
    const pending = new WeakMap<object, Pending>()
    const authentication = yield* Authentication

    /** The finished upload becomes the episode's audio, or is refused and removed. */
    const finish = (uploadId: string, from: Pending | undefined) =>
      Effect.gen(function* () {
        const found = yield* uploads.findUpload(uploadId)
        if (Option.isNone(found)) return { status_code: 404, body: "This upload no longer exists." }
        const row = found.value
        const size = Number(row.size)
        const file = store.uploadFile(uploadId)
        const read = yield* Effect.promise(async () =>
          file !== undefined
            ? readAudioFacts({ file })
            : readAudioFacts({ stream: await Effect.runPromise(store.readUpload(uploadId)), size }),
        )
        if (!read.ok) {
          yield* uploads.markRefused(uploadId, read.message)
          yield* store.removeUpload(uploadId)
          return { status_code: 422, body: read.message }
        }
        const sha256 = yield* Effect.flatMap(store.readUpload(uploadId), (stream) =>
          Effect.promise(() => sha256Of(stream)),
        )
        const facts = read.facts
        const key = `audio/${row.episodeId}/${uploadId}.${facts.format}`
        yield* store.adoptUpload(uploadId, key)
        const replaced = yield* sql.withTransaction(
          Effect.gen(function* () {
            const locked = yield* repo.lockEpisodeAudio(row.episodeId)
            if (Option.isNone(locked)) return { gone: true, old: null }
            const oldKey = locked.value
            yield* repo.setEpisodeAudio(row.episodeId, { key, facts, size, sha256, fileName: row.fileName })
            yield* uploads.markFinished(uploadId)
            if (oldKey !== null && oldKey !== key) {
              yield* enqueueWith(sql, "podcast_media_delete", { keys: [oldKey] })
            }
            const record = audit.record({
              action: "podcast.episode.audio",
              actor: from ? { id: from.actor.user.id, email: from.actor.user.email } : undefined,
              target: { type: "podcast_episode", id: row.episodeId },
              before: oldKey === null ? null : { audioKey: oldKey },
              after: { audioKey: key, fileName: row.fileName, size, sha256, ...facts },
            })
            yield* from
              ? record.pipe(Effect.provideService(HttpServerRequest.HttpServerRequest, from.request))
              : record
            return { gone: false, old: oldKey }
          }),
        )
        if (replaced.gone) {
          yield* store.remove(key)
          return { status_code: 404, body: "The episode was deleted while its audio was uploading." }
        }
        return {}
      }).pipe(Effect.orDie)

    const tus = new Server({
      path: podcastUploadPath,
      datastore: store.tusStore,
      maxSize: audioMaxBytes,
      // Resolved by the client against the address it used (a proxy in front changes nothing).
      relativeLocation: true,
      // Same origin only: no Access-Control-Allow-Origin for anyone.
      allowedOrigins: () => false,
      namingFunction: (req) => {
        const id = pending.get(req)?.id
        if (id === undefined) throw new Error("An upload was created without an id")
        return id
      },
      onUploadFinish: (req, upload) => Runtime.runPromise(runtime)(finish(upload.id, pending.get(req))),
    })

    /** The request as a web Request for tus, its body streamed from the connection. */
    const forward = (request: HttpServerRequest.HttpServerRequest, context: Pending | undefined) =>
      Effect.gen(function* () {
        const incoming = NodeHttpServerRequest.toIncomingMessage(request)
        const headers = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined) continue
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
        }
        const withBody = request.method === "PATCH" || request.method === "POST"
        const web = new Request(`http://${incoming.headers.host ?? "localhost"}${request.url}`, {
          method: request.method,
          headers,
          ...(withBody
            ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" }
            : {}),
        })
        if (context) pending.set(web, context)
        // Not interrupted with the request: tus finishes its write (keeping what arrived) on its own.
        const response = yield* Effect.promise(() => tus.handleWeb(web)).pipe(Effect.uninterruptible)
        return HttpServerResponse.fromWeb(response)
      })

    const handle = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.method === "OPTIONS") return yield* forward(request, undefined)
      const caller = yield* callerFor("podcasts.manage", "write", "text")
      if (Either.isLeft(caller)) return caller.left
      const { actor } = caller.right
      const path = request.url.split("?", 1)[0] ?? request.url
      const id = uploadIdOf(path)
      if (request.method === "POST") {
        if (id !== undefined)
          return refusal(404, "NotFound", "Create uploads at the upload address itself.", "text")
        const declared = request.headers["upload-length"]
        if (declared === undefined || !/^\d+$/.test(declared)) {
          return refusal(400, "BadRequest", "Declare the file's size in Upload-Length.", "text")
        }
        if (Number(declared) > audioMaxBytes) return refusal(413, "PayloadTooLarge", tooLargeText, "text")
        const metadata = Metadata.parse(request.headers["upload-metadata"] ?? "")
        const episodeId = metadata.episodeId ?? ""
        const fileName = (metadata.filename ?? "").trim().slice(0, 255)
        if (fileName === "") {
          return refusal(400, "BadRequest", "Name the file in Upload-Metadata (filename).", "text")
        }
        const episode = uuidShape.test(episodeId) && (yield* repo.episodeExists(episodeId))
        if (!episode) {
          return refusal(
            404,
            "NotFound",
            `No episode ${episodeId || "(none named)"}: create the episode first, then upload its audio with its id as episodeId in Upload-Metadata.`,
            "text",
          )
        }
        const newId = randomBytes(16).toString("hex")
        yield* uploads.insertUpload({
          id: newId,
          episodeId,
          userId: actor.user.id,
          size: Number(declared),
          fileName,
        })
        const response = yield* forward(request, { id: newId, actor, request })
        if (response.status !== 201) yield* uploads.deleteUpload(newId)
        return response
      }
      if (id === undefined || !/^[0-9a-f]{32}$/.test(id)) {
        return refusal(404, "NotFound", "No such upload.", "text")
      }
      // Someone else's upload is not found, as if it did not exist.
      if (!(yield* uploads.isOwnedBy(id, actor.user.id)))
        return refusal(404, "NotFound", "No such upload.", "text")
      const response = yield* forward(request, { actor, request })
      if (request.method === "DELETE" && response.status === 204) {
        yield* uploads.markAbandoned(id)
      }
      return response
    }).pipe(Effect.orDie, Effect.provideService(Authentication, authentication))

    yield* router.post(podcastUploadPath, handle)
    yield* router.options(podcastUploadPath, handle)
    const one = `${podcastUploadPath}/:uploadId` as const
    yield* router.head(one, handle)
    yield* router.patch(one, handle)
    yield* router.del(one, handle)
    yield* router.options(one, handle)
  }),
).pipe(
  Layer.provide([
    MediaStore.Default,
    PodcastsRepo.Default,
    PodcastUploadsRepo.Default,
    Audit.Default,
    AuthenticationLive,
  ]),
)
