import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises"
import { dirname, join, resolve, sep } from "node:path"
import { Readable } from "node:stream"
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3"
import { FileStore } from "@tus/file-store"
import { S3Store } from "@tus/s3-store"
import type { DataStore } from "@tus/utils"
import { Effect, Option, Redacted } from "effect"
import { AppConfig, type MediaStorage } from "../config.js"

/** A byte range, both ends included (as HTTP writes it). */
export interface ByteRange {
  readonly start: number
  readonly end: number
}

/**
 * One storage back end: a local folder or an S3-compatible bucket. Keys are `/`-separated paths
 * the server makes itself (`audio/<episode>/<upload>.mp3`, `artwork/<show>/<id>.png`).
 * Uploads in progress live in the tus data store next to them, under their upload id.
 */
interface Backend {
  readonly put: (key: string, body: Uint8Array, contentType: string) => Promise<void>
  readonly stream: (key: string, range: ByteRange | undefined) => Promise<Readable>
  readonly stat: (key: string) => Promise<{ readonly size: number } | undefined>
  readonly remove: (key: string) => Promise<void>
  /** Where tus writes uploads in progress. */
  readonly tusStore: DataStore
  /** The local file of an upload, when the back end is a folder (music-metadata reads it in place). */
  readonly uploadFile: (id: string) => string | undefined
  readonly readUpload: (id: string) => Promise<Readable>
  /** Makes a finished upload's bytes the object at `key` (a rename, or a copy within the bucket). */
  readonly adoptUpload: (id: string, key: string) => Promise<void>
  /** Removes an upload's bytes and tus bookkeeping, whatever state it is in; no error if gone. */
  readonly removeUpload: (id: string) => Promise<void>
}

/** Keys and upload ids are made here, but a key read back from the database is checked anyway. */
const safeKey = (key: string) => {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) ||
    key.split("/").some((part) => part === ".." || part === "")
  ) {
    throw new Error(`Invalid media key: ${key}`)
  }
  return key
}

const localBackend = (root: string): Backend => {
  const base = resolve(root)
  const uploads = join(base, "uploads")
  const pathOf = (key: string) => {
    const path = resolve(base, safeKey(key))
    if (!path.startsWith(base + sep)) throw new Error(`Invalid media key: ${key}`)
    return path
  }
  const uploadPath = (id: string) => join(uploads, safeKey(id))
  const tusStore = new FileStore({ directory: uploads })
  return {
    put: async (key, body) => {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.partial-${randomBytes(6).toString("hex")}`
      await writeFile(partial, body)
      await rename(partial, path)
    },
    stream: async (key, range) => {
      const path = pathOf(key)
      await stat(path)
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },
    stat: async (key) => {
      try {
        return { size: (await stat(pathOf(key))).size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
        throw error
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    tusStore,
    uploadFile: uploadPath,
    readUpload: async (id) => createReadStream(uploadPath(id)),
    adoptUpload: async (id, key) => {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await rename(uploadPath(id), path)
      await rm(`${uploadPath(id)}.json`, { force: true })
    },
    removeUpload: async (id) => {
      await rm(uploadPath(id), { force: true })
      await rm(`${uploadPath(id)}.json`, { force: true })
    },
  }
}

const isNotFound = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "name" in error &&
  (error.name === "NotFound" || error.name === "NoSuchKey" || error.name === "NoSuchUpload")

const s3Backend = (settings: Extract<MediaStorage, { kind: "s3" }>): Backend => {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Since 2025 the SDK adds a checksum to every upload by default, and streams a part of unknown
    // length in "aws-chunked" framing; S3-compatible stores without it keep the framing as data
    // (a stored WAV began "10000\r\nRIFF"). Checksums only where the operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...Option.match(settings.endpoint, { onNone: () => ({}), onSome: (endpoint) => ({ endpoint }) }),
    ...Option.match(settings.credentials, {
      onNone: () => ({}),
      onSome: (c) => ({
        credentials: { accessKeyId: c.accessKeyId, secretAccessKey: Redacted.value(c.secretAccessKey) },
      }),
    }),
  }
  const client = new S3Client(config)
  const Bucket = settings.bucket
  // Parts of 8 MiB: a dropped connection loses at most one part's progress on the server.
  const tusStore = new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { ...config, bucket: Bucket } })
  const body = (output: { Body?: unknown }) => {
    if (output.Body instanceof Readable) return output.Body
    throw new Error("The object store answered without a readable body")
  }
  const getObject = async (key: string, range?: ByteRange) =>
    body(
      await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      ),
    )
  const deleteKeys = (keys: ReadonlyArray<string>) =>
    client
      .send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      )
      .then(() => undefined)
  return {
    put: async (key, data, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: safeKey(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
        }),
      )
    },
    stream: (key, range) => getObject(safeKey(key), range),
    stat: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: safeKey(key) }))
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    remove: (key) => deleteKeys([safeKey(key)]),
    tusStore,
    uploadFile: () => undefined,
    readUpload: (id) => getObject(safeKey(id)),
    adoptUpload: async (id, key) => {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: safeKey(key),
          CopySource: `${Bucket}/${encodeURIComponent(safeKey(id))}`,
        }),
      )
      await deleteKeys([id, `${id}.info`, `${id}.part`])
    },
    removeUpload: async (id) => {
      // An unfinished upload is an open multipart upload, named in its `.info` object's metadata.
      try {
        const info = await client.send(new HeadObjectCommand({ Bucket, Key: `${safeKey(id)}.info` }))
        const uploadId = info.Metadata?.["upload-id"]
        if (uploadId)
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId: uploadId }))
      } catch (error) {
        if (!isNotFound(error)) throw error
      }
      await deleteKeys([id, `${id}.info`, `${id}.part`])
    },
  }
}

/** A store failure is the server's problem, not the caller's: it dies (a 500 with a digest). */
const run = <A>(what: string, f: () => Promise<A>) =>
  Effect.tryPromise({ try: f, catch: (cause) => new Error(`Media store: ${what} failed`, { cause }) }).pipe(
    Effect.orDie,
  )

/**
 * Podcast audio and artwork: `put`, `stream` (a byte range), `stat`, `remove`, and the tus data
 * store uploads are written to before they become an episode's audio.
 */
export class MediaStore extends Effect.Service<MediaStore>()("@folio/server/MediaStore", {
  effect: Effect.gen(function* () {
    const { media } = yield* AppConfig
    const backend = media.kind === "local" ? localBackend(media.dir) : s3Backend(media)
    return {
      kind: media.kind,
      tusStore: backend.tusStore,
      put: (key: string, body: Uint8Array, contentType: string) =>
        run(`storing ${key}`, () => backend.put(key, body, contentType)),
      stream: (key: string, range?: ByteRange) => run(`reading ${key}`, () => backend.stream(key, range)),
      stat: (key: string) =>
        run(`looking up ${key}`, () => backend.stat(key)).pipe(Effect.map(Option.fromNullable)),
      remove: (key: string) => run(`removing ${key}`, () => backend.remove(key)),
      uploadFile: backend.uploadFile,
      readUpload: (id: string) => run(`reading upload ${id}`, () => backend.readUpload(id)),
      adoptUpload: (id: string, key: string) =>
        run(`moving upload ${id} to ${key}`, () => backend.adoptUpload(id, key)),
      removeUpload: (id: string) => run(`removing upload ${id}`, () => backend.removeUpload(id)),
    } as const
  }),
}) {}
