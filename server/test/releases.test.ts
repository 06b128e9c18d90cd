import { createServer, type Server } from "node:http"
import { CreatedChannel, Delivery, DeliveryPage, Release, Report, ScheduleApplyResult } from "@folio/core"
import { Schema } from "effect"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"
import { until } from "./support/until.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
let editor = ""
let acme = ""
const api = (method: string, path: string, body?: unknown) => apiCall(server, editor, method, path, body)
const Blocked = Schema.Struct({
  _tag: Schema.Literal("ReleaseBlocked"),
  message: Schema.String,
  reason: Schema.String,
})

/** A webhook receiver on loopback: answers with the next status of `plan` (then 200), keeps what it got. */
const receiver = async (plan: Array<number> = []) => {
  const received: Array<{ headers: Record<string, string>; body: string; status: number }> = []
  const http: Server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const status = plan.shift() ?? 200
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), status })
      res.writeHead(status).end(status >= 400 ? "receiver says no" : "ok")
    })
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  const address = http.address()
  const port = typeof address === "object" && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((r) => http.close(r)) }
}

let counter = 0
/** An approved report by the editor, ready to schedule. */
const approved = async (extra: Record<string, unknown> = {}) => {
  counter++
  const created = await api("POST", "/reports", {
    title: `Release test ${counter}`,
    sector: "Technology",
    tickers: ["AAPL"],
    audience: [{ companyId: acme }],
    ...extra,
  })
  expect(created.status).toBe(201)
  const report = await decodeBody(Report, created)
  expect((await api("POST", `/reports/${report.id}/actions/submit`, {})).status).toBe(200)
  expect((await api("POST", `/reports/${report.id}/actions/approve`, {})).status).toBe(200)
  return report
}

const reportOf = async (id: string) => decodeBody(Report, await api("GET", `/reports/${id}`))
const deliveriesOf = async (id: string) =>
  (await decodeBody(DeliveryPage, await api("GET", `/deliveries?report=${id}`))).items
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString()
/** Brings a queued job forward, as if its time had come (the retry pauses are minutes to hours). */
const runJobNow = (key: string) =>
  db.query((sql) => sql`update graphile_worker._private_jobs set run_at = now() where key = ${key}`)

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  acme = await db.company("acme")
  await db.user({ email: "editor@folio.test", name: "Editor", companyId: publisher, role: "editor" })
  editor = await cliSignIn(server, "editor@folio.test")
  const admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  const tickers = ["AAPL", "MSFT"].map((symbol, i) => ({
    line: i + 2,
    ticker: {
      symbol,
      name: `${symbol} Inc.`,
      exchange: "NASDAQ",
      sector: "Technology",
      currency: "USD",
      country: "US",
    },
  }))
  expect((await apiCall(server, admin, "POST", "/tickers/import", { rows: tickers })).status).toBe(200)
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("release scheduling", () => {
  it("publishes a scheduled report at its time, creates its webhook delivery, and retries a failing receiver until it verifies", async () => {
    const hook = await receiver([500, 500, 500])
    const made = await api("POST", "/channels", { name: "Desk hook", kind: "webhook", url: hook.url })
    expect(made.status).toBe(201)
    const { channel, secret } = await decodeBody(CreatedChannel, made)
    expect(secret).toMatch(/^whsec_/)
    const report = await approved({ channels: ["Desk hook"] })

    const scheduled = await api("PUT", `/reports/${report.id}/schedule`, { releaseAt: inSeconds(2) })
    expect(scheduled.status).toBe(200)
    expect((await decodeBody(Report, scheduled)).status).toBe("scheduled")
    const agenda = await decodeBody(Schema.Array(Release), await api("GET", "/schedule"))
    expect(agenda.find((r) => r.reportId === report.id)?.status).toBe("scheduled")

    const published = await until("the release", async () => {
      const r = await reportOf(report.id)
      return r.status === "published" ? r : undefined
    })
    expect(published.publishedAt).not.toBeNull()
    const [delivery] = await until("the first attempt", async () => {
      const ds = await deliveriesOf(report.id)
      return ds.length === 1 && ds[0]!.status === "failed" ? ds : undefined
    })
    expect(delivery!.lastError).toContain("HTTP 500")
    // The next attempt waits the back-off (about 30 s after the first), not a fixed tick.
    expect(delivery!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 15_000)
    for (let attempt = 2; attempt <= 4; attempt++) {
      // The failed attempt is recorded with its next one queued (one transaction) before it is brought forward.
      await until(`attempt ${attempt - 1} recorded`, async () => {
        const ds = await deliveriesOf(report.id)
        return ds[0]?.status === "failed" && ds[0].attempts === attempt - 1 ? true : undefined
      })
      await runJobNow(`deliver:${delivery!.id}`)
    }
    const done = await until("the delivery", async () => {
      const ds = await deliveriesOf(report.id)
      return ds[0]?.status === "delivered" ? ds[0] : undefined
    })
    expect(done.attempts).toBe(4)
    const last = hook.received.at(-1)!
    const payload = new Webhook(secret!).verify(last.body, last.headers) as {
      type: string
      report: { id: string }
    }
    expect(payload.type).toBe("report.published")
    expect(payload.report.id).toBe(report.id)
    expect(last.headers["webhook-id"]).toBe(done.id)
    expect(channel.kind).toBe("webhook")
    await hook.close()
  })

  it("refuses to schedule into a blackout and to publish a restricted ticker, with the reason", async () => {
    const report = await approved({ tickers: ["MSFT"] })
    const start = inSeconds(3600)
    const added = await api("POST", "/blackouts", {
      startsAt: start,
      endsAt: inSeconds(7200),
      ticker: "MSFT",
      reason: "Quiet period before MSFT results",
    })
    expect(added.status).toBe(201)
    const refused = await api("PUT", `/reports/${report.id}/schedule`, { releaseAt: inSeconds(5400) })
    expect(refused.status).toBe(409)
    const blocked = await decodeBody(Blocked, refused)
    expect(blocked.reason).toBe("Quiet period before MSFT results")
    expect(blocked.message).toContain("MSFT")
    // Outside the period it is fine.
    expect((await api("PUT", `/reports/${report.id}/schedule`, { releaseAt: inSeconds(9000) })).status).toBe(
      200,
    )

    expect((await api("PUT", "/restricted-tickers/MSFT", { reason: "Advising on a deal" })).status).toBe(200)
    const publish = await api("POST", `/reports/${report.id}/actions/publish`, {})
    expect(publish.status).toBe(409)
    expect((await decodeBody(Blocked, publish)).reason).toBe("Advising on a deal")
    expect((await api("DELETE", "/restricted-tickers/MSFT")).status).toBe(204)
    expect((await api("DELETE", `/reports/${report.id}/schedule`)).status).toBe(200)
    expect((await reportOf(report.id)).status).toBe("approved")
  })

  it("holds a release a later blackout covers, until an editor acts", async () => {
    const report = await approved()
    expect((await api("PUT", `/reports/${report.id}/schedule`, { releaseAt: inSeconds(2) })).status).toBe(200)
    // Created after the report was scheduled: global, covering the release time.
    const blackout = await decodeBody(
      Schema.Struct({ id: Schema.String }),
      await api("POST", "/blackouts", {
        startsAt: inSeconds(-60),
        endsAt: inSeconds(600),
        reason: "Market closed",
      }),
    )
    const held = await until("the hold", async () => {
      const agenda = await decodeBody(Schema.Array(Release), await api("GET", "/schedule"))
      return agenda.find((r) => r.reportId === report.id && r.heldReason !== null)
    })
    expect(held.heldReason).toContain("Market closed")
    expect((await reportOf(report.id)).status).toBe("scheduled")
    expect((await api("POST", `/reports/${report.id}/actions/publish`, {})).status).toBe(409)
    expect((await api("DELETE", `/blackouts/${blackout.id}`)).status).toBe(204)
    const now = await api("POST", `/reports/${report.id}/actions/publish`, {})
    expect(now.status).toBe(200)
    expect((await decodeBody(Report, now)).status).toBe("published")
    const agenda = await decodeBody(Schema.Array(Release), await api("GET", "/schedule"))
    expect(agenda.find((r) => r.reportId === report.id)?.late).toBe(true)
  })

  it("applies a schedule file all or nothing, and a second apply of the same file plans nothing", async () => {
    const a = await approved({ externalId: "apply-a" })
    const b = await approved({ externalId: "apply-b" })
    const entries = [
      { report: "apply-a", releaseAt: inSeconds(86_400) },
      { report: b.id, releaseAt: inSeconds(90_000) },
    ]
    const dry = await decodeBody(
      ScheduleApplyResult,
      await api("POST", "/schedule/apply", { entries, dryRun: true }),
    )
    expect(dry.steps.map((s) => s.action)).toEqual(["schedule", "schedule"])
    expect(dry.applied).toBe(false)
    expect((await reportOf(a.id)).status).toBe("approved")
    const first = await decodeBody(ScheduleApplyResult, await api("POST", "/schedule/apply", { entries }))
    expect(first.applied).toBe(true)
    const second = await decodeBody(ScheduleApplyResult, await api("POST", "/schedule/apply", { entries }))
    expect(second.steps).toEqual([])
    // One bad entry: nothing changes, and the problem names the entry.
    const bad = await api("POST", "/schedule/apply", {
      entries: [
        { report: "apply-a", releaseAt: null },
        { report: "no-such-report", releaseAt: inSeconds(1000) },
      ],
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain("no-such-report")
    expect((await reportOf(a.id)).status).toBe("scheduled")
  })

  it("disables a webhook that answers 410, and refuses a webhook on a private address", async () => {
    const hook = await receiver([410])
    const { channel } = await decodeBody(
      CreatedChannel,
      await api("POST", "/channels", { name: "Gone hook", kind: "webhook", url: hook.url }),
    )
    const test = await api("POST", `/channels/${channel.id}/test`)
    expect(test.status).toBe(202)
    const delivery = await decodeBody(Delivery, test)
    await until("the 410", async () => {
      const page = await decodeBody(DeliveryPage, await api("GET", `/deliveries?channel=${channel.id}`))
      return page.items.find((d) => d.id === delivery.id && d.status === "dead")
    })
    const channels = await decodeBody(
      Schema.Array(
        Schema.Struct({
          id: Schema.String,
          enabled: Schema.Boolean,
          disabledReason: Schema.NullOr(Schema.String),
        }),
      ),
      await api("GET", "/channels"),
    )
    const gone = channels.find((c) => c.id === channel.id)!
    expect(gone.enabled).toBe(false)
    expect(gone.disabledReason).toContain("410")
    await hook.close()

    const privateHook = await api("POST", "/channels", {
      name: "Internal",
      kind: "webhook",
      url: "http://10.1.2.3/hook",
    })
    expect(privateHook.status).toBe(400)
    expect(await privateHook.text()).toContain("private address")

    const unknownCompany = await api("POST", "/channels", {
      name: "Nobody's email",
      kind: "email",
      companyIds: ["00000000-0000-4000-8000-000000000000"],
    })
    expect(unknownCompany.status).toBe(400)
    expect(await unknownCompany.text()).toContain("existing client company")
  })
})
