import { Report, ReportRevision, ReportRevisionSummary, revisionIdleGapMinutes } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
const tokens: Record<string, string> = {}

const as = (who: string) => (method: string, path: string, body?: unknown) =>
  apiCall(server, tokens[who] ?? null, method, path, body)

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  const publisher = await db.publisherId()
  for (const [name, role] of [
    ["analyst", "analyst"],
    ["editor", "editor"],
  ] as const) {
    await db.user({ email: `${name}@folio.test`, name, companyId: publisher, role })
    tokens[name] = await cliSignIn(server, `${name}@folio.test`)
  }
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

const create = async (who: string, body: string) => {
  const response = await as(who)("POST", "/reports", { title: "Session note", sector: "Energy", body })
  expect(response.status).toBe(201)
  return decodeBody(Report, response)
}

/** One autosave: the editor's PATCH with the version it holds. */
const save = async (who: string, id: string, payload: Record<string, unknown>) => {
  const response = await as(who)("PATCH", `/reports/${id}`, payload)
  expect(response.status).toBe(200)
  return decodeBody(Report, response)
}

const revisions = async (id: string) =>
  decodeBody(Schema.Array(ReportRevisionSummary), await as("editor")("GET", `/reports/${id}/revisions`))

const revision = async (id: string, version: number) =>
  decodeBody(ReportRevision, await as("editor")("GET", `/reports/${id}/revisions/${version}`))

/**
 * Time passes for the report's history: its revisions move `seconds` into the past, which to
 * the idle-gap rule (`saved_at` against the database's `now()`) is the same as waiting.
 */
const elapse = (id: string, seconds: number) =>
  db.query(
    (sql) =>
      sql`update report_revisions set saved_at = saved_at - make_interval(secs => ${seconds})
          where report_id = ${id}`,
  )

describe("revisions", () => {
  it("a 10-minute autosave session (300 saves 2 s apart, then leaving) leaves one revision holding exactly the last text typed", async () => {
    let report = await create("analyst", "")
    let typed = ""
    for (let i = 1; i <= 300; i++) {
      await elapse(report.id, 2)
      typed += `word${i} `
      const before = report.version
      report = await save("analyst", report.id, { version: report.version, body: typed })
      // The working copy takes every save: nothing typed is ever only on the screen.
      expect(report.version).toBe(before + 1)
      expect(report.body).toBe(typed)
    }
    typed += "the end."
    report = await save("analyst", report.id, { version: report.version, body: typed, endSession: true })

    const history = await revisions(report.id)
    expect(history.map((r) => r.version)).toEqual([report.version])
    expect(history[0]?.note).toBe("Created")
    const last = await revision(report.id, report.version)
    expect(last.fields.body).toBe(typed)
    expect(report.version).toBe(302)
    // 600 requests one after another: on a loaded CI machine that outlasts the default 30 s.
  }, 180_000)

  it("an idle gap starts a new revision; saves within it keep extending the session's one", async () => {
    let report = await create("analyst", "one")
    await elapse(report.id, 60)
    report = await save("analyst", report.id, { version: report.version, body: "one two" })
    const beforeGap = report.version
    await elapse(report.id, (revisionIdleGapMinutes - 1) * 60)
    report = await save("analyst", report.id, { version: report.version, body: "one two three" })
    expect((await revisions(report.id)).length).toBe(1)
    const sessionEnd = report.version
    expect(sessionEnd).toBe(beforeGap + 1)

    await elapse(report.id, (revisionIdleGapMinutes + 1) * 60)
    report = await save("analyst", report.id, { version: report.version, body: "one two three four" })
    report = await save("analyst", report.id, { version: report.version, body: "one two three four five" })
    const history = await revisions(report.id)
    expect(history.map((r) => r.version)).toEqual([report.version, sessionEnd])
    expect((await revision(report.id, sessionEnd)).fields.body).toBe("one two three")
    expect((await revision(report.id, report.version)).fields.body).toBe("one two three four five")
  })

  it("every lifecycle change cuts a revision of the text at that moment, even for the same author within the gap", async () => {
    let report = await create("analyst", "draft text")
    report = await save("analyst", report.id, { version: report.version, body: "draft text, polished" })
    const submitted = await as("analyst")("POST", `/reports/${report.id}/actions/submit`, {
      version: report.version,
    })
    expect(submitted.status).toBe(200)
    const returned = await as("analyst")("POST", `/reports/${report.id}/actions/return`, {})
    expect(returned.status).toBe(200)
    report = await decodeBody(Report, returned)
    const atSubmit = report.version
    report = await save("analyst", report.id, { version: report.version, body: "after review" })
    report = await save("analyst", report.id, { version: report.version, body: "after review, again" })

    const history = await revisions(report.id)
    expect(history.map((r) => r.version)).toEqual([report.version, atSubmit])
    expect((await revision(report.id, atSubmit)).fields.body).toBe("draft text, polished")
    expect((await revision(report.id, report.version)).fields.body).toBe("after review, again")
  })

  it("another author's save and a session-ending save each close the session; ending alone changes no version", async () => {
    let report = await create("analyst", "analyst writes")
    report = await save("editor", report.id, { version: report.version, body: "editor edits" })
    report = await save("editor", report.id, { version: report.version, body: "editor edits more" })
    expect((await revisions(report.id)).map((r) => r.savedBy?.name)).toEqual(["editor", "analyst"])

    // The editor leaves with nothing left to save: the session ends, the report stays as it is.
    const ended = await save("editor", report.id, { version: report.version, endSession: true })
    expect(ended.version).toBe(report.version)
    expect(ended.body).toBe("editor edits more")
    report = await save("editor", report.id, { version: report.version, body: "editor comes back" })
    const history = await revisions(report.id)
    expect(history.map((r) => r.savedBy?.name)).toEqual(["editor", "editor", "analyst"])
    expect(history[0]?.version).toBe(report.version)

    // Concurrency is unchanged: a save from an older version is still refused.
    const stale = await as("analyst")("PATCH", `/reports/${report.id}`, {
      version: report.version - 1,
      body: "mine",
    })
    expect(stale.status).toBe(409)
  })

  it("a restore is a closed revision of its own", async () => {
    let report = await create("editor", "first")
    report = await save("editor", report.id, { version: report.version, body: "second", endSession: true })
    report = await save("editor", report.id, { version: report.version, body: "third" })
    const second = (await revisions(report.id))[1]!.version
    const restored = await as("editor")("POST", `/reports/${report.id}/revisions/${second}/restore`, {
      version: report.version,
    })
    expect(restored.status).toBe(200)
    report = await decodeBody(Report, restored)
    report = await save("editor", report.id, { version: report.version, body: "fourth" })
    const history = await revisions(report.id)
    expect(history.map((r) => r.note)).toEqual(["Saved", `Restored version ${second}`, "Saved", "Created"])
    expect(history[0]?.version).toBe(report.version)
  })
})
