import { createHash } from "node:crypto"
import { truncate, writeFile } from "node:fs/promises"
import { createServer, request as httpRequest } from "node:http"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliSignIn } from "../../server/test/support/directory.js"
import { runFolio, tempConfigDir } from "./support/folio.js"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld
/** The seeded admin's bearer token, for arranging shows through the API. */
let adminToken = ""
let showId = ""

// Each test runs several `folio` processes (about half a second each) against one server.
const slow = 120_000

/** A PCM WAV file: RIFF/WAVE header, then a 440 Hz tone, 16-bit mono at `rate` Hz. */
const wav = (seconds: number, rate = 8000): Buffer => {
  const samples = Math.round(seconds * rate)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2)
  const header = Buffer.alloc(44)
  header.write("RIFF", 0, "ascii")
  header.writeUInt32LE(36 + data.length, 4)
  header.write("WAVE", 8, "ascii")
  header.write("fmt ", 12, "ascii")
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28) // bytes a second
  header.writeUInt16LE(2, 32) // bytes a frame
  header.writeUInt16LE(16, 34) // bits a sample
  header.write("data", 36, "ascii")
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${world.server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  }
}

interface EpisodeJson {
  readonly id: string
  readonly title: string
  readonly status: string
  readonly showTitle: string
  readonly audio: { format: string; durationSeconds: number; sizeBytes: number; sha256: string } | null
}

const drafts = async () =>
  (await world.json<{ episodes: ReadonlyArray<EpisodeJson> }>(["podcasts", "list", "--drafts"])).episodes

beforeAll(async () => {
  world = await startReportsWorld()
  adminToken = await cliSignIn(world.server, world.server.adminEmail, world.server.adminPassword)
  const created = await api("POST", "/podcasts/shows", {
    title: "Macro Weekly",
    description: "Rates and FX.",
  })
  expect(created.status).toBe(201)
  showId = String(created.body.id)
  expect((await api("POST", "/podcasts/shows", { title: "Credit Hour" })).status).toBe(201)
}, 120_000)
afterAll(async () => {
  await world?.stop()
})

describe("folio podcasts", { timeout: slow }, () => {
  it("lists the shows, by title, with their ids", async () => {
    const run = await world.folio(["podcasts", "shows"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^TITLE\s+EPISODES\s+PUBLISHED/m)
    expect(run.stdout).toContain("Macro Weekly")
    expect(run.stdout).toContain(showId)
    const json = await world.json<{ ok: true; shows: ReadonlyArray<{ id: string; title: string }> }>([
      "podcasts",
      "shows",
    ])
    expect(json.shows.map((show) => show.title).sort()).toEqual(["Credit Hour", "Macro Weekly"])
  })

  it("uploads a WAV file as a new draft, prints what the server read, and publishes it", async () => {
    const audio = wav(1.5)
    const path = join(world.dir, "rates-outlook.wav")
    await writeFile(path, audio)
    const run = await world.folio(["podcasts", "upload", path, "--show", "Macro Weekly"])
    expect(run.code, run.stderr).toBe(0)
    // Not a terminal: plain progress lines on stderr, the result on stdout.
    expect(run.stderr).toContain("Uploading rates-outlook.wav (24 KB)…")
    expect(run.stderr).toMatch(/Uploaded 24 KB of 24 KB \(100%\)/)
    expect(run.stdout).toContain('to the new draft "rates-outlook" in "Macro Weekly"')
    expect(run.stdout).toMatch(/^duration\s+0:02$/m)
    expect(run.stdout).toMatch(/^format\s+wav \(audio\/(x-)?wav\)$/m)
    expect(run.stdout).toContain(createHash("sha256").update(audio).digest("hex"))
    const id = /^id\s+([0-9a-f-]{36})$/m.exec(run.stdout)?.[1] ?? ""
    expect(id).not.toBe("")
    expect(run.stderr).toContain(`folio podcasts publish ${id}`)

    // A draft: in --drafts (manage scope), not among what listeners hear.
    const listed = await world.folio(["podcasts", "list", "--drafts"])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(/^SHOW\s+TITLE\s+STATUS\s+DURATION\s+PUBLISHED\s+ID$/m)
    expect(listed.stdout).toMatch(new RegExp(`Macro Weekly\\s+rates-outlook\\s+draft\\s+0:02\\s+-\\s+${id}`))
    const heard = await world.json<{ episodes: ReadonlyArray<EpisodeJson> }>(["podcasts", "list"])
    expect(heard.episodes.map((episode) => episode.id)).not.toContain(id)

    const published = await world.folio(["podcasts", "publish", id])
    expect(published.code, published.stderr).toBe(0)
    expect(published.stdout).toContain('Published "rates-outlook" in "Macro Weekly".')
    const after = await world.json<{ episodes: ReadonlyArray<EpisodeJson> }>([
      "podcasts",
      "list",
      "--show",
      showId,
    ])
    expect(after.episodes.map((episode) => [episode.id, episode.status])).toContainEqual([id, "published"])
    const table = await world.folio(["podcasts", "list", "--show", "Macro Weekly"])
    expect(table.stdout).toMatch(
      new RegExp(`rates-outlook\\s+published\\s+0:02\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+${id}`),
    )
  })

  it("uploads with a title and notes, as JSON, and replaces an episode's audio with --episode", async () => {
    const path = join(world.dir, "take1.wav")
    await writeFile(path, wav(1))
    const notes = join(world.dir, "notes.md")
    await writeFile(notes, "Rates **up**.\n")
    const first = await world.json<{ ok: true; created: boolean; episode: EpisodeJson & { notes: string } }>([
      "podcasts",
      "upload",
      path,
      "--show",
      showId,
      "--title",
      "Credit spreads",
      "--notes",
      notes,
    ])
    expect(first.created).toBe(true)
    expect(first.episode.title).toBe("Credit spreads")
    expect(first.episode.notes).toBe("Rates **up**.\n")
    expect(first.episode.audio?.durationSeconds).toBeCloseTo(1, 1)
    const longer = join(world.dir, "take2.wav")
    await writeFile(longer, wav(2))
    const second = await world.json<{ created: boolean; episode: EpisodeJson }>([
      "podcasts",
      "upload",
      longer,
      "--episode",
      first.episode.id,
    ])
    expect(second.created).toBe(false)
    expect(second.episode.id).toBe(first.episode.id)
    expect(second.episode.title).toBe("Credit spreads")
    expect(second.episode.audio?.durationSeconds).toBeCloseTo(2, 1)
  })

  it("resumes an upload whose connection dropped halfway, and the server ends with the same bytes", async () => {
    const audio = wav(2)
    const path = join(world.dir, "dropped.wav")
    await writeFile(path, audio)
    const target = new URL(world.server.url)
    const patches: Array<{ offset: string | undefined; cut: boolean }> = []
    // A proxy that forwards everything, but cuts the first PATCH after half the file went through.
    const proxy = createServer((incoming, outgoing) => {
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      upstream.on("error", () => outgoing.destroy())
      if (incoming.method !== "PATCH") {
        incoming.pipe(upstream)
        return
      }
      const cut = patches.length === 0
      patches.push({ offset: incoming.headers["upload-offset"] as string | undefined, cut })
      if (!cut) {
        incoming.pipe(upstream)
        return
      }
      let forwarded = 0
      incoming.on("data", (chunk: Buffer) => {
        const half = Math.floor(audio.length / 2)
        if (forwarded >= half) return
        const part = chunk.subarray(0, half - forwarded)
        upstream.write(part)
        forwarded += part.length
        if (forwarded >= half) {
          // Let the server take in what it got before the line goes dead.
          setTimeout(() => {
            upstream.destroy()
            incoming.socket.destroy()
          }, 200)
        }
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
    const address = proxy.address()
    const proxyUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
    const config = await tempConfigDir()
    try {
      const run = await runFolio(["podcasts", "upload", path, "--show", "Macro Weekly", "--json"], {
        configDir: config.path,
        env: { FOLIO_URL: proxyUrl, FOLIO_TOKEN: adminToken },
      })
      expect(run.code, run.stderr).toBe(0)
      const result = JSON.parse(run.stdout) as { episode: EpisodeJson }
      expect(result.episode.audio?.sizeBytes).toBe(audio.length)
      expect(result.episode.audio?.sha256).toBe(createHash("sha256").update(audio).digest("hex"))
      expect(patches.length).toBeGreaterThanOrEqual(2)
      expect(patches[0]).toEqual({ offset: "0", cut: true })
      // The next attempt asked where the server was (HEAD) and went on from there, not from 0.
      expect(Number(patches[1]?.offset)).toBeGreaterThan(0)
      expect(Number(patches[1]?.offset)).toBeLessThanOrEqual(Math.floor(audio.length / 2))
    } finally {
      await new Promise((resolve) => proxy.close(resolve))
      await config.remove()
    }
  })

  it("refuses a missing file and one over 500 MB before sending anything", async () => {
    const before = (await drafts()).length
    const missing = await world.folio([
      "podcasts",
      "upload",
      join(world.dir, "nope.mp3"),
      "--show",
      "Macro Weekly",
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("No such file:")
    expect(missing.stderr).not.toMatch(/\n\s+at /)

    const huge = join(world.dir, "huge.mp3")
    await writeFile(huge, "")
    await truncate(huge, 500 * 1024 * 1024 + 1)
    const tooBig = await world.folio(["podcasts", "upload", huge, "--show", "Macro Weekly", "--json"])
    expect(tooBig.code).toBe(1)
    expect(tooBig.stderr).toContain(
      "an episode's audio may be at most 500 MB (524,288,000 bytes). Nothing was sent.",
    )
    expect(JSON.parse(tooBig.stdout)).toMatchObject({ ok: false, error: { code: "FileTooLarge" } })

    const noShow = await world.folio(["podcasts", "upload", join(world.dir, "take1.wav")])
    expect(noShow.code).toBe(2)
    expect(noShow.stderr).toContain("--show")
    const unknownShow = await world.folio([
      "podcasts",
      "upload",
      join(world.dir, "take1.wav"),
      "--show",
      "macro weekly",
    ])
    expect(unknownShow.code).toBe(1)
    expect(unknownShow.stderr).toContain('No show titled "macro weekly" (did you mean "Macro Weekly"?)')
    expect((await drafts()).length).toBe(before)
  })

  it("prints the server's refusal of a file that is not audio, exits non-zero and leaves no draft", async () => {
    const before = (await drafts()).length
    const path = join(world.dir, "notes.mp3")
    await writeFile(path, "These are words, not sound.\n".repeat(200))
    const run = await world.folio(["podcasts", "upload", path, "--show", "Macro Weekly"])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/The server refused the audio: .+/)
    expect(run.stderr).toContain("was deleted again")
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect((await drafts()).length).toBe(before)
  })

  it("shows the server's 409 when publishing an episode without audio", async () => {
    const created = await api("POST", `/podcasts/shows/${showId}/episodes`, { title: "No audio yet" })
    expect(created.status).toBe(201)
    const run = await world.folio(["podcasts", "publish", String(created.body.id)])
    expect(run.code).toBe(1)
    const message = (await api("POST", `/podcasts/episodes/${created.body.id}/publish`)).body.message
    expect(typeof message).toBe("string")
    expect(run.stderr.trim()).toBe(String(message).replace(/([^.!?])$/, "$1."))
    const bad = await world.folio(["podcasts", "publish", "not-an-id"])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("takes an episode id (a UUID)")
  })

  it("has help with examples for every command", async () => {
    const commands = [
      ["podcasts"],
      ["podcasts", "shows"],
      ["podcasts", "list"],
      ["podcasts", "upload"],
      ["podcasts", "publish"],
    ]
    const runs = await Promise.all(commands.map((command) => world.folio([...command, "--help"])))
    runs.forEach((run, index) => {
      const name = commands[index]?.join(" ")
      expect(run.code, name).toBe(0)
      expect(run.stdout, name).toContain(`Usage: folio ${name}`)
      expect(run.stdout, name).toMatch(new RegExp(`Examples:\\n  \\$ folio ${name}`))
    })
    expect(runs[3]?.stdout).toContain("500 MB")
    expect(runs[3]?.stdout).toContain("--episode <episode-id>")
  })
})
