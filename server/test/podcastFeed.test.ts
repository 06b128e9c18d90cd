import { createHash, randomBytes } from "node:crypto"
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { NewFeedToken } from "@folio/core"
import { parseFeed } from "podcast-partytime"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { podcastGuidOf, uuidV5 } from "../src/feeds/podcastFeed.js"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
/** This server's own media folder, where the test puts one episode's bytes. */
let mediaDir = ""
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

/** A path under the test server for an address the server made (the public origin may differ). */
const pathOf = (url: string) => new URL(url).pathname

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers })

const newFeed = async (who: string) => {
  const response = await as(who)("POST", "/profile/feed")
  expect(response.status).toBe(201)
  return decodeBody(NewFeedToken, response)
}

/** The feed path of a show under a user's feed address. */
const showFeedPath = (made: NewFeedToken, showId: string) => `${pathOf(made.url)}/podcasts/${showId}`

const feedOf = async (path: string) => {
  const response = await get(path)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8")
  expect(response.headers.get("cache-control")).toBe("private, max-age=300")
  const xml = await response.text()
  const feed = parseFeed(xml)
  expect(feed).not.toBeNull()
  return { feed: feed!, xml, etag: response.headers.get("etag") }
}

const day = 24 * 3600 * 1000

interface EpisodeSeed {
  readonly key: string
  readonly show: string
  readonly title: string
  readonly audience: ReadonlyArray<{ company?: string; embargoHours?: number }>
  readonly status?: "draft" | "published"
  readonly publishedDaysAgo?: number
  readonly transcript?: string
  readonly notes?: string
  readonly season?: number
  readonly number?: number
  readonly size?: number
  readonly duration?: number
}

const episode = async (seed: EpisodeSeed) => {
  const published = (seed.status ?? "published") === "published"
  const at = published ? new Date(Date.now() - (seed.publishedDaysAgo ?? 1) * day) : null
  const [row] = await db.query(
    (sql) => sql<{ id: string; guid: string }>`
      insert into podcast_episodes (show_id, title, notes, transcript, season, episode_number, status, published_at,
        audio_key, audio_format, audio_mime, audio_duration_seconds, audio_bitrate, audio_size, audio_sha256,
        audio_original_name, audio_uploaded_at)
      values (${ids[seed.show]!}, ${seed.title}, ${seed.notes ?? ""}, ${seed.transcript ?? null}, ${seed.season ?? null},
        ${seed.number ?? null}, ${published ? "published" : "draft"}, ${at},
        ${`episodes/${seed.key}-${randomBytes(6).toString("hex")}.mp3`}, 'mp3', 'audio/mpeg', ${seed.duration ?? 61.6}, 128000, ${seed.size ?? 985_600},
        ${createHash("sha256").update(seed.key).digest("hex")}, ${`${seed.key}.mp3`}, now())
      returning id, guid`,
  )
  ids[seed.key] = row!.id
  ids[`${seed.key}Guid`] = row!.guid
  for (const entry of seed.audience) {
    await db.query(
      (sql) => sql`
        insert into podcast_episode_audience (episode_id, company_id, embargo_hours)
        values (${row!.id}, ${entry.company ? ids[entry.company]! : null}, ${entry.embargoHours ?? 0})`,
    )
  }
}

const show = async (key: string, title: string, fields: { artwork?: boolean; category?: string } = {}) => {
  const [row] = await db.query(
    (sql) => sql<{ id: string }>`
      insert into podcast_shows (title, description, language, category, explicit, artwork_key, artwork_type, artwork_updated_at)
      values (${title}, ${`About ${title}.`}, 'en-GB', ${fields.category ?? "Business > Investing"}, false,
        ${fields.artwork ? `shows/${key}.png` : null}, ${fields.artwork ? "image/png" : null}, ${fields.artwork ? new Date() : null})
      returning id`,
  )
  ids[key] = row!.id
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), "folio-podcast-feed-media-"))
  server = await startTestServer({ config: { media: { kind: "local", dir: mediaDir } } })
  db = databaseOf(server)
  const publisher = await db.publisherId()
  await db.query((sql) => sql`update companies set name = 'Folio Research & Co' where id = ${publisher}`)
  ids.acme = await db.company("acme")
  ids.globex = await db.company("globex")
  const people = [
    ["editor", publisher, "editor"],
    ["acmeReader", ids.acme, "reader"],
    ["globexReader", ids.globex, "reader"],
  ] as const
  for (const [name, companyId, role] of people) {
    const email = `${name.toLowerCase()}@folio.test`
    ids[name] = await db.user({ email, name: `${name} Person`, companyId, role })
    tokens[name] = await cliSignIn(server, email)
  }
  await show("weekly", "Macro Weekly", { artwork: true })
  await show("globexOnly", "Globex Briefing", { category: "News" })
  await show("empty", "Nothing Yet")
  await episode({
    key: "forAll",
    show: "weekly",
    title: "Rates in <2027> & beyond",
    audience: [{}],
    publishedDaysAgo: 3,
    transcript: "Speaker 1: rates.\nSpeaker 2: beyond.",
    notes: "A **bold** call.\n\n- one\n- two",
    season: 2,
    number: 7,
    size: 1_234_567,
    duration: 1805.4,
  })
  await episode({
    key: "forAcme",
    show: "weekly",
    title: "Acme's own briefing",
    audience: [{ company: "acme" }],
  })
  await episode({
    key: "forGlobex",
    show: "weekly",
    title: "Globex's own briefing",
    audience: [{ company: "globex" }],
    publishedDaysAgo: 2,
  })
  await episode({ key: "draft", show: "weekly", title: "Not yet out", audience: [{}], status: "draft" })
  await episode({
    key: "embargoed",
    show: "weekly",
    title: "Clients hear this tomorrow",
    audience: [{ embargoHours: 48 }],
    publishedDaysAgo: 0,
  })
  await episode({
    key: "globexShow",
    show: "globexOnly",
    title: "Only for Globex",
    audience: [{ company: "globex" }],
    transcript: "Globex words.",
  })
}, 60_000)

afterAll(async () => {
  await db?.close()
  await server?.stop()
  if (mediaDir !== "") await rm(mediaDir, { recursive: true, force: true })
})

describe("private podcast feeds", () => {
  it("implement UUIDv5 as RFC 4122 and the Podcasting 2.0 guid does", () => {
    // RFC 4122's DNS namespace and python's uuid.uuid5(NAMESPACE_DNS, "python.org").
    expect(uuidV5("python.org", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "886313e1-3b8a-5372-9b90-0c9aee199e5d",
    )
    // The Podcast Index namespace document's example: podcastindex.org/namespace/1.0#guid
    expect(uuidV5("mp3s.nashownotes.com/pc20rss.xml", "ead4c236-bf58-58c6-a2c6-a6b28d128cb6")).toBe(
      "917393e3-1b1e-5cef-ace4-edaa54e1f810",
    )
    expect(podcastGuidOf("https://folio.example", "0b6b3d1c-7b0e-4c6a-9a55-8f6cde1e2a10")).toBe(
      uuidV5(
        "folio.example/podcasts/0b6b3d1c-7b0e-4c6a-9a55-8f6cde1e2a10",
        "ead4c236-bf58-58c6-a2c6-a6b28d128cb6",
      ),
    )
  })

  it("give a client reader a feed that parses, with exactly the episodes they may hear", async () => {
    const made = await newFeed("acmeReader")
    expect(made.podcastFeeds.map((feed) => feed.title)).toEqual(["Macro Weekly"])
    expect(made.podcastFeeds[0]!.showId).toBe(ids.weekly)
    const path = showFeedPath(made, ids.weekly!)
    expect(pathOf(made.podcastFeeds[0]!.url)).toBe(path)
    const { feed, xml } = await feedOf(path)
    const origin = new URL(made.url).origin
    const token = pathOf(made.url).split("/")[2]!

    expect(feed.title).toBe("Macro Weekly")
    expect(feed.description).toBe("About Macro Weekly.")
    expect(feed.language).toBe("en-GB")
    expect(feed.link).toBe(`${origin}/podcasts`)
    expect(feed.explicit).toBe(false)
    expect(feed.itunesType).toBe("episodic")
    expect(feed.author).toBe("Folio Research & Co")
    expect(feed.owner).toEqual({ name: "Folio Research & Co", email: server.adminEmail })
    expect(feed.itunesImage).toBe(`${origin}/feeds/${token}/shows/${ids.weekly}/artwork`)
    expect(feed.itunesCategory).toEqual(["Business > Investing"])
    expect(xml).toMatch(
      /<itunes:category text="Business">\s*<itunes:category text="Investing"\s*\/>\s*<\/itunes:category>/,
    )
    expect(feed.locked).toBe(true)
    expect(feed.podcastOwner).toBe(server.adminEmail)
    expect(feed.guid).toBe(podcastGuidOf(origin, ids.weekly!))
    expect(xml).toContain(`<atom:link href="${origin}${path}" rel="self" type="application/rss+xml"`)
    expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"')

    // Newest first; not Globex's, not the draft, not the embargoed one.
    expect(feed.items.map((item) => item.title)).toEqual(["Acme's own briefing", "Rates in <2027> & beyond"])
    const [acme, forAll] = feed.items
    expect(forAll!.guid).toBe(ids.forAllGuid)
    expect(forAll!.enclosure).toEqual({
      url: `${origin}/feeds/${token}/episodes/${ids.forAll}/audio`,
      length: 1_234_567,
      type: "audio/mpeg",
    })
    expect(forAll!.duration).toBe(1805)
    expect(forAll!.itunesSeason).toBe(2)
    expect(forAll!.itunesEpisode).toBe(7)
    expect(forAll!.itunesEpisodeType).toBe("full")
    expect(forAll!.description).toContain("<strong>bold</strong>")
    expect(forAll!.link).toBe(`${origin}/podcasts`)
    expect(forAll!.pubDate?.getTime()).toBeGreaterThan(Date.now() - 3 * day - 60_000)
    expect(forAll!.podcastTranscripts).toEqual([
      {
        url: `${origin}/feeds/${token}/episodes/${ids.forAll}/transcript`,
        type: "text/plain",
        language: "en-GB",
      },
    ])
    expect(acme!.guid).toBe(ids.forAcmeGuid)
    expect(acme!.duration).toBe(62)
    expect(acme!.podcastTranscripts).toBeUndefined()
  })

  it("give another company's reader their own set, and the same podcast:guid", async () => {
    const made = await newFeed("globexReader")
    expect(made.podcastFeeds.map((feed) => [feed.title, feed.showId])).toEqual([
      ["Globex Briefing", ids.globexOnly],
      ["Macro Weekly", ids.weekly],
    ])
    const { feed } = await feedOf(showFeedPath(made, ids.weekly!))
    expect(feed.items.map((item) => item.title)).toEqual([
      "Globex's own briefing",
      "Rates in <2027> & beyond",
    ])
    expect(feed.guid).toBe(podcastGuidOf(new URL(made.url).origin, ids.weekly!))
    expect(feed.itunesImage).toBeDefined()
    const briefing = await feedOf(showFeedPath(made, ids.globexOnly!))
    expect(briefing.feed.itunesImage).toBeUndefined()
    expect(briefing.feed.itunesCategory).toEqual(["News"])
    expect(briefing.feed.items.map((item) => item.title)).toEqual(["Only for Globex"])
  })

  it("answer 404 for a show with nothing the reader may hear, an unknown show and a malformed id", async () => {
    const made = await newFeed("acmeReader")
    for (const showId of [
      ids.globexOnly!,
      ids.empty!,
      "0b6b3d1c-7b0e-4c6a-9a55-8f6cde1e2a10",
      "not-a-uuid",
    ]) {
      const response = await get(showFeedPath(made, showId))
      expect(response.status).toBe(404)
      expect(await response.text()).toBe("No such feed.")
    }
  })

  it("let a publisher user hear every published episode, drafts never", async () => {
    const made = await newFeed("editor")
    expect(made.podcastFeeds.map((feed) => feed.title)).toEqual(["Globex Briefing", "Macro Weekly"])
    const { feed } = await feedOf(showFeedPath(made, ids.weekly!))
    expect(feed.items.map((item) => item.title)).toEqual([
      "Clients hear this tomorrow",
      "Acme's own briefing",
      "Globex's own briefing",
      "Rates in <2027> & beyond",
    ])
  })

  it("serve the transcript without a cookie, only where the reader may hear it", async () => {
    const made = await newFeed("acmeReader")
    const base = pathOf(made.url)
    const response = await get(`${base}/episodes/${ids.forAll}/transcript`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    expect(await response.text()).toBe("Speaker 1: rates.\nSpeaker 2: beyond.")
    for (const episodeId of [ids.forAcme!, ids.globexShow!, ids.embargoed!, ids.draft!, "nope"]) {
      expect((await get(`${base}/episodes/${episodeId}/transcript`)).status).toBe(404)
    }
    const globex = await newFeed("globexReader")
    const theirs = await get(`${pathOf(globex.url)}/episodes/${ids.globexShow}/transcript`)
    expect(await theirs.text()).toBe("Globex words.")
  })

  it("answer HEAD and a matching If-None-Match, and count a fetch once per GET", async () => {
    const made = await newFeed("acmeReader")
    const path = showFeedPath(made, ids.weekly!)
    const count = async () =>
      (
        await db.query(
          (sql) => sql<{ n: number }>`
            select count(*)::int as n from readership_pending
            where user_id = ${ids.acmeReader!} and kind = 'feed_fetch' and subject = 'Podcast: Macro Weekly'`,
        )
      )[0]!.n
    const before = await count()
    const { etag } = await feedOf(path)
    expect(etag).toMatch(/^".+"$/)
    const head = await get(path, {}, "HEAD")
    expect(head.status).toBe(200)
    expect(head.headers.get("etag")).toBe(etag)
    const again = await get(path, { "if-none-match": etag! })
    expect(again.status).toBe(304)
    expect(await count()).toBe(before + 2)
  })

  it("fetch the enclosure from the feed without a cookie, with ranges", async () => {
    const bytes = randomBytes(4000)
    const [row] = await db.query(
      (sql) => sql<{ audioKey: string }>`
        update podcast_episodes set audio_size = ${bytes.length} where id = ${ids.forAcme!} returning audio_key`,
    )
    const file = join(mediaDir, row!.audioKey)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, bytes)
    const made = await newFeed("acmeReader")
    const { feed } = await feedOf(showFeedPath(made, ids.weekly!))
    const enclosure = feed.items.find((item) => item.guid === ids.forAcmeGuid)!.enclosure
    expect(enclosure.length).toBe(bytes.length)
    const whole = await get(pathOf(enclosure.url))
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await get(pathOf(enclosure.url), { range: "bytes=1000-1999" })
    expect(part.status).toBe(206)
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true)
    // Another company's reader's token does not open it.
    const globex = await newFeed("globexReader")
    expect((await get(`${pathOf(globex.url)}/episodes/${ids.forAcme}/audio`)).status).toBe(404)
  })

  it("answer 404 at the same address once the token is revoked or replaced", async () => {
    const made = await newFeed("acmeReader")
    const path = showFeedPath(made, ids.weekly!)
    expect((await get(path)).status).toBe(200)
    const replaced = await newFeed("acmeReader")
    expect((await get(path)).status).toBe(404)
    const newPath = showFeedPath(replaced, ids.weekly!)
    expect((await get(newPath)).status).toBe(200)
    expect((await as("acmeReader")("DELETE", "/profile/feed")).status).toBe(204)
    const revoked = await get(newPath)
    expect(revoked.status).toBe(404)
    expect(await revoked.text()).toBe("No such feed.")
    expect((await get(`${pathOf(replaced.url)}/episodes/${ids.forAll}/transcript`)).status).toBe(404)
  })
})
