import {
  ErrorIssue,
  ErrorIssueDetail,
  ErrorIssuePage,
  ErrorReportSettings,
  localSentryDsn,
  parseSentryDsn,
  TracePage,
} from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { publisherOnlyMessage } from "../src/http/errorReports.js"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { errorEvent, eventEnvelope, post, transactionEnvelope, tunnelUrl } from "./support/envelopes.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}
const localDsn = parseSentryDsn(localSentryDsn)!
const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)
const report = (options: Parameters<typeof errorEvent>[0]) =>
  post(tunnelUrl(server.url, localDsn), eventEnvelope(localSentryDsn, errorEvent(options)))
const listIssues = async (query = "") =>
  decodeBody(ErrorIssuePage, await as("developer")("GET", `/error-reports/issues${query}`))

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  const client = await db.company("client-co")
  for (const [name, companyId, role] of [
    ["developer", publisher, "developer"],
    ["clientDeveloper", client, "developer"],
    ["editor", publisher, "editor"],
    ["reader", publisher, "reader"],
  ] as const) {
    await db.user({ email: `${name.toLowerCase()}@folio.test`, name, companyId, role })
    tokens[name] = await cliSignIn(server, `${name.toLowerCase()}@folio.test`)
  }
  tokens.admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
  // Five issues (five functions), the first one three times by two users.
  for (const [fn, user] of [
    ["First", "u1"],
    ["First", "u2"],
    ["First", "u2"],
    ["Second", "u1"],
    ["Third", "u1"],
    ["Fourth", "u1"],
    ["Fifth", "u1"],
  ] as const) {
    expect((await report({ functionName: `${fn}Page`, message: `${fn} broke`, userId: user })).status).toBe(
      200,
    )
  }
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("who may see the inbox", () => {
  it("the publisher's developers and admins", async () => {
    expect((await as("developer")("GET", "/error-reports/issues")).status).toBe(200)
    expect((await as("admin")("GET", "/error-reports/issues")).status).toBe(200)
  })

  it("not a client company's developer, nor roles without the grant", async () => {
    const refused = await as("clientDeveloper")("GET", "/error-reports/issues")
    expect(refused.status).toBe(403)
    expect(await decodeBody(ErrorBody, refused)).toEqual({ _tag: "Forbidden", message: publisherOnlyMessage })
    for (const who of ["editor", "reader"]) {
      expect((await as(who)("GET", "/error-reports/settings")).status).toBe(403)
    }
    expect((await as("")("GET", "/error-reports/issues")).status).toBe(401)
  })
})

describe("listing issues", () => {
  it("pages through unresolved issues, most recently seen first, without repeats", async () => {
    const seen: Array<string> = []
    let cursor: string | null = ""
    while (cursor !== null) {
      const page = await listIssues(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items.map((i) => i.message))
      cursor = page.nextCursor
    }
    expect(seen).toEqual(["Fifth broke", "Fourth broke", "Third broke", "Second broke", "First broke"])
  })

  it("counts events and users affected, and searches type and message", async () => {
    const { items } = await listIssues("?q=first")
    expect(items.map((i) => [i.message, i.count, i.usersAffected])).toEqual([["First broke", 3, 2]])
    expect((await listIssues("?q=typeerror")).items).toHaveLength(5)
  })

  it("refuses a forged cursor with a 400", async () => {
    const response = await as("developer")("GET", "/error-reports/issues?cursor=bm9wZQ")
    expect(response.status).toBe(400)
    expect(await decodeBody(ErrorBody, response)).toMatchObject({ _tag: "ValidationError" })
  })
})

describe("an issue", () => {
  it("has its latest event's stack frame by frame, breadcrumbs and recent events", async () => {
    const [issue] = (await listIssues("?q=first")).items
    const detail = await decodeBody(
      ErrorIssueDetail,
      await as("developer")("GET", `/error-reports/issues/${issue?.id}`),
    )
    expect(detail.issue).toMatchObject({ type: "TypeError", culprit: expect.stringContaining("FirstPage") })
    const [exception] = detail.latestEvent?.exceptions ?? []
    expect(exception?.frames.at(-1)).toEqual({
      function: "FirstPage",
      filename: "http://127.0.0.1/assets/report-Qw8Lk2Pz.js",
      lineno: 12,
      colno: 40,
      inApp: true,
    })
    expect(exception?.frames[0]?.inApp).toBe(false)
    expect(detail.latestEvent?.breadcrumbs.map((b) => b.category)).toEqual(["navigation", "ui.click"])
    expect(detail.latestEvent).toMatchObject({ browser: "Chrome 126", os: "Linux", userId: "u2" })
    expect(detail.recentEvents).toHaveLength(3)
  })

  it("an unknown id is a 404", async () => {
    const response = await as("developer")(
      "GET",
      "/error-reports/issues/00000000-0000-4000-8000-000000000000",
    )
    expect(response.status).toBe(404)
  })

  it("is resolved, ignored and reopened, and each change is audited", async () => {
    const [issue] = (await listIssues("?q=second")).items
    const setStatus = async (status: string) => {
      const response = await as("developer")("POST", `/error-reports/issues/${issue?.id}/status`, { status })
      expect(response.status).toBe(200)
      return decodeBody(ErrorIssue, response)
    }
    expect((await setStatus("resolved")).status).toBe("resolved")
    expect((await listIssues("?q=second")).items).toHaveLength(0)
    expect((await listIssues("?status=resolved&q=second")).items).toHaveLength(1)
    expect((await setStatus("ignored")).status).toBe("ignored")
    expect((await setStatus("unresolved")).status).toBe("unresolved")
    expect((await db.audit(issue?.id ?? "")).map((a) => [a.action, a.after])).toEqual([
      ["errorIssue.status", { status: "resolved" }],
      ["errorIssue.status", { status: "ignored" }],
      ["errorIssue.status", { status: "unresolved" }],
    ])
  })
})

describe("traces", () => {
  it("are listed newest first, for one route, page by page", async () => {
    for (const route of ["/dashboard", "/reports", "/dashboard", "/dashboard"]) {
      await post(tunnelUrl(server.url, localDsn), transactionEnvelope(localSentryDsn, route, 120))
    }
    const first = await decodeBody(
      TracePage,
      await as("developer")("GET", "/error-reports/traces?route=%2Fdashboard&limit=2"),
    )
    expect(first.items.map((t) => [t.route, t.op, t.durationMs])).toEqual([
      ["/dashboard", "pageload", 120],
      ["/dashboard", "pageload", 120],
    ])
    const second = await decodeBody(
      TracePage,
      await as("developer")(
        "GET",
        `/error-reports/traces?route=%2Fdashboard&limit=2&cursor=${first.nextCursor}`,
      ),
    )
    expect(second.items).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    const all = await decodeBody(TracePage, await as("developer")("GET", "/error-reports/traces"))
    expect(all.items).toHaveLength(4)
  })
})

describe("settings", () => {
  it("keep 30 days by default; a change is validated and audited", async () => {
    const read = async () =>
      decodeBody(ErrorReportSettings, await as("developer")("GET", "/error-reports/settings"))
    expect(await read()).toEqual({ retentionDays: 30 })
    const bad = await as("developer")("PUT", "/error-reports/settings", { retentionDays: 0 })
    expect(bad.status).toBe(400)
    expect(await decodeBody(ErrorBody, bad)).toMatchObject({
      message: expect.stringContaining("between 1 and 365"),
    })
    const saved = await as("developer")("PUT", "/error-reports/settings", { retentionDays: 7 })
    expect(await decodeBody(ErrorReportSettings, saved)).toEqual({ retentionDays: 7 })
    expect(await read()).toEqual({ retentionDays: 7 })
    expect(await db.audit("retention")).toMatchObject([
      { action: "errorReports.settings", before: { retentionDays: 30 }, after: { retentionDays: 7 } },
    ])
  })
})
