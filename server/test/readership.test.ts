import {
  Analytics,
  MyReadership,
  MyReports,
  ReadershipExport,
  Report,
  SinceLastVisit,
  TeamEntitlements,
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
const now = () => new Date().toISOString()
const today = () => now().slice(0, 10)
const range = () => `from=${today()}&to=${today()}`

const post = (who: string, events: ReadonlyArray<Record<string, unknown>>) =>
  as(who)("POST", "/events", { events })
const rollup = () => db.query((sql) => sql`select readership_rollup()`)
const rawCount = (where: string) =>
  db
    .query((sql) =>
      sql.unsafe<{ n: number }>(`select count(*)::int as n from (
      select * from readership_events union all select * from readership_pending) e where ${where}`),
    )
    .then((rows) => rows[0]!.n)
const analyticsAs = async (who: string, query = range()) => {
  const response = await as(who)("GET", `/analytics?${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return decodeBody(Analytics, response)
}

/** A report by the analyst, published to `audience`. */
const published = async (
  title: string,
  audience: ReadonlyArray<Record<string, unknown>>,
  sector = "Technology",
) => {
  const created = await as("analyst")("POST", "/reports", {
    title,
    summary: "S.",
    body: "B.",
    sector,
    audience,
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const report = await decodeBody(Report, created)
  for (const [who, action] of [
    ["analyst", "submit"],
    ["editor", "approve"],
    ["editor", "publish"],
  ] as const) {
    const response = await as(who)("POST", `/reports/${report.id}/actions/${action}`, {})
    expect(response.status, await response.clone().text()).toBe(200)
  }
  return report.id
}

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  ids.acme = await db.company("acme-readership")
  ids.beta = await db.company("beta-readership")
  ids.desk = await db.team(ids.acme, "Desk")
  for (const [name, companyId, role] of [
    ["analyst", publisher, "analyst"],
    ["analyst2", publisher, "analyst"],
    ["editor", publisher, "editor"],
    ["reader", ids.acme, "reader"],
    ["colleague", ids.acme, "reader"],
    ["outsider", ids.beta, "reader"],
  ] as const) {
    ids[name] = await db.user({ email: `${name}@readership.test`, name: `The ${name}`, companyId, role })
  }
  await db.member(ids.desk, ids.reader!)
  for (const name of ["analyst", "analyst2", "editor", "reader", "colleague", "outsider"]) {
    tokens[name] = await cliSignIn(server, `${name}@readership.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  ids.acmeReport = await published("For Acme", [{ companyId: ids.acme, embargoHours: 0 }])
  ids.deskReport = await published(
    "For the desk",
    [{ companyId: ids.acme, teamId: ids.desk, embargoHours: 24 }],
    "Energy",
  )
  ids.betaReport = await published("For Beta only", [{ companyId: ids.beta, embargoHours: 0 }])
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("recording events", () => {
  it("keeps a reader's opens and reads, through the API channel for a token, with their company and team", async () => {
    const response = await post("reader", [
      { kind: "report_view", reportId: ids.acmeReport, at: now(), userId: ids.reader },
      { kind: "report_read", reportId: ids.acmeReport, at: now(), durationMs: 16_000 },
    ])
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await response.json()).toEqual({ accepted: 2 })
    const rows = await db.query(
      (sql) => sql<{
        kind: string
        channel: string
        companyId: string
        teamId: string | null
        durationMs: number | null
      }>`
        select kind, channel, company_id, team_id, duration_ms from readership_pending
        where user_id = ${ids.reader} and report_id = ${ids.acmeReport} order by kind`,
    )
    expect(rows).toEqual([
      { kind: "report_read", channel: "api", companyId: ids.acme, teamId: ids.desk, durationMs: 16_000 },
      { kind: "report_view", channel: "api", companyId: ids.acme, teamId: ids.desk, durationMs: null },
    ])
  })

  it("refuses, whole, a batch about a report the reader may not read, or recorded for someone else", async () => {
    const before = await rawCount(`user_id = '${ids.outsider}'`)
    const notReadable = await post("outsider", [
      { kind: "report_view", reportId: ids.betaReport, at: now() },
      { kind: "report_view", reportId: ids.acmeReport, at: now() },
    ])
    expect(notReadable.status).toBe(404)
    expect(await decodeBody(ErrorBody, notReadable)).toMatchObject({
      message: `events[1]: no report ${ids.acmeReport} that you may read.`,
    })
    const forSomeoneElse = await post("outsider", [
      { kind: "report_read", reportId: ids.betaReport, at: now(), userId: ids.reader },
    ])
    expect(forSomeoneElse.status).toBe(403)
    expect(await decodeBody(ErrorBody, forSomeoneElse)).toMatchObject({
      message: "events[0] is recorded for another person; you may record only your own events.",
    })
    const stale = await post("outsider", [
      {
        kind: "report_view",
        reportId: ids.betaReport,
        at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      },
    ])
    expect(stale.status).toBe(400)
    expect(await rawCount(`user_id = '${ids.outsider}'`)).toBe(before)
    // Not a kind a client may post.
    expect((await post("outsider", [{ kind: "sign_in", reportId: ids.betaReport, at: now() }])).status).toBe(
      400,
    )
  })

  it("keeps an event sent twice once", async () => {
    const at = new Date(Date.now() - 60_000).toISOString()
    const event = { kind: "report_view", reportId: ids.betaReport, at }
    const where = `user_id = '${ids.outsider}' and kind = 'report_view' and at = '${at}'`
    expect((await post("outsider", [event, event])).status).toBe(200)
    await rollup()
    expect((await post("outsider", [event])).status).toBe(200)
    await rollup()
    expect(await rawCount(where)).toBe(1)
  })

  it("counts a report fetched through the API as an open", async () => {
    const where = `user_id = '${ids.outsider}' and kind = 'report_view' and channel = 'api' and report_id = '${ids.betaReport}'`
    const before = await rawCount(where)
    expect((await as("outsider")("GET", `/reports/${ids.betaReport}`)).status).toBe(200)
    expect(await rawCount(where)).toBe(before + 1)
  })

  it("counts searches and sign-ins on the server", async () => {
    const before = await rawCount(`user_id = '${ids.colleague}' and kind = 'search'`)
    expect((await as("colleague")("GET", "/search?q=acme")).status).toBe(200)
    expect(await rawCount(`user_id = '${ids.colleague}' and kind = 'search' and subject = 'acme'`)).toBe(
      before + 1,
    )
    expect(
      await rawCount(`user_id = '${ids.colleague}' and kind = 'sign_in' and channel = 'api'`),
    ).toBeGreaterThan(0)
  })
})

describe("analytics", () => {
  it("answers from the rollups with the same totals as raw SQL over the events", async () => {
    await post("colleague", [
      { kind: "report_view", reportId: ids.acmeReport, at: now() },
      { kind: "report_view", reportId: ids.acmeReport, at: new Date(Date.now() - 1000).toISOString() },
      { kind: "report_read", reportId: ids.acmeReport, at: now() },
    ])
    await post("outsider", [{ kind: "report_read", reportId: ids.betaReport, at: now() }])
    await rollup()
    expect(await rawCount("true")).toBeGreaterThan(0)
    expect(await db.query((sql) => sql`select 1 from readership_pending`)).toHaveLength(0)
    const analytics = await analyticsAs("editor")
    const day = `(at at time zone 'UTC')::date = '${today()}'`
    expect(analytics.totals).toEqual({
      views: await rawCount(`${day} and kind = 'report_view'`),
      reads: await rawCount(`${day} and kind = 'report_read'`),
      readers: (
        await db.query((sql) =>
          sql.unsafe<{ n: number }>(
            `select count(distinct user_id)::int as n from readership_events where ${day} and kind = 'report_read'`,
          ),
        )
      )[0]!.n,
      searches: await rawCount(`${day} and kind = 'search'`),
      signIns: await rawCount(`${day} and kind = 'sign_in'`),
      feedFetches: 0,
      emailOpens: 0,
      podcastPlays: 0,
    })
    expect(analytics.totals.reads).toBeGreaterThanOrEqual(3)
    expect(analytics.series).toEqual([
      { day: today(), views: analytics.totals.views, reads: analytics.totals.reads },
    ])
    const acme = analytics.byCompany.find((row) => row.id === ids.acme)
    expect(acme).toEqual({
      id: ids.acme,
      name: "Company acme-readership",
      views: await rawCount(`${day} and company_id = '${ids.acme}' and kind = 'report_view'`),
      reads: await rawCount(`${day} and company_id = '${ids.acme}' and kind = 'report_read'`),
    })
    expect(analytics.topReports[0]).toMatchObject({ id: ids.acmeReport, title: "For Acme", reads: 2 })
    expect(analytics.bySector.find((row) => row.sector === "Technology")?.reads).toBe(3)
    expect(analytics.byAnalyst).toEqual([
      expect.objectContaining({ id: ids.analyst, name: "The analyst", reads: analytics.totals.reads }),
    ])
    expect(analytics.byChannel).toEqual([
      { channel: "api", views: analytics.totals.views, reads: analytics.totals.reads },
    ])
  })

  it("drills down from a company to its teams and readers", async () => {
    const acme = await analyticsAs("editor", `${range()}&company=${ids.acme}`)
    expect(acme.company).toEqual({ id: ids.acme, name: "Company acme-readership" })
    expect(acme.byCompany).toEqual([])
    expect(acme.byTeam).toEqual([
      { id: null, name: "No team", views: 2, reads: 1 },
      { id: ids.desk, name: "Desk", views: 1, reads: 1 },
    ])
    expect(acme.readers.map((row) => [row.name, row.views, row.reads])).toEqual([
      ["The colleague", 2, 1],
      ["The reader", 1, 1],
    ])
    const desk = await analyticsAs("editor", `${range()}&team=${ids.desk}`)
    expect(desk.team).toEqual({ id: ids.desk, name: "Desk" })
    expect(desk.readers.map((row) => row.name)).toEqual(["The reader"])
  })

  it("shows an analyst only their own reports' readership, and no one else analytics", async () => {
    const own = await analyticsAs("analyst")
    expect(own.scope).toBe("own")
    expect(own.totals.reads).toBeGreaterThan(0)
    const other = await analyticsAs("analyst2")
    expect(other).toMatchObject({ scope: "own", totals: { views: 0, reads: 0, readers: 0, searches: 0 } })
    expect(other.topReports).toEqual([])
    expect((await as("reader")("GET", `/analytics?${range()}`)).status).toBe(403)
  })

  it("refuses a range that ends before it starts or is longer than two years", async () => {
    expect((await as("editor")("GET", "/analytics?from=2026-03-01&to=2026-02-01")).status).toBe(400)
    expect((await as("editor")("GET", "/analytics?from=2020-01-01&to=2026-02-01")).status).toBe(400)
  })
})

describe("a person's own record", () => {
  it("is shown to them and downloaded; an admin's erasure keeps only the counts", async () => {
    const mine = await decodeBody(MyReadership, await as("reader")("GET", "/profile/readership"))
    expect(mine.counts.find((row) => row.kind === "report_read")?.count).toBe(1)
    expect(
      mine.recent.some(
        (event) => event.subject === "For Acme" && event.companyName === "Company acme-readership",
      ),
    ).toBe(true)
    const exported = await decodeBody(
      ReadershipExport,
      await as("reader")("GET", "/profile/readership/export"),
    )
    expect(exported.user.id).toBe(ids.reader)
    expect(exported.events).toHaveLength(mine.total)

    const before = await analyticsAs("editor")
    expect((await as("editor")("DELETE", `/users/${ids.reader}/readership`)).status).toBe(403)
    const erased = await as("admin")("DELETE", `/users/${ids.reader}/readership`)
    expect(erased.status).toBe(200)
    expect(await erased.json()).toEqual({ erased: mine.total })
    expect(await rawCount(`user_id = '${ids.reader}'`)).toBe(0)
    const after = await analyticsAs("editor")
    expect(after.totals.views).toBe(before.totals.views)
    expect(after.totals.reads).toBe(before.totals.reads)
    const acme = await analyticsAs("editor", `${range()}&company=${ids.acme}`)
    expect(acme.readers.map((row) => row.name)).toEqual(["The colleague"])
    expect((await decodeBody(MyReadership, await as("reader")("GET", "/profile/readership"))).total).toBe(0)
  })

  it("expires raw events past the retention by whole months, the rollups kept", async () => {
    await db.query((sql) => sql`select readership_make_months((now() - interval '14 months')::date)`)
    await db.query(
      (sql) => sql`insert into readership_pending (at, user_id, company_id, kind, channel, report_id)
                   values (now() - interval '13 months', ${ids.colleague}, ${ids.acme}, 'report_read', 'console', ${ids.acmeReport})`,
    )
    await rollup()
    const old = await db.query(
      (sql) => sql<{ name: string }>`
        select tableoid::regclass::text as name from readership_events where at < now() - interval '12 months'`,
    )
    expect(old[0]?.name).toMatch(/^readership_events_\d{4}_\d{2}$/)
    const [removed] = await db.query((sql) => sql<{ n: number }>`select readership_expire(365)::int as n`)
    expect(removed?.n).toBe(1)
    expect(await rawCount("at < now() - interval '12 months'")).toBe(0)
    const kept = await db.query(
      (sql) => sql<{ events: number }>`
        select sum(events)::int as events from readership_daily where day < current_date - 365`,
    )
    expect(kept[0]?.events).toBe(1)
  })
})

describe("the dashboard's questions and a team's entitlements", () => {
  it("lists what was published since the reader's previous visit", async () => {
    const first = await decodeBody(
      SinceLastVisit,
      await as("colleague")("GET", "/dashboard/since-last-visit"),
    )
    expect(first).toEqual({ since: null, published: [], revised: [] })
    await db.query(
      (sql) =>
        sql`update dashboard_visits set last_at = now() - interval '2 hours' where user_id = ${ids.colleague}`,
    )
    const fresh = await published("Fresh for Acme", [{ companyId: ids.acme, embargoHours: 0 }])
    const next = await decodeBody(SinceLastVisit, await as("colleague")("GET", "/dashboard/since-last-visit"))
    expect(next.since).not.toBeNull()
    // Newest first; the reports of beforeAll were published within the two hours too, Beta's is not readable.
    expect(next.published.map((report) => report.id)).toEqual([fresh, ids.acmeReport])
    // A reload within the sitting keeps the same "since".
    const again = await decodeBody(
      SinceLastVisit,
      await as("colleague")("GET", "/dashboard/since-last-visit"),
    )
    expect(again.since).toEqual(next.since)
  })

  it("gives an analyst their drafts sent back and the reads of their latest reports", async () => {
    const created = await as("analyst")("POST", "/reports", { title: "Needs work", sector: "Technology" })
    const draft = await decodeBody(Report, created)
    await as("analyst")("POST", `/reports/${draft.id}/actions/submit`, {})
    expect((await as("editor")("POST", `/reports/${draft.id}/actions/return`, {})).status).toBe(200)
    const mine = await decodeBody(MyReports, await as("analyst")("GET", "/dashboard/my-reports"))
    expect(mine.sentBack).toEqual([expect.objectContaining({ id: draft.id, sentBackBy: "The editor" })])
    const acme = mine.latest.find((report) => report.id === ids.acmeReport)
    // Two reads today, and the one of thirteen months ago the retention test added.
    expect(acme).toMatchObject({ reads: 3, readsLast7Days: 2 })
    expect((await as("reader")("GET", "/dashboard/my-reports")).status).toBe(403)
  })

  it("shows what reaches a team", async () => {
    const response = await as("editor")("GET", `/teams/${ids.desk}/entitlements`)
    expect(response.status, await response.clone().text()).toBe(200)
    const entitlements = await decodeBody(TeamEntitlements, response)
    expect(entitlements).toMatchObject({
      sectors: null,
      companySuspended: false,
      reach: { allClients: 0, company: 2, team: 1 },
      tiers: [
        { embargoHours: 0, reports: 2 },
        { embargoHours: 24, reports: 1 },
      ],
    })
    expect(entitlements.addressed.map((report) => [report.title, report.embargoHours])).toEqual([
      ["For the desk", 24],
    ])
  })
})
