import { Report, ReportPage, SearchResult } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

// The read routes send reports without running the success schema (reports/wire.ts). Their bodies
// must be exactly what the schema would send: decoding a body and encoding it again through the
// endpoint's schema gives back the same bytes only if every key is there, in the schema's order,
// with nothing extra and every value in its encoded form.

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

/** The body, and what the schema makes of it when it decodes and encodes it again. */
const roundTrip = async <A, I>(schema: Schema.Schema<A, I>, response: Response) => {
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("application/json")
  const text = await response.text()
  expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(text))
  const again = JSON.stringify(Schema.encodeSync(schema)(Schema.decodeUnknownSync(schema)(JSON.parse(text))))
  return { text, again }
}

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const acme = await db.company("acme")
  const desk = await db.team(acme, "Rates desk")
  for (const [name, companyId, role] of [
    ["analyst", publisher, "analyst"],
    ["editor", publisher, "editor"],
    ["reader", acme, "reader"],
  ] as const) {
    const id = await db.user({ email: `${name}@wire.test`, name: `Wire ${name}`, companyId, role })
    tokens[name] = await cliSignIn(server, `${name}@wire.test`)
    if (name === "reader") await db.member(desk, id)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const tickers = [
    {
      symbol: "AAPL",
      name: "Apple Inc.",
      exchange: "NASDAQ",
      sector: "Technology",
      currency: "USD",
      country: "US",
    },
  ]
  expect(
    (
      await as("admin")("POST", "/tickers/import", {
        rows: tickers.map((ticker, i) => ({ line: i + 2, ticker })),
      })
    ).status,
  ).toBe(200)
  // One report with every optional field set (rating, target, tags, an audience with a team and an
  // embargo), one with the least, both published; and a draft only staff see.
  const full = await as("analyst")("POST", "/reports", {
    title: "Apple: services margin — “quoted” & <marked>",
    summary: "Services margins widen.\nSecond line.",
    body: "# Thesis\n\nServices **margin** widens; émigré text.",
    sector: "Technology",
    type: "initiation",
    tickers: ["AAPL"],
    tags: ["margins", "services"],
    rating: "buy",
    targetPrice: 231.5,
    targetCurrency: "USD",
    audience: [
      { companyId: acme, embargoHours: 0 },
      { companyId: acme, teamId: desk, embargoHours: 2 },
    ],
  })
  const bare = await as("analyst")("POST", "/reports", {
    title: "Apple: a short note on margin",
    sector: "Technology",
    audience: [{ companyId: null, embargoHours: 0 }],
  })
  await as("analyst")("POST", "/reports", { title: "A draft about margin", sector: "Technology" })
  const ids: Array<string> = []
  for (const created of [full, bare]) {
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    ids.push(id)
    await as("analyst")("POST", `/reports/${id}/actions/submit`, {})
    await as("editor")("POST", `/reports/${id}/actions/approve`, {})
    expect((await as("editor")("POST", `/reports/${id}/actions/publish`, {})).status).toBe(200)
  }
  expect((await as("reader")("PUT", `/reports/${ids[0]}/favorite`)).status).toBe(204)
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("the read routes' JSON", () => {
  it("is what the success schema sends, byte for byte: the list, a report, a search", async () => {
    for (const who of ["reader", "editor"]) {
      const first = await roundTrip(ReportPage, await as(who)("GET", "/reports?limit=1"))
      expect(first.text).toBe(first.again)
      expect(JSON.parse(first.text).nextCursor).toEqual(expect.any(String))
      const list = await roundTrip(ReportPage, await as(who)("GET", "/reports"))
      expect(list.text).toBe(list.again)
      const page = JSON.parse(list.text) as { items: Array<{ id: string; body?: string }> }
      expect(page.items).toHaveLength(who === "reader" ? 2 : 3)
      expect(page.items.every((r) => r.body === undefined)).toBe(true)
      for (const item of page.items) {
        const one = await roundTrip(Report, await as(who)("GET", `/reports/${item.id}`))
        expect(one.text).toBe(one.again)
      }
      const found = await roundTrip(SearchResult, await as(who)("GET", "/search?q=margin"))
      expect(found.text).toBe(found.again)
      expect(JSON.parse(found.text).reports.length).toBeGreaterThan(0)
    }
  })
})
