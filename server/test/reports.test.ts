import {
  Report,
  ReportExportPage,
  ReportImportResult,
  ReportPage,
  ReportRevision,
  ReportRevisionSummary,
  SearchResult,
} from "@folio/core"
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

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const acme = await db.company("acme")
  const globex = await db.company("globex")
  const desk = await db.team(acme, "Macro desk")
  ids.acme = acme
  ids.globex = globex
  ids.desk = desk
  const people = [
    ["analyst", publisher, "analyst"],
    ["analyst2", publisher, "analyst"],
    ["editor", publisher, "editor"],
    ["acmeReader", acme, "reader"],
    ["deskReader", acme, "reader"],
    ["globexReader", globex, "reader"],
  ] as const
  for (const [name, companyId, role] of people) {
    ids[name] = await db.user({ email: `${name.toLowerCase()}@folio.test`, name, companyId, role })
    tokens[name] = await cliSignIn(server, `${name.toLowerCase()}@folio.test`)
  }
  await db.member(desk, ids.deskReader!)
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
    {
      symbol: "MSFT",
      name: "Microsoft Corp.",
      exchange: "NASDAQ",
      sector: "Technology",
      currency: "USD",
      country: "US",
    },
    {
      symbol: "XOM",
      name: "Exxon Mobil",
      exchange: "NYSE",
      sector: "Energy",
      currency: "USD",
      country: "US",
    },
  ]
  const imported = await as("admin")("POST", "/tickers/import", {
    rows: tickers.map((ticker, i) => ({ line: i + 2, ticker })),
  })
  expect(imported.status).toBe(200)
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

const create = async (who: string, body: Record<string, unknown>) => {
  const response = await as(who)("POST", "/reports", body)
  expect(response.status).toBe(201)
  return decodeBody(Report, response)
}
const act = async (who: string, id: string, transition: string) =>
  as(who)("POST", `/reports/${id}/actions/${transition}`, {})

describe("reports", () => {
  it("go from an analyst's draft through review to published, and only their audience can read them", async () => {
    const draft = await create("analyst", {
      title: "Apple and Microsoft: the cloud margin",
      summary: "Margins hold up.",
      body: "# Thesis\n\nCloud **margins** expand <script>alert(1)</script>",
      sector: "Technology",
      tickers: ["aapl", "MSFT"],
      audience: [{ companyId: ids.acme, embargoHours: 0 }],
    })
    expect(draft).toMatchObject({
      status: "draft",
      version: 1,
      tickers: ["AAPL", "MSFT"],
      authors: [expect.objectContaining({ id: ids.analyst })],
    })
    expect(draft.audience).toEqual([
      expect.objectContaining({ companySlug: "acme", teamId: null, embargoHours: 0 }),
    ])

    // A reader cannot see a draft; another analyst cannot submit it; the editor cannot publish before approval.
    expect((await as("acmeReader")("GET", `/reports/${draft.id}`)).status).toBe(404)
    expect((await act("analyst2", draft.id, "submit")).status).toBe(403)
    expect((await act("analyst", draft.id, "submit")).status).toBe(200)
    const early = await act("editor", draft.id, "publish")
    expect(early.status).toBe(409)
    expect((await decodeBody(ErrorBody, early)).message).toContain("cannot be moved")
    expect((await act("analyst", draft.id, "approve")).status).toBe(403)
    expect((await act("editor", draft.id, "approve")).status).toBe(200)
    const published = await decodeBody(Report, await act("editor", draft.id, "publish"))
    expect(published.status).toBe("published")
    expect(published.publishedAt).not.toBeNull()
    expect(published.disclosures).toContain("not an offer")

    const read = await decodeBody(Report, await as("acmeReader")("GET", `/reports/${draft.id}`))
    expect(read.title).toBe(draft.title)
    expect((await as("globexReader")("GET", `/reports/${draft.id}`)).status).toBe(404)
    const globexList = await decodeBody(ReportPage, await as("globexReader")("GET", "/reports"))
    expect(globexList.items.map((r) => r.id)).not.toContain(draft.id)
    const acmeList = await decodeBody(ReportPage, await as("acmeReader")("GET", "/reports"))
    expect(acmeList.items.map((r) => r.id)).toContain(draft.id)

    // Search: found by a body word with the hit marked, for the audience only.
    const found = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=margins"))
    expect(found.reports.map((h) => h.report.id)).toContain(draft.id)
    expect(found.reports[0]?.snippet.some((run) => run.hit && /margin/i.test(run.text))).toBe(true)
    expect(found.facets?.tickers.map((f) => f.value)).toEqual(expect.arrayContaining(["AAPL", "MSFT"]))
    const hidden = await decodeBody(SearchResult, await as("globexReader")("GET", "/search?q=margins"))
    expect(hidden.total).toBe(0)
    const excluded = await decodeBody(
      SearchResult,
      await as("acmeReader")("GET", "/search?q=margins%20-apple"),
    )
    expect(excluded.total).toBe(0)
    // Search-as-you-type: with prefix=true the last, unfinished word matches the words it begins.
    const typing = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=marg&prefix=true"))
    expect(typing.reports.map((h) => h.report.id)).toContain(draft.id)
    const whole = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=marg"))
    expect(whole.total).toBe(0)

    // Favorites are per user and only for readable reports.
    expect((await as("acmeReader")("PUT", `/reports/${draft.id}/favorite`)).status).toBe(204)
    expect((await as("globexReader")("PUT", `/reports/${draft.id}/favorite`)).status).toBe(404)
    const favorites = await decodeBody(ReportPage, await as("acmeReader")("GET", "/reports?favorites=true"))
    expect(favorites.items.map((r) => [r.id, r.favorite])).toEqual([[draft.id, true]])
  })

  it("hold team-only and embargoed audiences back in SQL", async () => {
    const report = await create("editor", {
      title: "Macro desk only",
      sector: "Technology",
      audience: [
        { companyId: ids.acme, teamId: ids.desk },
        { companyId: null, embargoHours: 24 },
      ],
    })
    await act("editor", report.id, "submit")
    await act("editor", report.id, "approve")
    await act("editor", report.id, "publish")
    const finds = async (who: Parameters<typeof as>[0]) =>
      (await decodeBody(SearchResult, await as(who)("GET", "/search?q=macro%20desk"))).reports.some(
        (h) => h.report.id === report.id,
      )
    expect((await as("deskReader")("GET", `/reports/${report.id}`)).status).toBe(200)
    expect((await as("acmeReader")("GET", `/reports/${report.id}`)).status).toBe(404)
    expect((await as("globexReader")("GET", `/reports/${report.id}`)).status).toBe(404)
    expect([await finds("deskReader"), await finds("acmeReader"), await finds("globexReader")]).toEqual([
      true,
      false,
      false,
    ])
    await db.query(
      (sql) => sql`update reports set published_at = now() - interval '25 hours' where id = ${report.id}`,
    )
    expect((await as("globexReader")("GET", `/reports/${report.id}`)).status).toBe(200)
    expect(await finds("globexReader")).toBe(true)

    // A new audience reaches search at once: Acme as a whole, without a delay; no longer all clients.
    const moved = await as("editor")("PATCH", `/reports/${report.id}`, {
      version: (await decodeBody(Report, await as("editor")("GET", `/reports/${report.id}`))).version,
      audience: [{ companyId: ids.acme, embargoHours: 0 }],
    })
    expect(moved.status).toBe(200)
    expect([await finds("deskReader"), await finds("acmeReader"), await finds("globexReader")]).toEqual([
      true,
      true,
      false,
    ])
  })

  it("refuse a stale save with 409, keep another author's save as a revision of its own, and restore one", async () => {
    const report = await create("editor", { title: "Versioned note", sector: "Energy", body: "first" })
    const first = await as("admin")("PATCH", `/reports/${report.id}`, { version: 1, body: "second" })
    expect(first.status).toBe(200)
    const stale = await as("editor")("PATCH", `/reports/${report.id}`, { version: 1, body: "mine" })
    expect(stale.status).toBe(409)
    expect((await decodeBody(ErrorBody, stale)).message).toContain("version 2")
    const revisions = await decodeBody(
      Schema.Array(ReportRevisionSummary),
      await as("editor")("GET", `/reports/${report.id}/revisions`),
    )
    expect(revisions.map((r) => r.version)).toEqual([2, 1])
    const v1 = await decodeBody(
      ReportRevision,
      await as("editor")("GET", `/reports/${report.id}/revisions/1`),
    )
    expect(v1.fields.body).toBe("first")
    const restored = await decodeBody(
      Report,
      await as("editor")("POST", `/reports/${report.id}/revisions/1/restore`, { version: 2 }),
    )
    expect(restored).toMatchObject({ version: 3, body: "first" })
    const bad = await as("editor")("PATCH", `/reports/${report.id}`, { version: 3, tickers: ["NOPE"] })
    expect(bad.status).toBe(400)
    expect((await decodeBody(ErrorBody, bad)).message).toContain("Unknown ticker NOPE")
  })

  it("import batches: per-row errors with line and field, upsert, and a replayed batch key writes nothing twice", async () => {
    const rows = [
      {
        file: "a.csv",
        line: 2,
        record: {
          externalId: "imp-1",
          title: "Imported one",
          sector: "Energy",
          tickers: ["XOM"],
          authors: ["analyst@folio.test"],
          audience: ["acme+24h", "globex"],
          status: "published",
        },
      },
      {
        file: "a.csv",
        line: 3,
        record: { externalId: "imp-2", title: "Imported two", sector: "Energy", tickers: ["ZZZZ"] },
      },
      {
        file: "a.csv",
        line: 4,
        record: {
          externalId: "imp-3",
          title: "Imported three",
          sector: "Energy",
          audience: ["acme/No such team"],
        },
      },
      { file: "a.csv", line: 5, record: { title: "No external id", sector: "Energy" } },
    ]
    const first = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", { batchKey: "batch-0001", rows }),
    )
    expect(first).toMatchObject({ created: 2, updated: 0, failed: 2, replayed: false })
    expect(first.issues).toEqual([
      { file: "a.csv", line: 3, field: "tickers[0]", message: "Unknown ticker ZZZZ" },
      { file: "a.csv", line: 4, field: "audience[0]", message: 'No team "No such team" in acme' },
    ])
    const again = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", { batchKey: "batch-0001", rows }),
    )
    expect(again).toMatchObject({ created: 2, replayed: true })
    const conflict = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", { batchKey: "batch-0002", rows: rows.slice(0, 1) }),
    )
    expect(conflict.issues[0]).toMatchObject({ line: 2, field: "externalId" })
    const same = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", {
        batchKey: "batch-0003",
        upsert: true,
        rows: rows.slice(0, 1),
      }),
    )
    expect(same).toMatchObject({ created: 0, updated: 0, unchanged: 1 })
    const changed = rows[0]!
    const upsert = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", {
        batchKey: "batch-0004",
        upsert: true,
        rows: [{ ...changed, record: { ...changed.record, title: "Imported one, revised" } }],
      }),
    )
    expect(upsert).toMatchObject({ created: 0, updated: 1 })
    const count = await db.query(
      (sql) =>
        sql<{
          n: number
        }>`select count(*)::int as n from reports where title like 'Imported%' or title = 'No external id'`,
    )
    expect(count[0]?.n).toBe(2)
    // Exported back in the import shape, with the embargo and audience as written.
    const exported = await decodeBody(
      ReportExportPage,
      await as("editor")("GET", "/reports/export?status=published"),
    )
    const record = exported.items.find((r) => r.externalId === "imp-1")
    expect(record).toMatchObject({
      title: "Imported one, revised",
      audience: ["acme+24h", "globex"],
      authors: ["analyst@folio.test"],
      status: "published",
    })
    // Readers: globex (no embargo) sees it; analysts may not import published reports.
    expect(
      (await decodeBody(ReportPage, await as("globexReader")("GET", "/reports?ticker=XOM"))).items,
    ).toHaveLength(1)
    const denied = await decodeBody(
      ReportImportResult,
      await as("analyst")("POST", "/reports/import", {
        batchKey: "batch-0005",
        rows: [{ ...changed, record: { ...changed.record, externalId: "imp-9" } }],
      }),
    )
    expect(denied.issues[0]).toMatchObject({ field: "status" })
  })

  it("refuses a row whose externalId an earlier batch of the same import sent, whatever the client checked", async () => {
    const importId = "0b7c2f4e-5a61-4d2b-9c3e-7f1a2b3c4d5e"
    const row = (externalId: string, line: number) => ({
      file: "dup.csv",
      line,
      record: { externalId, title: `Duplicate check ${externalId}`, sector: "Dup Server" },
    })
    const send = (batchKey: string, rows: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) =>
      as("editor")("POST", "/reports/import", { batchKey, importId, rows, ...extra }).then((response) =>
        decodeBody(ReportImportResult, response),
      )
    expect(await send("dup-batch-1", [row("dup-1", 2), row("dup-2", 3)])).toMatchObject({
      created: 2,
      failed: 0,
    })
    const second = await send("dup-batch-2", [row("dup-2", 4), row("dup-3", 5)], { upsert: true })
    expect(second).toMatchObject({ created: 1, updated: 0, unchanged: 0, failed: 1 })
    expect(second.issues).toEqual([
      {
        file: "dup.csv",
        line: 4,
        field: "externalId",
        message:
          'externalId "dup-2" was already sent by an earlier batch of this import (at dup.csv:3); each report may appear once per import',
      },
    ])
    // The same batch again (a retry) replays; a dry run retried under its key is not its own repeat.
    expect(await send("dup-batch-2", [row("dup-2", 4), row("dup-3", 5)], { upsert: true })).toMatchObject({
      replayed: true,
    })
    const dry = { dryRun: true, upsert: true }
    expect(await send("dup-dry-1", [row("dup-9", 9)], dry)).toMatchObject({ created: 1, failed: 0 })
    expect(await send("dup-dry-1", [row("dup-9", 9)], dry)).toMatchObject({ created: 1, failed: 0 })
    // Another import may send the same externalIds (with --upsert, as a re-run would).
    const other = await as("editor")("POST", "/reports/import", {
      batchKey: "dup-batch-3",
      importId: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
      upsert: true,
      rows: [row("dup-2", 3)],
    })
    expect(await decodeBody(ReportImportResult, other)).toMatchObject({ unchanged: 1, failed: 0 })
  })

  it("search ranks the newest 200 matches: a capped count, pages that end, facets over the same 200", async () => {
    // 205 published reports with a rare word; the five oldest (imported first) say it in the title.
    const rows = Array.from({ length: 205 }, (_, i) => ({
      file: "zephyr.csv",
      line: i + 2,
      record: {
        externalId: `zephyr-${i}`,
        title: i < 5 ? `Zephyr outlook ${i}` : `Quarterly note ${i}`,
        summary: "Wind turbine orders.",
        body: `The zephyr programme moved ahead in quarter ${i}.`,
        sector: i % 2 === 0 ? "Energy" : "Utilities",
        tickers: ["XOM"],
        audience: ["acme"],
        status: "published",
      },
    }))
    for (const [k, batch] of [rows.slice(0, 5), rows.slice(5)].entries()) {
      const result = await decodeBody(
        ReportImportResult,
        await as("editor")("POST", "/reports/import", { batchKey: `zephyr-${k}`, rows: batch }),
      )
      expect(result.created).toBe(batch.length)
    }
    // One of the oldest went out two years ago: its years stay choosable though not counted.
    await db.query(
      (sql) =>
        sql`update reports set published_at = now() - interval '2 years' where external_id = 'zephyr-0'`,
    )
    const first = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=zephyr&limit=50"))
    expect(first.total).toBe(200)
    const year = new Date().getUTCFullYear()
    expect(first.facets?.years).toEqual([{ value: String(year), count: 200 }])
    expect(first.facets?.olderYears).toEqual([String(year - 1), String(year - 2)])
    expect(first.capped).toBe(true)
    // The five title matches are the oldest: outside the newest 200, so not ranked first.
    expect(first.reports[0]?.report.title).toMatch(/^Quarterly note/)
    const sectors = Object.fromEntries((first.facets?.sectors ?? []).map((f) => [f.value, f.count]))
    expect((sectors.Energy ?? 0) + (sectors.Utilities ?? 0)).toBe(200)
    const seen = new Set(first.reports.map((h) => h.report.id))
    let cursor = first.nextCursor
    while (cursor !== null) {
      const next = await decodeBody(
        SearchResult,
        await as("acmeReader")("GET", `/search?q=zephyr&limit=50&cursor=${encodeURIComponent(cursor)}`),
      )
      expect(next.facets).toBeNull()
      expect(next.total).toBe(200)
      for (const hit of next.reports) seen.add(hit.report.id)
      cursor = next.nextCursor
    }
    expect(seen.size).toBe(200)
    // Narrowed to a few, the count is exact and the title matches rank first.
    const titled = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=zephyr%20outlook"))
    expect(titled).toMatchObject({ total: 5, capped: false })
    expect(titled.reports.map((h) => h.report.title).every((t) => t.startsWith("Zephyr outlook"))).toBe(true)
  })

  it("search ranks every match when few match over the years: an exact count, the best first however old", async () => {
    // 240 published reports with a rare word, one every three days back from today; the five
    // oldest say it in the title, outside the newest 200.
    const rows = Array.from({ length: 240 }, (_, i) => ({
      file: "quillon.csv",
      line: i + 2,
      record: {
        externalId: `quillon-${i}`,
        title: i >= 235 ? `Quillon outlook ${i}` : `Monthly letter ${i}`,
        summary: "Contract wins.",
        body: `The quillon contract moved ahead in week ${i}.`,
        sector: "Energy",
        tickers: ["XOM"],
        audience: ["acme"],
        status: "published",
      },
    }))
    const result = await decodeBody(
      ReportImportResult,
      await as("editor")("POST", "/reports/import", { batchKey: "quillon-0", rows }),
    )
    expect(result.created).toBe(240)
    await db.query(
      (sql) =>
        sql`update reports set published_at = now() - make_interval(days => 3 * substr(external_id, 9)::int)
            where external_id like 'quillon-%'`,
    )
    const first = await decodeBody(SearchResult, await as("acmeReader")("GET", "/search?q=quillon&limit=50"))
    expect(first).toMatchObject({ total: 240, capped: false })
    expect(first.facets?.olderYears).toEqual([])
    expect(
      first.reports
        .slice(0, 5)
        .map((h) => h.report.title)
        .sort(),
    ).toEqual(Array.from({ length: 5 }, (_, i) => `Quillon outlook ${235 + i}`))
    const seen = new Set(first.reports.map((h) => h.report.id))
    let cursor = first.nextCursor
    while (cursor !== null) {
      const next = await decodeBody(
        SearchResult,
        await as("acmeReader")("GET", `/search?q=quillon&limit=50&cursor=${encodeURIComponent(cursor)}`),
      )
      expect(next.total).toBe(240)
      for (const hit of next.reports) seen.add(hit.report.id)
      cursor = next.nextCursor
    }
    expect(seen.size).toBe(240)
  })
})
