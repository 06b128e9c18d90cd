import { ActiveSessionPage, AuditPage, auditCsvFields, parseCsv, RevokedSessions } from "@folio/core"
import type { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The control panel's sessions across users (ending one stops it working) and the audit log's
 * filters, paging and CSV export, against the real server.
 */
let server: TestServer
let db: ReturnType<typeof databaseOf>
let admin = ""

const get = async <A, I>(schema: Schema.Schema<A, I>, path: string): Promise<A> => {
  const response = await apiCall(server, admin, "GET", path)
  expect(response.status, await response.clone().text()).toBe(200)
  return decodeBody(schema, response)
}
/** The CSV's header and its rows as records, read with the import's own CSV reader. */
const readCsv = (text: string) => {
  const parsed = parseCsv("audit.csv", text)
  expect(parsed.issues).toEqual([])
  expect(text.split("\n").slice(0, -1), "no blank line, one line feed at the end").not.toContain("")
  return { header: text.slice(0, text.indexOf("\n")), rows: parsed.records.map((record) => record.fields) }
}
const worksFor = async (token: string) => (await apiCall(server, token, "GET", "/session")).status

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
})

afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("sessions", () => {
  it("lists every user's live sessions with person and company; ending one stops it working", async () => {
    const company = await db.company("session-holders")
    const userId = await db.user({
      email: "holder@sessions.test",
      name: "Session Holder",
      companyId: company,
      role: "reader",
    })
    const first = await cliSignIn(server, "holder@sessions.test")
    const second = await cliSignIn(server, "holder@sessions.test")
    const page = await get(ActiveSessionPage, "/control-panel/sessions?q=holder%40sessions")
    expect(page.items).toHaveLength(2)
    expect(page.items[0]).toMatchObject({
      userId,
      userEmail: "holder@sessions.test",
      userName: "Session Holder",
      companyName: "Company session-holders",
      kind: "cli",
      current: false,
    })
    // The admin's own session is marked as the one in use.
    const mine = await get(
      ActiveSessionPage,
      `/control-panel/sessions?q=${encodeURIComponent(server.adminEmail)}`,
    )
    expect(mine.items.some((session) => session.current)).toBe(true)

    // Which listed session is `first`'s: end each in turn and see which token stops.
    const [a, b] = page.items
    expect((await apiCall(server, admin, "DELETE", `/users/${userId}/sessions/${a!.id}`)).status).toBe(204)
    const statuses = [await worksFor(first), await worksFor(second)].sort()
    expect(statuses).toEqual([200, 401])
    const left = await get(ActiveSessionPage, "/control-panel/sessions?q=holder%40sessions")
    expect(left.items.map((session) => session.id)).toEqual([b!.id])

    const all = await apiCall(server, admin, "POST", `/users/${userId}/sessions/revoke-all`)
    expect(await decodeBody(RevokedSessions, all)).toEqual({ revoked: 1 })
    expect([await worksFor(first), await worksFor(second)]).toEqual([401, 401])
    expect((await get(ActiveSessionPage, "/control-panel/sessions?q=holder%40sessions")).items).toEqual([])
    const audit = await get(AuditPage, `/audit?userId=${userId}&action=auth.`)
    expect(audit.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["auth.session_revoke", "auth.sessions_revoke_all"]),
    )
  })

  it("pages with a cursor and refuses a forged one by its field", async () => {
    const company = await db.company("session-pager")
    await db.user({ email: "pager@sessions.test", name: "Pager", companyId: company, role: "reader" })
    for (let i = 0; i < 3; i++) await cliSignIn(server, "pager@sessions.test")
    const one = await get(ActiveSessionPage, "/control-panel/sessions?q=pager%40&limit=2")
    expect(one.items).toHaveLength(2)
    expect(one.nextCursor).not.toBeNull()
    const two = await get(
      ActiveSessionPage,
      `/control-panel/sessions?q=pager%40&limit=2&cursor=${encodeURIComponent(one.nextCursor ?? "")}`,
    )
    expect(two.items).toHaveLength(1)
    expect(two.nextCursor).toBeNull()
    expect(new Set([...one.items, ...two.items].map((session) => session.id)).size).toBe(3)
    const forged = await apiCall(server, admin, "GET", "/control-panel/sessions?cursor=bm9wZQ")
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain("cursor")
  })
})

describe("audit log", () => {
  const seed = () =>
    db.query(
      (sql) => sql`
        insert into audit_log (at, actor_email, action, target_type, target_id, after)
        values ('2031-03-01T10:00:00Z', 'alice@audit.test', 'report.update', 'report', 'r-1', '{"title":"One"}'),
               ('2031-03-02T10:00:00Z', 'Alice@audit.test', 'report.create', 'report', 'r-2', null),
               ('2031-03-03T10:00:00Z', 'bob@audit.test', 'report.update', 'report', 'r-1', null),
               ('2031-03-04T10:00:00Z', 'bob@audit.test', 'auth.sign_in', 'user', 'u-9', null),
               ('2031-03-05T10:00:00Z', '=HYPERLINK("x")@audit.test', 'channel.create', 'channel', '+c-1', null)`,
    )

  it("filters by who, action, target and dates, each alone and together", async () => {
    await seed()
    const ids = async (query: string) =>
      // Only the seeded entries: the server's own (sign-ins of this file) are from today.
      (
        await get(AuditPage, `/audit?${query.includes("from=") ? "" : "from=2031-01-01T00:00:00Z&"}${query}`)
      ).items.map((entry) => `${entry.actorEmail} ${entry.action} ${entry.targetId}`)
    expect(await ids("actor=ALICE")).toEqual([
      "Alice@audit.test report.create r-2",
      "alice@audit.test report.update r-1",
    ])
    expect(await ids("action=report.update")).toEqual([
      "bob@audit.test report.update r-1",
      "alice@audit.test report.update r-1",
    ])
    expect(await ids("action=auth.")).toEqual(["bob@audit.test auth.sign_in u-9"])
    expect(await ids("targetType=report&targetId=r-1&actor=bob")).toEqual([
      "bob@audit.test report.update r-1",
    ])
    expect(await ids("from=2031-03-02T00:00:00Z&to=2031-03-04T00:00:00Z")).toEqual([
      "bob@audit.test report.update r-1",
      "Alice@audit.test report.create r-2",
    ])
    // A LIKE wildcard in the actor filter is taken literally.
    expect(await ids("actor=%25")).toEqual([])
  })

  it("pages newest first, and names the field of a bad filter", async () => {
    const first = await get(AuditPage, "/audit?from=2031-01-01T00:00:00Z&limit=2")
    expect(first.items.map((entry) => entry.action)).toEqual(["channel.create", "auth.sign_in"])
    const next = await get(
      AuditPage,
      `/audit?from=2031-01-01T00:00:00Z&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    )
    expect(next.items.map((entry) => entry.action)).toEqual(["report.update", "report.create"])
    const backwards = await apiCall(
      server,
      admin,
      "GET",
      "/audit?from=2031-03-04T00:00:00Z&to=2031-03-01T00:00:00Z",
    )
    expect(backwards.status).toBe(400)
    expect(await backwards.text()).toContain("to")
    const badDate = await apiCall(server, admin, "GET", "/audit?from=yesterday")
    expect(badDate.status).toBe(400)
    expect(await badDate.text()).toContain("from")
    const badAction = await apiCall(server, admin, "GET", "/audit?action=DROP%20TABLE")
    expect(badAction.status).toBe(400)
    expect(await badAction.text()).toContain("action")
  })

  it("exports the filtered log as CSV, newest first, with formulas defused", async () => {
    const response = await apiCall(
      server,
      admin,
      "GET",
      "/audit/export?from=2031-01-01T00:00:00Z&to=2032-01-01T00:00:00Z",
    )
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/csv")
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const parsed = readCsv(await response.text())
    expect(parsed.header).toBe(auditCsvFields.join(","))
    expect(parsed.rows.map((row) => row.action)).toEqual([
      "channel.create",
      "auth.sign_in",
      "report.update",
      "report.create",
      "report.update",
    ])
    expect(parsed.rows[0]).toMatchObject({ actor_email: `'=HYPERLINK("x")@audit.test`, target_id: "'+c-1" })
    expect(parsed.rows[4]).toMatchObject({
      at: "2031-03-01T10:00:00.000Z",
      after: '{"title":"One"}',
      before: "",
    })
  })

  it("exports more entries than one batch holds, each once", async () => {
    await db.query(
      (sql) => sql`
        insert into audit_log (at, actor_email, action, target_type, target_id)
        select timestamptz '2033-01-01T00:00:00Z' + make_interval(secs => n), 'bulk@audit.test', 'ticker.update', 'ticker', n::text
        from generate_series(1, 2500) n`,
    )
    const response = await apiCall(server, admin, "GET", "/audit/export?actor=bulk%40&action=ticker.update")
    const { rows } = readCsv(await response.text())
    expect(rows).toHaveLength(2500)
    expect(new Set(rows.map((row) => row.target_id)).size).toBe(2500)
    expect(rows[0]?.target_id).toBe("2500")
    expect(rows.at(-1)?.target_id).toBe("1")
  })
})
