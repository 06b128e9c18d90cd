import { NewFeedToken, Report } from "@folio/core"
import { XMLParser, XMLValidator } from "fast-xml-parser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
const reports: Record<string, Report> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

/** A new feed address for a user, as the path under the test server (the public origin may differ). */
const newFeed = async (who: string) => {
  const response = await as(who)("POST", "/profile/feed")
  expect(response.status).toBe(201)
  const made = await decodeBody(NewFeedToken, response)
  expect(new URL(made.rssUrl).pathname).toBe(`${new URL(made.url).pathname}/rss`)
  return { ...made, path: new URL(made.url).pathname }
}

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers })

/** The elements that may repeat, read as lists even when there is one. */
const lists = new Set([
  "feed.link",
  "feed.author",
  "feed.entry",
  "feed.entry.link",
  "feed.entry.author",
  "feed.entry.category",
  "rss.channel.item",
  "rss.channel.item.category",
  "rss.channel.item.dc:creator",
])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  isArray: (_name, path) => lists.has(String(path)),
})

interface AtomEntry {
  readonly id: string
  readonly title: { "#text": string }
  readonly updated: string
  readonly published: string
  readonly link: ReadonlyArray<{ "@_rel": string; "@_href": string }>
  readonly author?: ReadonlyArray<{ name: string }>
  readonly category: ReadonlyArray<{ "@_term": string }>
  readonly summary?: { "#text": string }
  readonly content: { "@_type": string; "#text": string }
}
interface RssItem {
  readonly title: string
  readonly link: string
  readonly guid: { "@_isPermaLink": string; "#text": string }
  readonly pubDate: string
  readonly description: string
  readonly category: ReadonlyArray<{ "#text": string }>
  readonly "dc:creator"?: ReadonlyArray<string>
  readonly "content:encoded": string
}

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const rfc822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

const atomOf = async (path: string) => {
  const response = await get(path)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8")
  const text = await response.text()
  expect(XMLValidator.validate(text)).toBe(true)
  const feed = parser.parse(text).feed
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom")
  return feed as {
    id: string
    title: string
    updated: string
    author: ReadonlyArray<{ name: string }>
    link: ReadonlyArray<{ "@_rel": string; "@_href": string; "@_type"?: string }>
    entry?: ReadonlyArray<AtomEntry>
  }
}

const rssOf = async (path: string) => {
  const response = await get(`${path}/rss`)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8")
  const text = await response.text()
  expect(XMLValidator.validate(text)).toBe(true)
  const rss = parser.parse(text).rss
  expect(rss["@_version"]).toBe("2.0")
  expect(rss["@_xmlns:atom"]).toBe("http://www.w3.org/2005/Atom")
  return rss.channel as {
    title: string
    link: string
    description: string
    lastBuildDate: string
    "atom:link": { "@_rel": string; "@_href": string; "@_type": string }
    item?: ReadonlyArray<RssItem>
  }
}

const entryIds = async (path: string) => ((await atomOf(path)).entry ?? []).map((e) => e.id)
const uuid = (name: string) => `urn:uuid:${reports[name]!.id}`

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  ids.acme = await db.company("acme")
  ids.globex = await db.company("globex")
  ids.desk = await db.team(ids.acme, "Macro desk")
  const people = [
    ["editor", publisher, "editor"],
    ["analyst", publisher, "analyst"],
    ["deskReader", ids.acme, "reader"],
    ["acmeReader", ids.acme, "reader"],
    ["globexReader", ids.globex, "reader"],
  ] as const
  for (const [name, companyId, role] of people) {
    const email = `${name.toLowerCase()}@folio.test`
    ids[name] = await db.user({ email, name: `${name} Person`, companyId, role })
    tokens[name] = await cliSignIn(server, email)
  }
  await db.member(ids.desk, ids.deskReader!)
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const imported = await as("admin")("POST", "/tickers/import", {
    rows: [
      {
        line: 2,
        ticker: {
          symbol: "AAPL",
          name: "Apple Inc.",
          exchange: "NASDAQ",
          sector: "Technology",
          currency: "USD",
          country: "US",
        },
      },
    ],
  })
  expect(imported.status).toBe(200)
  // Acme may receive technology research only.
  expect(
    (await as("admin")("PATCH", `/companies/${ids.acme}`, { entitlements: ["Technology"] })).status,
  ).toBe(200)

  const make = async (name: string, body: Record<string, unknown>, publish = true) => {
    const created = await as("analyst")("POST", "/reports", { sector: "Technology", ...body })
    expect(created.status).toBe(201)
    const report = await decodeBody(Report, created)
    if (publish) {
      for (const step of ["submit", "approve", "publish"]) {
        const moved = await as("editor")("POST", `/reports/${report.id}/actions/${step}`, {})
        expect(moved.status).toBe(200)
      }
    }
    reports[name] = report
  }
  await make("forAcme", {
    title: "Apple & the <cloud> margin",
    summary: "Margins hold up.",
    body: "# Thesis\n\nCloud **margins** expand <script>alert(1)</script>",
    tickers: ["AAPL"],
    audience: [{ companyId: ids.acme, embargoHours: 0 }],
  })
  await make("forDesk", { title: "Desk only", audience: [{ companyId: ids.acme, teamId: ids.desk }] })
  await make("forAllClients", {
    title: "Everyone's note",
    body: "Rates <b>fall</b> & *rise*",
    audience: [{ companyId: null }],
  })
  await make("forGlobex", { title: "Globex only", audience: [{ companyId: ids.globex }] })
  await make("draft", { title: "Still a draft", audience: [{ companyId: ids.acme }] }, false)
  await make("embargoed", { title: "Embargoed a day", audience: [{ companyId: ids.acme, embargoHours: 24 }] })
  await make("energy", { title: "Oil", sector: "Energy", audience: [{ companyId: ids.acme }] })
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("private feeds", () => {
  it("hold the published reports a client reader may read now, and nothing else", async () => {
    const desk = await newFeed("deskReader")
    const acme = await newFeed("acmeReader")
    const globex = await newFeed("globexReader")

    const deskIds = await entryIds(desk.path)
    expect(deskIds.sort()).toEqual([uuid("forAcme"), uuid("forDesk"), uuid("forAllClients")].sort())
    expect((await entryIds(acme.path)).sort()).toEqual([uuid("forAcme"), uuid("forAllClients")].sort())
    expect((await entryIds(globex.path)).sort()).toEqual([uuid("forAllClients"), uuid("forGlobex")].sort())
    // The RSS document holds the same reports.
    expect(((await rssOf(desk.path)).item ?? []).map((i) => i.guid["#text"]).sort()).toEqual(deskIds.sort())

    // Once the embargo for Acme has passed, the report is in Acme's feeds.
    await db.query(
      (sql) =>
        sql`update reports set published_at = now() - interval '25 hours' where id = ${reports.embargoed!.id}`,
    )
    expect(await entryIds(acme.path)).toContain(uuid("embargoed"))
    expect(await entryIds(desk.path)).toContain(uuid("embargoed"))
    expect(await entryIds(globex.path)).not.toContain(uuid("embargoed"))

    // Staff feeds announce publications only, never drafts.
    const editor = await newFeed("editor")
    const editorIds = await entryIds(editor.path)
    expect(editorIds).toContain(uuid("energy"))
    expect(editorIds).not.toContain(uuid("draft"))

    // A suspended company's readers get an empty (still valid) feed.
    expect((await as("admin")("PATCH", `/companies/${ids.globex}`, { status: "suspended" })).status).toBe(200)
    const suspended = await atomOf(globex.path)
    expect(suspended.entry).toBeUndefined()
    expect(suspended.updated).toMatch(rfc3339)
    expect((await rssOf(globex.path)).item).toBeUndefined()
  })

  it("are valid Atom 1.0 and RSS 2.0 with the report's title, link, dates, authors, categories and safe HTML", async () => {
    const { path, url, rssUrl } = await newFeed("acmeReader")
    const origin = new URL(url).origin
    const report = reports.forAcme!

    const atom = await atomOf(path)
    expect(atom.title).toBe("Folio — reports for acmeReader Person")
    expect(atom.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(atom.updated).toMatch(rfc3339)
    expect(atom.author[0]?.name).toBe("Folio")
    expect(atom.link).toContainEqual(
      expect.objectContaining({ "@_rel": "self", "@_href": url, "@_type": "application/atom+xml" }),
    )
    const entry = atom.entry?.find((e) => e.id === `urn:uuid:${report.id}`)
    expect(entry).toBeDefined()
    expect(entry!.title["#text"]).toBe("Apple & the <cloud> margin")
    expect(entry!.link).toEqual([
      expect.objectContaining({ "@_rel": "alternate", "@_href": `${origin}/reports/${report.id}` }),
    ])
    expect(entry!.published).toMatch(rfc3339)
    expect(entry!.updated).toMatch(rfc3339)
    expect(Date.parse(entry!.updated)).toBeGreaterThanOrEqual(Date.parse(entry!.published))
    expect(entry!.author?.map((a) => a.name)).toEqual(["analyst Person"])
    expect(entry!.category.map((c) => c["@_term"])).toEqual(["AAPL", "Technology"])
    expect(entry!.summary?.["#text"]).toBe("Margins hold up.")
    expect(entry!.content["@_type"]).toBe("html")
    expect(entry!.content["#text"]).toContain("<h1>Thesis</h1>")
    expect(entry!.content["#text"]).toContain("<strong>margins</strong>")
    expect(entry!.content["#text"]).toContain("&lt;script&gt;")
    expect(entry!.content["#text"]).not.toContain("<script")

    const rss = await rssOf(path)
    expect(rss.title).toBe("Folio — reports for acmeReader Person")
    expect(rss.link).toBe(`${origin}/reports`)
    expect(rss.description).not.toBe("")
    expect(rss.lastBuildDate).toMatch(rfc822)
    expect(rss["atom:link"]).toEqual({ "@_rel": "self", "@_href": rssUrl, "@_type": "application/rss+xml" })
    const item = rss.item?.find((i) => i.guid["#text"] === `urn:uuid:${report.id}`)
    expect(item).toBeDefined()
    expect(item!.guid["@_isPermaLink"]).toBe("false")
    expect(item!.title).toBe("Apple & the <cloud> margin")
    expect(item!.link).toBe(`${origin}/reports/${report.id}`)
    expect(item!.pubDate).toMatch(rfc822)
    expect(Date.parse(item!.pubDate)).toBe(Math.floor(Date.parse(entry!.published) / 1000) * 1000)
    expect(item!["dc:creator"]).toEqual(["analyst Person"])
    expect(item!.category.map((c) => c["#text"])).toEqual(["AAPL", "Technology"])
    expect(item!.description).toBe("Margins hold up.")
    expect(item!["content:encoded"]).toContain("<h1>Thesis</h1>")
    expect(item!["content:encoded"]).not.toContain("<script")
    // Without a summary, the description is the body's opening as text, escaped as the HTML it is read as.
    const plain = rss.item?.find((i) => i.guid["#text"] === `urn:uuid:${reports.forAllClients!.id}`)
    expect(plain?.description).toBe("Rates &lt;b&gt;fall&lt;/b&gt; &amp; rise")
    const plainEntry = atom.entry?.find((e) => e.id === `urn:uuid:${reports.forAllClients!.id}`)
    expect(plainEntry?.summary).toBeUndefined()
    expect(plainEntry?.content["#text"]).toContain("<p>Rates &lt;b&gt;fall&lt;/b&gt; &amp; <em>rise</em></p>")
    // The report's disclosures follow its body, as on its page.
    expect(plainEntry?.content["#text"]).toContain("<h2>Disclosures</h2>")
  })

  it("answer 404 to a revoked, replaced or malformed token and to a disabled user, with no hint which", async () => {
    const first = await newFeed("deskReader")
    const second = await newFeed("deskReader")
    expect(second.path).not.toBe(first.path)
    const answers = async (path: string) => {
      const response = await get(path)
      return [response.status, await response.text()] as const
    }
    expect(await answers(first.path)).toEqual([404, "No such feed."])
    expect(await answers(`${first.path}/rss`)).toEqual([404, "No such feed."])
    expect((await get(second.path)).status).toBe(200)

    for (const path of [
      "/feeds/fd_short",
      "/feeds/not-a-token",
      `/feeds/fd_${"A".repeat(43)}`,
      `${second.path}/other`,
    ]) {
      expect(await answers(path), path).toEqual([404, "No such feed."])
    }

    expect((await as("deskReader")("DELETE", "/profile/feed")).status).toBe(204)
    expect(await answers(second.path)).toEqual([404, "No such feed."])
    expect(await answers(`${second.path}/rss`)).toEqual([404, "No such feed."])

    const analyst = await newFeed("analyst")
    expect((await get(analyst.path)).status).toBe(200)
    await db.query((sql) => sql`update users set status = 'disabled' where id = ${ids.analyst!}`)
    expect(await answers(analyst.path)).toEqual([404, "No such feed."])
  })

  it("are private, unindexed, cacheable for 5 minutes, and answer 304 to a matching If-None-Match", async () => {
    const { path } = await newFeed("acmeReader")
    for (const suffix of ["", "/rss"]) {
      const response = await get(`${path}${suffix}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toBe("private, max-age=300")
      expect(response.headers.get("x-robots-tag")).toBe("noindex")
      expect(response.headers.get("referrer-policy")).toBe("no-referrer")
      const etag = response.headers.get("etag")
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
      const body = await response.text()

      const again = await get(`${path}${suffix}`, { "if-none-match": etag! })
      expect(again.status).toBe(304)
      expect(again.headers.get("etag")).toBe(etag)
      expect(await again.text()).toBe("")
      expect((await get(`${path}${suffix}`, { "if-none-match": `"other", W/${etag}` })).status).toBe(304)
      expect((await get(`${path}${suffix}`, { "if-none-match": '"other"' })).status).toBe(200)

      const head = await get(`${path}${suffix}`, {}, "HEAD")
      expect(head.status).toBe(200)
      expect(head.headers.get("etag")).toBe(etag)
      expect(await head.text()).toBe("")
      expect(body.length).toBeGreaterThan(0)
    }
    const atom = (await get(path)).headers.get("etag")
    const rss = (await get(`${path}/rss`)).headers.get("etag")
    expect(atom).not.toBe(rss)
  })
})
