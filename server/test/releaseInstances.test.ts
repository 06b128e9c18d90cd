import { createServer, type Server } from "node:http"
import { Report, ReportImportResult, ScheduleApplyResult } from "@folio/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"
import { until } from "./support/until.js"

/**
 * Several instances on one database: each due report is published once and each delivery
 * exists once, whichever instance's job runs it; a release due while every instance was down
 * is published at the next start, flagged late.
 */
let first: TestServer
let db: ReturnType<typeof databaseOf>
let editor = ""
let acme = ""
let hook: Server
let hookUrl = ""
const api = (server: TestServer, method: string, path: string, body?: unknown) =>
  apiCall(server, editor, method, path, body)

beforeAll(async () => {
  first = await startTestServer()
  db = databaseOf(first)
  const publisher = await db.publisherId()
  acme = await db.company("acme")
  await db.team(acme, "Desk")
  await db.user({ email: "editor@folio.test", name: "Editor", companyId: publisher, role: "editor" })
  editor = await cliSignIn(first, "editor@folio.test")
  hook = createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(204).end())
  })
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve))
  const address = hook.address()
  hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/in`
  expect(
    (await api(first, "POST", "/channels", { name: "Hook", kind: "webhook", url: hookUrl })).status,
  ).toBe(201)
  expect((await api(first, "POST", "/channels", { name: "Feed", kind: "rss" })).status).toBe(201)
  // Two tiers: the desk at release, the rest of acme a day later.
  const rows = Array.from({ length: 200 }, (_, i) => ({
    file: "many.csv",
    line: i + 2,
    record: {
      externalId: `many-${i}`,
      title: `Many releases ${i}`,
      sector: "Technology",
      type: "note",
      authors: ["editor@folio.test"],
      audience: ["acme/Desk", "acme+24h"],
      status: "approved",
    },
  }))
  const imported = await api(first, "POST", "/reports/import", { batchKey: "many-releases-1", rows })
  const result = await decodeBody(ReportImportResult, imported)
  expect(result.issues).toEqual([])
  expect(result.created).toBe(200)
}, 120_000)

afterAll(async () => {
  await db.close()
  await first.stop()
  await new Promise((r) => hook.close(r))
})

describe("releases with several instances", () => {
  it("publishes 200 reports due in the same second once each, with each delivery created once", async () => {
    const others = [
      await startTestServer({ databaseUrl: first.databaseUrl }),
      await startTestServer({ databaseUrl: first.databaseUrl }),
    ]
    try {
      const at = new Date(Date.now() + 4000).toISOString()
      const entries = Array.from({ length: 200 }, (_, i) => ({ report: `many-${i}`, releaseAt: at }))
      const plan = await decodeBody(
        ScheduleApplyResult,
        await api(first, "POST", "/schedule/apply", { entries }),
      )
      expect(plan.applied).toBe(true)
      expect(plan.steps).toHaveLength(200)
      await until("every release", async () => {
        const [row] = await db.query(
          (sql) =>
            sql<{
              n: number
            }>`select count(*)::int as n from reports where external_id like 'many-%' and status = 'published'`,
        )
        return row!.n === 200 ? true : undefined
      })
      const counts = await db.query(
        (sql) => sql<{ releases: number; twice: number; deliveries: number; duplicateDeliveries: number }>`
          select
            (select count(*)::int from audit_log a join reports r on r.id::text = a.target_id
              where r.external_id like 'many-%' and a.action in ('report.release', 'report.release_late')) as releases,
            (select count(*)::int from (select a.target_id from audit_log a join reports r on r.id::text = a.target_id
              where r.external_id like 'many-%' and a.action in ('report.release', 'report.release_late')
              group by a.target_id having count(*) > 1) t) as twice,
            (select count(*)::int from deliveries d join reports r on r.id = d.report_id
              where r.external_id like 'many-%') as deliveries,
            (select count(*)::int from (select report_id from deliveries group by report_id, channel_id, tier_hours, event
              having count(*) > 1) t) as duplicate_deliveries`,
      )
      // Each report: 2 channels × 2 tiers.
      expect(counts[0]).toEqual({ releases: 200, twice: 0, deliveries: 800, duplicateDeliveries: 0 })
      // Every tier-0 webhook delivery reaches the receiver; the 24 h tier waits for its time.
      await until("the first tier's webhooks", async () => {
        const [row] = await db.query(
          (sql) => sql<{ n: number }>`
            select count(*)::int as n from deliveries d join channels c on c.id = d.channel_id
            where c.name = 'Hook' and d.tier_hours = 0 and d.status = 'delivered'`,
        )
        return row!.n === 200 ? true : undefined
      })
    } finally {
      for (const server of others) await server.stop()
    }
  }, 120_000)

  it("publishes a release that fell due while every instance was stopped at the next start, flagged late", async () => {
    const created = await api(first, "POST", "/reports", {
      title: "Due while down",
      sector: "Technology",
      audience: [{ companyId: acme }],
    })
    const report = await decodeBody(Report, created)
    await db.query((sql) => sql`update reports set status = 'approved' where id = ${report.id}`)
    const scheduled = await api(first, "PUT", `/reports/${report.id}/schedule`, {
      releaseAt: new Date(Date.now() + 3_600_000).toISOString(),
    })
    expect(scheduled.status).toBe(200)
    await first.stop()
    // While no instance runs, its time passes: ten minutes ago, as far as the database knows.
    await db.query(
      (sql) => sql`update reports set release_at = now() - interval '10 minutes' where id = ${report.id}`,
    )
    await db.query(
      (sql) =>
        sql`update graphile_worker._private_jobs set run_at = now() - interval '10 minutes' where key like 'release:%'`,
    )
    first = await startTestServer({ databaseUrl: first.databaseUrl })
    editor = await cliSignIn(first, "editor@folio.test")
    const published = await until("the late release", async () => {
      const r = await decodeBody(Report, await api(first, "GET", `/reports/${report.id}`))
      return r.status === "published" ? r : undefined
    })
    expect(published.publishedAt!.getTime()).toBeGreaterThan(published.releaseAt!.getTime() + 60_000)
    const audit = await db.audit(report.id)
    expect(audit.map((a) => a.action)).toContain("report.release_late")
    const [row] = await db.query(
      (sql) => sql<{ late: boolean }>`select released_late as late from reports where id = ${report.id}`,
    )
    expect(row!.late).toBe(true)
  }, 90_000)
})
