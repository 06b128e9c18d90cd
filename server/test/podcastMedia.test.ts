import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs"
import { open, readFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3"
import { Effect, Option, Redacted } from "effect"
import S3rver from "s3rver"
import { Upload } from "tus-js-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cuttingProxy, smallWav, writeNoiseWav } from "./support/audio.js"
import { cliSignIn, databaseOf } from "./support/directory.js"
import { freePort, startTestServer, type TestServer } from "./support/server.js"
import { until } from "./support/until.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
let mediaDir: string
const tokens: Record<string, string> = {}
const users: Record<string, string> = {}
let showId: string
let clientCompany: string
/** The S3 test stops the local-folder server: see there. */
let mainServerStopped = false

const auth = (who: string) => ({ authorization: `Bearer ${tokens[who]}` })

const newEpisode = async (title: string, status: "draft" | "published" = "draft") =>
  db.query((sql) =>
    Effect.gen(function* () {
      const [row] = yield* sql<{ id: string }>`
        insert into podcast_episodes (show_id, title) values (${showId}, ${title}) returning id`
      const id = row!.id
      yield* sql`insert into podcast_episode_audience (episode_id, company_id, team_id) values (${id}, null, null)`
      if (status === "published") {
        yield* sql`update podcast_episodes set status = 'published', published_at = now() - interval '1 minute' where id = ${id}`
      }
      return id
    }),
  )

const episodeAudio = (id: string) =>
  db.query((sql) =>
    sql<{
      audioKey: string | null
      audioFormat: string | null
      audioMime: string | null
      audioDurationSeconds: number | null
      audioBitrate: number | null
      audioSize: string | null
      audioSha256: string | null
      audioOriginalName: string | null
    }>`select audio_key, audio_format, audio_mime, audio_duration_seconds, audio_bitrate, audio_size,
              audio_sha256, audio_original_name
       from podcast_episodes where id = ${id}`.pipe(Effect.map((rows) => rows[0]!)),
  )

/** Uploads with tus-js-client; resolves with the upload URL, rejects with its error. */
const tusUpload = (options: {
  readonly endpoint: string
  readonly file: string | Buffer
  readonly who: string
  readonly episodeId: string
  readonly filename: string
  readonly retryDelays?: Array<number>
}) =>
  new Promise<string>((resolve, reject) => {
    const upload = new Upload(
      typeof options.file === "string" ? createReadStream(options.file) : options.file,
      {
        endpoint: options.endpoint,
        headers: auth(options.who),
        metadata: { episodeId: options.episodeId, filename: options.filename, filetype: "audio/wav" },
        retryDelays: options.retryDelays ?? [],
        removeFingerprintOnSuccess: true,
        onError: reject,
        onSuccess: () => resolve(upload.url ?? ""),
      },
    )
    upload.start()
  })

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

const streamSha256 = async (response: Response) => {
  const hash = createHash("sha256")
  let size = 0
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    hash.update(value)
    size += value.length
  }
  return { sha256: hash.digest("hex"), size }
}

/** curl, as a podcast app or a person would: headers and body apart. */
const curl = (args: Array<string>) =>
  new Promise<{ head: string; body: Buffer }>((resolve, reject) => {
    const dir = mkdtempSync(join(tmpdir(), "folio-curl-"))
    const bodyFile = join(dir, "body")
    const child = spawn("/usr/bin/curl", ["-s", "-D", "-", "-o", bodyFile, ...args])
    let head = ""
    child.stdout.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1")
    })
    child.on("error", reject)
    child.on("close", async () => {
      const body = existsSync(bodyFile) ? await readFile(bodyFile) : Buffer.alloc(0)
      rmSync(dir, { recursive: true, force: true })
      resolve({ head, body })
    })
  })

const headerOf = (head: string, name: string) => new RegExp(`^${name}: *(.*?)\\r?$`, "im").exec(head)?.[1]

const tusHeaders = (who: string, extra: Record<string, string> = {}) => ({
  "tus-resumable": "1.0.0",
  ...auth(who),
  ...extra,
})

const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",")

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "folio-media-"))
  server = await startTestServer({ config: { media: { kind: "local", dir: mediaDir } } })
  db = databaseOf(server)
  const publisher = await db.publisherId()
  clientCompany = await db.company("listeners")
  users.editor = await db.user({
    email: "editor@folio.test",
    name: "Ed Itor",
    companyId: publisher,
    role: "editor",
  })
  users.editor2 = await db.user({
    email: "editor2@folio.test",
    name: "Other Editor",
    companyId: publisher,
    role: "editor",
  })
  users.reader = await db.user({
    email: "reader@client.test",
    name: "Rea Der",
    companyId: clientCompany,
    role: "reader",
  })
  for (const who of ["editor", "editor2", "reader"])
    tokens[who] = await cliSignIn(server, `${who}@${who === "reader" ? "client" : "folio"}.test`)
  showId = await db.query((sql) =>
    sql<{ id: string }>`
      insert into podcast_shows (title, category) values ('Folio Test Weekly', 'Business > Investing') returning id`.pipe(
      Effect.map((rows) => rows[0]!.id),
    ),
  )
}, 60_000)

afterAll(async () => {
  await db?.close()
  if (!mainServerStopped) await server?.stop()
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
})

describe("podcast audio upload (tus) and serving", () => {
  const big = { path: "", size: 0, sha256: "", episodeId: "" }

  it("resumes a 200 MB upload cut after 100 MB, and the stored file has the source's checksum", async () => {
    big.path = join(tmpdir(), `folio-200mb-${process.pid}.wav`)
    const dataBytes = 200 * 1024 * 1024 - 44
    try {
      const written = await writeNoiseWav(big.path, dataBytes)
      big.size = written.size
      big.sha256 = written.sha256
      big.episodeId = await newEpisode("Two hundred megabytes")
      const proxy = await cuttingProxy(Number(new URL(server.url).port), 100 * 1024 * 1024)
      const started = Date.now()
      try {
        await tusUpload({
          endpoint: `${proxy.url}/api/podcasts/uploads`,
          file: big.path,
          who: "editor",
          episodeId: big.episodeId,
          filename: "two-hundred.wav",
          retryDelays: [0, 300, 1000, 3000],
        })
      } finally {
        await proxy.close()
      }
      const seconds = (Date.now() - started) / 1000
      console.log(
        `200 MB upload: ${seconds.toFixed(1)} s (${(200 / seconds).toFixed(0)} MB/s) through ${proxy.seen.connections} connections; PATCH offsets ${proxy.seen.patchOffsets.join(", ")}`,
      )
      expect(proxy.seen.cut).toBe(true)
      expect(proxy.seen.connections).toBeGreaterThanOrEqual(2)
      const resumedAt = proxy.seen.patchOffsets.find((offset) => offset > 0)
      expect(resumedAt).toBeGreaterThan(50 * 1024 * 1024)
      expect(resumedAt).toBeLessThanOrEqual(100 * 1024 * 1024)
      const audio = await episodeAudio(big.episodeId)
      expect(audio).toMatchObject({
        audioFormat: "wav",
        audioMime: "audio/wav",
        audioSha256: big.sha256,
        audioSize: String(big.size),
        audioOriginalName: "two-hundred.wav",
        audioBitrate: 22_050 * 16,
      })
      expect(audio.audioDurationSeconds).toBeCloseTo(dataBytes / (22_050 * 2), 2)
      const [upload] = await db.query(
        (sql) => sql<{ finishedAt: Date | null; error: string | null }>`
        select finished_at, error from podcast_uploads where episode_id = ${big.episodeId}`,
      )
      expect(upload?.finishedAt).not.toBeNull()
      expect(upload?.error).toBeNull()
      // Served back whole: the same bytes.
      const served = await fetch(`${server.url}/api/podcasts/episodes/${big.episodeId}/audio`, {
        headers: auth("editor"),
      })
      expect(served.status).toBe(200)
      expect(served.headers.get("accept-ranges")).toBe("bytes")
      expect(served.headers.get("content-type")).toBe("audio/wav")
      expect(served.headers.get("etag")).toBe(`"${big.sha256}"`)
      expect(served.headers.get("cache-control")).toMatch(/^private/)
      expect(await streamSha256(served)).toEqual({ sha256: big.sha256, size: big.size })
    } catch (error) {
      rmSync(big.path, { force: true })
      throw error
    }
  }, 120_000)

  it("answers curl -r 1000-1999 with exactly those 1,000 bytes, and 416 past the end", async () => {
    try {
      expect(big.episodeId).not.toBe("")
      const url = `${server.url}/api/podcasts/episodes/${big.episodeId}/audio`
      const { head, body } = await curl([
        "-r",
        "1000-1999",
        "-H",
        `Authorization: Bearer ${tokens.editor}`,
        url,
      ])
      expect(head).toMatch(/^HTTP\/1\.1 206/)
      expect(headerOf(head, "content-range")).toBe(`bytes 1000-1999/${big.size}`)
      expect(headerOf(head, "content-length")).toBe("1000")
      const file = await open(big.path)
      const expected = Buffer.alloc(1000)
      await file.read(expected, 0, 1000, 1000)
      await file.close()
      expect(body.length).toBe(1000)
      expect(body.equals(expected)).toBe(true)
      const past = await curl([
        "-r",
        `${big.size}-${big.size + 10}`,
        "-H",
        `Authorization: Bearer ${tokens.editor}`,
        url,
      ])
      expect(past.head).toMatch(/^HTTP\/1\.1 416/)
      expect(headerOf(past.head, "content-range")).toBe(`bytes */${big.size}`)
      // A reader may not hear a draft: not found, like an episode that does not exist.
      const reader = await fetch(url, { headers: { ...auth("reader"), range: "bytes=0-9" } })
      expect(reader.status).toBe(404)
      // HEAD: the size and no body.
      const headOnly = await fetch(url, { method: "HEAD", headers: auth("editor") })
      expect(headOnly.status).toBe(200)
      expect(headOnly.headers.get("content-length")).toBe(String(big.size))
    } finally {
      if (big.path) rmSync(big.path, { force: true })
    }
  }, 30_000)

  it("refuses a text file named episode.mp3 with a clear message and attaches nothing", async () => {
    const episodeId = await newEpisode("Not audio at all")
    const error = await tusUpload({
      endpoint: `${server.url}/api/podcasts/uploads`,
      file: Buffer.from("These are show notes, not audio.\n".repeat(400)),
      who: "editor",
      episodeId,
      filename: "episode.mp3",
    }).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error?.message).toMatch(/response code: 422/)
    expect(error?.message).toMatch(/This file is not MP3, M4A or WAV audio: /)
    expect(error?.message).not.toMatch(/\/tmp\/|folio-test-media/)
    expect((await episodeAudio(episodeId)).audioKey).toBeNull()
    const [upload] = await db.query(
      (sql) => sql<{ id: string; error: string | null }>`
      select id, error from podcast_uploads where episode_id = ${episodeId}`,
    )
    expect(upload?.error).toMatch(/^This file is not MP3, M4A or WAV audio/)
    expect(existsSync(join(mediaDir, "uploads", upload!.id))).toBe(false)
    expect(existsSync(join(mediaDir, "uploads", `${upload!.id}.json`))).toBe(false)
  }, 30_000)

  it("lets only editors create uploads, only for an episode, within 500 MB, and only their creator continue them", async () => {
    const episodeId = await newEpisode("Whose upload")
    const create = (who: string, fields: Record<string, string>, length = "1000") =>
      fetch(`${server.url}/api/podcasts/uploads`, {
        method: "POST",
        headers: tusHeaders(who, { "upload-length": length, "upload-metadata": metadataHeader(fields) }),
      })
    const byReader = await create("reader", { episodeId, filename: "a.mp3" })
    expect(byReader.status).toBe(403)
    const tooBig = await create("editor", { episodeId, filename: "a.mp3" }, String(500 * 1024 * 1024 + 1))
    expect(tooBig.status).toBe(413)
    expect(await tooBig.text()).toBe("Audio files are at most 500 MB.")
    const noEpisode = await create("editor", {
      episodeId: "00000000-0000-4000-8000-000000000000",
      filename: "a.mp3",
    })
    expect(noEpisode.status).toBe(404)
    expect(await noEpisode.text()).toMatch(
      /^No episode 00000000-0000-4000-8000-000000000000: create the episode first/,
    )
    const anonymous = await fetch(`${server.url}/api/podcasts/uploads`, {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": "10",
        "upload-metadata": metadataHeader({ episodeId, filename: "a" }),
      },
    })
    expect(anonymous.status).toBe(401)
    const created = await create("editor", { episodeId, filename: "a.mp3" })
    expect(created.status).toBe(201)
    const location = created.headers.get("location") ?? ""
    expect(location).toMatch(/^\/api\/podcasts\/uploads\/[0-9a-f]{32}$/)
    const theirs = await fetch(`${server.url}${location}`, { method: "HEAD", headers: tusHeaders("editor2") })
    expect(theirs.status).toBe(404)
    const patchByOther = await fetch(`${server.url}${location}`, {
      method: "PATCH",
      headers: tusHeaders("editor2", {
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      }),
      body: Buffer.alloc(10),
    })
    expect(patchByOther.status).toBe(404)
    const mine = await fetch(`${server.url}${location}`, { method: "HEAD", headers: tusHeaders("editor") })
    expect(mine.status).toBe(200)
    expect(mine.headers.get("upload-offset")).toBe("0")
    expect(mine.headers.get("upload-length")).toBe("1000")
    const abandoned = await fetch(`${server.url}${location}`, {
      method: "DELETE",
      headers: tusHeaders("editor"),
    })
    expect(abandoned.status).toBe(204)
  }, 30_000)

  it("serves the feed enclosure to a valid token with ranges, counts one podcast_play after the first minute's bytes, and 404s a revoked token", async () => {
    const episodeId = await newEpisode("Ninety seconds of quiet")
    const wav = smallWav(90)
    await tusUpload({
      endpoint: `${server.url}/api/podcasts/uploads`,
      file: wav,
      who: "editor",
      episodeId,
      filename: "quiet.wav",
    })
    await db.query(
      (sql) =>
        sql`update podcast_episodes set status = 'published', published_at = now() - interval '1 minute' where id = ${episodeId}`,
    )
    const draftId = await newEpisode("Still a draft")
    const feed = await fetch(`${server.url}/api/profile/feed`, { method: "POST", headers: auth("reader") })
    expect(feed.status).toBe(201)
    const feedPath = new URL(((await feed.json()) as { url: string }).url).pathname
    const enclosure = `${server.url}${feedPath}/episodes/${episodeId}/audio`
    const plays = () =>
      db.query((sql) =>
        sql<{ n: number; subject: string | null; channel: string }>`
        select count(*)::int as n, max(subject) as subject, max(channel) as channel from readership_pending
        where kind = 'podcast_play' and user_id = ${users.reader}`.pipe(Effect.map((rows) => rows[0]!)),
      )
    const downloaded = () =>
      db.query((sql) =>
        sql<{ bytes: string; countedAt: Date | null }>`
        select bytes, counted_at from podcast_downloads where user_id = ${users.reader} and episode_id = ${episodeId}`.pipe(
          Effect.map((rows) => rows[0]),
        ),
      )

    const first = await fetch(enclosure, { headers: { range: "bytes=0-99999" } })
    expect(first.status).toBe(206)
    expect(first.headers.get("content-range")).toBe(`bytes 0-99999/${wav.length}`)
    expect(Buffer.from(await first.arrayBuffer()).equals(wav.subarray(0, 100_000))).toBe(true)
    await until("the first range counted", async () =>
      (await downloaded())?.bytes === "100000" ? true : undefined,
    )
    expect((await downloaded())?.countedAt).toBeNull()
    expect((await plays()).n).toBe(0)
    // The first minute is 8,000 bytes a second × 60 = 480,000 bytes: this range crosses it.
    const second = await fetch(enclosure, { headers: { range: "bytes=100000-599999" } })
    expect(second.status).toBe(206)
    expect((await second.arrayBuffer()).byteLength).toBe(500_000)
    const counted = await until("a play counted", async () => ((await plays()).n > 0 ? plays() : undefined))
    expect(counted).toMatchObject({
      n: 1,
      subject: "Folio Test Weekly — Ninety seconds of quiet",
      channel: "feed",
    })
    // Concurrent ranges and a whole download afterwards: still one.
    await Promise.all([0, 1, 2].map(async () => (await fetch(enclosure)).arrayBuffer()))
    await until("the whole downloads counted", async () =>
      Number((await downloaded())?.bytes) === 600_000 + 3 * wav.length ? true : undefined,
    )
    expect((await plays()).n).toBe(1)
    // A draft is not in anyone's feed; HEAD works without counting.
    expect((await fetch(`${server.url}${feedPath}/episodes/${draftId}/audio`)).status).toBe(404)
    const head = await fetch(enclosure, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-length")).toBe(String(wav.length))
    expect(head.headers.get("referrer-policy")).toBe("no-referrer")
    // Revoked: gone.
    expect(
      (await fetch(`${server.url}/api/profile/feed`, { method: "DELETE", headers: auth("reader") })).status,
    ).toBe(204)
    expect((await fetch(enclosure, { headers: { range: "bytes=0-9" } })).status).toBe(404)
  }, 60_000)

  it("stores show artwork by its bytes' type and serves it to the console and to feeds", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ])
    const put = (who: string, body: Buffer, type = "image/png") =>
      fetch(`${server.url}/api/podcasts/shows/${showId}/artwork`, {
        method: "PUT",
        headers: { ...auth(who), "content-type": type },
        body,
      })
    expect((await put("reader", png)).status).toBe(403)
    const lie = await put("editor", Buffer.from("<svg></svg>"), "image/png")
    expect(lie.status).toBe(415)
    expect(((await lie.json()) as { message: string }).message).toMatch(/PNG or JPEG/)
    const stored = await put("editor", png)
    expect(stored.status).toBe(200)
    const got = await fetch(`${server.url}/api/podcasts/shows/${showId}/artwork`, { headers: auth("reader") })
    expect(got.status).toBe(200)
    expect(got.headers.get("content-type")).toBe("image/png")
    expect(sha256(new Uint8Array(await got.arrayBuffer()))).toBe(sha256(png))
  })
})

/**
 * s3rver 3.7 implements neither ListParts (GET ?uploadId) nor AbortMultipartUpload (DELETE
 * ?uploadId): it answers MethodNotAllowed. @tus/s3-store calls ListParts on every HEAD and PATCH
 * (`getUpload` → `retrieveParts`), so a tus upload into s3rver can be created but not written.
 * What runs here: creating a tus upload in the bucket (CreateMultipartUpload and the `.info`
 * object), and the media store's own S3 calls — PutObject, HeadObject, GetObject with a Range —
 * behind the artwork and audio routes.
 */
describe("podcast media in S3-compatible storage (s3rver)", () => {
  it("creates tus uploads in the bucket, stores artwork there and serves audio ranges from it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-s3rver-"))
    const port = await freePort()
    const s3 = new S3rver({
      port,
      address: "127.0.0.1",
      directory: dir,
      silent: true,
      configureBuckets: [{ name: "folio-media" }],
    })
    await s3.run()
    const endpoint = `http://127.0.0.1:${port}`
    const client = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    })
    let s3Server: TestServer | undefined
    // Every instance of a deployment uses the same media store. The local-folder server on this
    // database stops first, or its job runner could take the S3 server's podcast_media_delete
    // jobs and look for the objects in its folder.
    await server.stop()
    mainServerStopped = true
    try {
      s3Server = await startTestServer({
        databaseUrl: server.databaseUrl,
        config: {
          media: {
            kind: "s3",
            bucket: "folio-media",
            endpoint: Option.some(endpoint),
            region: "us-east-1",
            credentials: Option.some({ accessKeyId: "S3RVER", secretAccessKey: Redacted.make("S3RVER") }),
            forcePathStyle: true,
          },
        },
      })
      const url = s3Server.url
      const episodeId = await newEpisode("Stored in a bucket")
      const created = await fetch(`${url}/api/podcasts/uploads`, {
        method: "POST",
        headers: tusHeaders("editor", {
          "upload-length": "5000000",
          "upload-metadata": metadataHeader({ episodeId, filename: "bucket.wav" }),
        }),
      })
      expect(created.status).toBe(201)
      const uploadId = (created.headers.get("location") ?? "").split("/").pop() ?? ""
      const info = await client.send(
        new HeadObjectCommand({ Bucket: "folio-media", Key: `${uploadId}.info` }),
      )
      expect(info.Metadata?.["upload-id"]).toBeTruthy()

      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(3000, 9),
      ])
      const put = await fetch(`${url}/api/podcasts/shows/${showId}/artwork`, {
        method: "PUT",
        headers: { ...auth("editor"), "content-type": "image/png" },
        body: png,
      })
      expect(put.status).toBe(200)
      const [show] = await db.query(
        (sql) => sql<{ artworkKey: string }>`
        select artwork_key from podcast_shows where id = ${showId}`,
      )
      expect(show?.artworkKey).toMatch(/^artwork\//)
      const got = await fetch(`${url}/api/podcasts/shows/${showId}/artwork`, { headers: auth("reader") })
      expect(got.status).toBe(200)
      expect(got.headers.get("content-length")).toBe(String(png.length))
      expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true)

      // New artwork replaces the old; the podcast_media_delete job removes the old object.
      const replaced = await fetch(`${url}/api/podcasts/shows/${showId}/artwork`, {
        method: "PUT",
        headers: { ...auth("editor"), "content-type": "image/png" },
        body: Buffer.concat([png, Buffer.alloc(10, 1)]),
      })
      expect(replaced.status).toBe(200)
      const exists = (Key: string) =>
        client.send(new HeadObjectCommand({ Bucket: "folio-media", Key })).then(
          () => true,
          () => false,
        )
      await expect.poll(() => exists(show?.artworkKey ?? ""), { timeout: 20_000 }).toBe(false)

      const wav = smallWav(400)
      const key = `audio/${episodeId}/placed.wav`
      await client.send(new PutObjectCommand({ Bucket: "folio-media", Key: key, Body: wav }))
      await db.query(
        (sql) => sql`
        update podcast_episodes set audio_key = ${key}, audio_format = 'wav', audio_mime = 'audio/wav',
          audio_duration_seconds = 400, audio_bitrate = 64000, audio_size = ${wav.length},
          audio_sha256 = ${sha256(wav)}, audio_original_name = 'placed.wav', audio_uploaded_at = now()
        where id = ${episodeId}`,
      )
      const range = await fetch(`${url}/api/podcasts/episodes/${episodeId}/audio`, {
        headers: { ...auth("editor"), range: "bytes=1000-1999" },
      })
      expect(range.status).toBe(206)
      expect(range.headers.get("content-range")).toBe(`bytes 1000-1999/${wav.length}`)
      expect(Buffer.from(await range.arrayBuffer()).equals(wav.subarray(1000, 2000))).toBe(true)
    } finally {
      await s3Server?.stop()
      client.destroy()
      await s3.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe("the demo podcast", () => {
  it("has a show with three episodes of real audio, two published, one linked to a report", async () => {
    const demo = await startTestServer({ config: { seed: "demo", media: { kind: "local", dir: mediaDir } } })
    const demoDb = databaseOf(demo)
    try {
      const rows = await demoDb.query(
        (sql) => sql<{
          id: string
          showTitle: string
          category: string
          status: string
          audioFormat: string
          audioDurationSeconds: number
          audioSha256: string
          reportId: string | null
          allClients: boolean
        }>`
        select e.id, s.title as show_title, s.category, e.status, e.audio_format, e.audio_duration_seconds,
               e.audio_sha256, e.report_id,
               (select bool_or(a.company_id is null) from podcast_episode_audience a where a.episode_id = e.id) as all_clients
        from podcast_episodes e join podcast_shows s on s.id = e.show_id order by e.episode_number`,
      )
      expect(rows.map((row) => [row.showTitle, row.category, row.status, row.audioFormat])).toEqual([
        ["Folio Research Weekly", "Business > Investing", "published", "wav"],
        ["Folio Research Weekly", "Business > Investing", "published", "wav"],
        ["Folio Research Weekly", "Business > Investing", "draft", "wav"],
      ])
      expect(rows.map((row) => Math.round(row.audioDurationSeconds))).toEqual([110, 75, 20])
      expect(rows[0]?.reportId).not.toBeNull()
      expect(rows.map((row) => row.allClients)).toEqual([true, false, true])
      const token = await cliSignIn(demo, "elena.marsh@folio.local", "folio-demo-2026")
      const audio = await fetch(`${demo.url}/api/podcasts/episodes/${rows[0]!.id}/audio`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(audio.status).toBe(200)
      expect(sha256(new Uint8Array(await audio.arrayBuffer()))).toBe(rows[0]!.audioSha256)
    } finally {
      await demoDb.close()
      await demo.stop()
    }
  }, 60_000)
})
