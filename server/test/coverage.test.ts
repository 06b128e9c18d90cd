import { Coverage, CoverageHistory, CoverageList, RatingDistribution, Report } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)
const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

const coverageOf = async (symbol: string, who = "editor") =>
  (await decodeBody(CoverageList, await as(who)("GET", `/coverage?symbol=${symbol}&includeDropped=true`)))
    .items
const historyOf = async (symbol: string) =>
  (await decodeBody(CoverageHistory, await as("editor")("GET", `/coverage/history?symbol=${symbol}`))).items

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const acme = await db.company("acme-coverage")
  ids.acme = acme
  for (const [name, companyId, role] of [
    ["analyst", publisher, "analyst"],
    ["analyst2", publisher, "analyst"],
    ["editor", publisher, "editor"],
    ["reader", acme, "reader"],
  ] as const) {
    ids[name] = await db.user({ email: `${name}@coverage.test`, name: `The ${name}`, companyId, role })
    tokens[name] = await cliSignIn(server, `${name}@coverage.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const rows = [
    ["AAPL", "Apple Inc.", "Technology"],
    ["MSFT", "Microsoft Corp.", "Technology"],
    ["XOM", "Exxon Mobil", "Energy"],
  ].map(([symbol, name, sector], i) => ({
    line: i + 2,
    ticker: { symbol, name, exchange: "NASDAQ", sector, currency: "USD", country: "US" },
  }))
  expect((await as("admin")("POST", "/tickers/import", { rows })).status).toBe(200)
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

/** A report by `analyst` on `tickers`, taken through review to approved. */
const approvedReport = async (fields: Record<string, unknown>) => {
  const created = await as("analyst")("POST", "/reports", {
    title: "Apple: the call changes",
    summary: "Why.",
    body: "Text.",
    sector: "Technology",
    audience: [{ companyId: ids.acme, embargoHours: 0 }],
    ...fields,
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const report = await decodeBody(Report, created)
  expect((await as("analyst")("POST", `/reports/${report.id}/actions/submit`, {})).status).toBe(200)
  expect((await as("editor")("POST", `/reports/${report.id}/actions/approve`, {})).status).toBe(200)
  return report
}

describe("coverage", () => {
  it("is initiated and changed by hand, each change kept with who, from and to", async () => {
    const initiated = await as("editor")("POST", "/coverage", {
      symbol: "aapl",
      analystId: ids.analyst,
      rating: "buy",
      targetPrice: 210,
    })
    expect(initiated.status, await initiated.clone().text()).toBe(200)
    expect(await decodeBody(Coverage, initiated)).toMatchObject({
      symbol: "AAPL",
      analystId: ids.analyst,
      analystName: "The analyst",
      rating: "buy",
      targetPrice: 210,
      targetCurrency: "USD",
      droppedAt: null,
    })
    // The same call again writes nothing.
    await as("editor")("POST", "/coverage", {
      symbol: "AAPL",
      analystId: ids.analyst,
      rating: "buy",
      targetPrice: 210,
    })
    const [first] = await historyOf("AAPL")
    expect(await historyOf("AAPL")).toHaveLength(1)
    expect(first).toMatchObject({ kind: "initiate", fromRating: null, toRating: "buy", toTarget: 210 })
    expect(first?.by?.name).toBe("The editor")
  })

  it("lets an analyst change only their own calls, and readers none", async () => {
    const own = await as("analyst2")("POST", "/coverage", {
      symbol: "MSFT",
      rating: "hold",
      note: "Fair value",
    })
    expect(own.status).toBe(200)
    const other = await as("analyst2")("POST", "/coverage", {
      symbol: "AAPL",
      analystId: ids.analyst,
      rating: "sell",
    })
    expect(other.status).toBe(403)
    expect((await decodeBody(ErrorBody, other)).message).toBe("Analysts may change only their own coverage.")
    expect((await as("reader")("POST", "/coverage", { symbol: "AAPL", rating: "sell" })).status).toBe(403)
    const reader = await decodeBody(CoverageList, await as("reader")("GET", "/coverage"))
    expect(reader.items.map((c) => `${c.symbol}:${c.rating}`).sort()).toEqual(["AAPL:buy", "MSFT:hold"])
    const notAnalyst = await as("editor")("POST", "/coverage", {
      symbol: "XOM",
      analystId: ids.reader,
      rating: "buy",
    })
    expect(notAnalyst.status).toBe(400)
    expect((await decodeBody(ErrorBody, notAnalyst)).message).toMatch(/publisher's analysts/)
    const unknown = await as("editor")("POST", "/coverage", { symbol: "NOPE", rating: "buy" })
    expect(unknown.status).toBe(404)
  })

  it("changes when a report carrying a rating is published, in the same transaction", async () => {
    const report = await approvedReport({ tickers: ["AAPL", "MSFT"], rating: "sell", targetPrice: 150 })
    const published = await as("editor")("POST", `/reports/${report.id}/actions/publish`, {})
    expect(published.status, await published.clone().text()).toBe(200)
    expect((await decodeBody(Report, published)).disclosures).toMatch(
      /Rating distribution on \d{4}-\d\d-\d\d/,
    )
    const [aapl] = await coverageOf("AAPL")
    expect(aapl).toMatchObject({ rating: "sell", targetPrice: 150, targetCurrency: "USD" })
    expect(aapl?.lastReport?.id).toBe(report.id)
    const [change] = await historyOf("AAPL")
    expect(change).toMatchObject({
      kind: "change",
      fromRating: "buy",
      toRating: "sell",
      fromTarget: 210,
      toTarget: 150,
      report: { id: report.id, title: "Apple: the call changes" },
    })
    expect(change?.by?.id).toBe(ids.analyst)
    // Only the first ticker's call, by the first author: MSFT is the second ticker.
    expect((await coverageOf("MSFT")).map((c) => c.analystId)).toEqual([ids.analyst2])
  })

  it("stays as it was when the publish fails after the call was applied", async () => {
    const report = await approvedReport({ tickers: ["AAPL"], rating: "hold", targetPrice: 180 })
    const before = { coverage: await coverageOf("AAPL"), history: await historyOf("AAPL") }
    // The reports update runs after the coverage change in the publish transaction: fail it there.
    await db.query(
      (sql) => sql`create function coverage_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure while publishing'; end $$`,
    )
    await db.query((sql) =>
      // DDL takes no parameters; the id is a UUID the server minted.
      sql.unsafe(`create trigger coverage_test_fail before update on reports for each row
          when (new.id = '${report.id}'::uuid and new.status = 'published') execute function coverage_test_fail()`),
    )
    try {
      const failed = await as("editor")("POST", `/reports/${report.id}/actions/publish`, {})
      expect(failed.status).toBe(500)
    } finally {
      await db.query((sql) => sql`drop trigger coverage_test_fail on reports`)
      await db.query((sql) => sql`drop function coverage_test_fail()`)
    }
    expect(await coverageOf("AAPL")).toEqual(before.coverage)
    expect(await historyOf("AAPL")).toEqual(before.history)
    const report2 = await decodeBody(Report, await as("editor")("GET", `/reports/${report.id}`))
    expect(report2.status).toBe("approved")
    // The same publish, once nothing stands in its way, changes the call.
    expect((await as("editor")("POST", `/reports/${report.id}/actions/publish`, {})).status).toBe(200)
    expect((await coverageOf("AAPL"))[0]).toMatchObject({ rating: "hold", targetPrice: 180 })
  })

  it("is dropped and re-initiated, and counted in the rating distribution", async () => {
    const dropped = await as("editor")("POST", "/coverage/drop", { symbol: "MSFT", analystId: ids.analyst2 })
    expect(dropped.status).toBe(200)
    expect((await decodeBody(Coverage, dropped)).droppedAt).not.toBeNull()
    const active = await decodeBody(CoverageList, await as("editor")("GET", "/coverage"))
    expect(active.items.map((c) => c.symbol)).toEqual(["AAPL"])
    expect(
      (await as("editor")("POST", "/coverage/drop", { symbol: "MSFT", analystId: ids.analyst2 })).status,
    ).toBe(404)
    expect((await historyOf("MSFT")).map((c) => c.kind)).toEqual(["drop", "initiate"])

    await as("analyst")("POST", "/coverage", { symbol: "XOM", rating: "sell" })
    expect((await as("editor")("PATCH", "/tickers/XOM", { paidRelationship: true })).status).toBe(200)
    const distribution = await decodeBody(
      RatingDistribution,
      await as("reader")("GET", "/coverage/distribution"),
    )
    expect(distribution.overall).toEqual({ buy: 0, hold: 1, sell: 1, not_rated: 0, total: 2 })
    expect(distribution.paidRelationship).toEqual({ buy: 0, hold: 0, sell: 1, not_rated: 0, total: 1 })
    expect(distribution.byAnalyst.map((a) => [a.analystName, a.counts.total])).toEqual([["The analyst", 2]])

    const sorted = await decodeBody(
      CoverageList,
      await as("editor")("GET", "/coverage?sort=-rating&includeDropped=true"),
    )
    expect(sorted.items.map((c) => c.rating)).toEqual(["sell", "hold", "hold"])
  })

  it("keeps the target when a change leaves it out, and clears it on null", async () => {
    const set = async (body: Record<string, unknown>) =>
      decodeBody(Coverage, await as("analyst")("POST", "/coverage", { symbol: "XOM", ...body }))
    expect(await set({ rating: "hold", targetPrice: 120, targetCurrency: "eur" })).toMatchObject({
      rating: "hold",
      targetPrice: 120,
      targetCurrency: "EUR",
    })
    expect(await set({ rating: "buy" })).toMatchObject({
      rating: "buy",
      targetPrice: 120,
      targetCurrency: "EUR",
    })
    expect(await set({ rating: "buy", targetPrice: 130 })).toMatchObject({
      targetPrice: 130,
      targetCurrency: "EUR",
    })
    expect(await set({ rating: "buy", targetPrice: null })).toMatchObject({
      targetPrice: null,
      targetCurrency: null,
    })
    const [latest] = await historyOf("XOM")
    expect(latest).toMatchObject({
      kind: "change",
      fromTarget: 130,
      toTarget: null,
      fromCurrency: "EUR",
      toCurrency: null,
    })
  })
})
