import { FolioApi, grantFor, type Role, roles } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Need } from "../src/auth/authorize.js"
import { publisherOnlyMessage } from "../src/http/errorReports.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import type { Caller, Ctx, Row, Target } from "./support/matrix.js"
import { accountRows } from "./support/matrixAccount.js"
import { aiRows } from "./support/matrixAi.js"
import { configRows } from "./support/matrixConfig.js"
import { controlPanelRows } from "./support/matrixControlPanel.js"
import { coverageRows } from "./support/matrixCoverage.js"
import { directoryRows } from "./support/matrixDirectory.js"
import { errorReportRows } from "./support/matrixErrorReports.js"
import { podcastRows } from "./support/matrixPodcasts.js"
import { readershipRows } from "./support/matrixReadership.js"
import { releaseRows } from "./support/matrixReleases.js"
import { reportRows } from "./support/matrixReports.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The role × endpoint matrix: every endpoint of the contract, its policy action and the token
 * scope it needs, checked for every role against the real server. A new endpoint without a row
 * here fails the first test.
 */

let server: TestServer
let db: ReturnType<typeof databaseOf>
let counter = 0
const next = () => ++counter
const callers = new Map<Role, Caller>()
const targets = new Map<string, Target>()
let foreign: Target
let publisher: string

const passwordOf = (role: Role) => (role === "admin" ? server.adminPassword : seedPassword)
const signIn = (caller: { readonly role: Role; readonly email: string }) =>
  cliSignIn(server, caller.email, passwordOf(caller.role))

const table: Record<string, Row> = {
  ...accountRows({ db: () => db, next, signIn, passwordOf }),
  ...directoryRows({ db: () => db, next }),
  ...reportRows({ db: () => db, next }),
  ...errorReportRows({ db: () => db }),
  ...releaseRows({ db: () => db, next }),
  ...configRows({ next }),
  ...controlPanelRows(),
  ...coverageRows({ db: () => db, next }),
  ...readershipRows(),
  ...podcastRows({ db: () => db, next }),
  ...aiRows({ db: () => db, next }),
}

const contract = Object.values(FolioApi.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({
    key: `${group.identifier}.${endpoint.name}`,
    method: endpoint.method,
    path: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
  })),
)
const rows = Object.entries(table)

/** Builds the row's request, checks it is the endpoint the row claims, and sends it. */
const send = async (key: string, row: Row, ctx: Ctx, token: string | null = ctx.caller.token) => {
  const request = await row.request(ctx)
  const endpoint = contract.find((e) => e.key === key)
  expect(endpoint?.method, key).toBe(request.method)
  expect(`/api${request.path.split("?")[0]}`, key).toMatch(endpoint?.path ?? /^$/)
  return apiCall(
    server,
    token === null ? null : (request.token ?? token),
    request.method,
    request.path,
    request.body,
  )
}

const ErrorBody = Schema.Struct({ _tag: Schema.String, message: Schema.String })

/** A published report whose audience is exactly this company, with its first revision. */
const publishedReport = async (companyId: string) => {
  const rows = await db.query(
    (sql) => sql<{ id: string }>`
      insert into reports (title, sector, type, status, published_at)
      values ('Matrix target report', 'Technology', 'note', 'published', now() - interval '1 minute')
      returning id`,
  )
  const id = rows[0]!.id
  await db.query(
    (sql) => sql`insert into report_audience (report_id, company_id) values (${id}, ${companyId})`,
  )
  await db.query(
    (sql) =>
      sql`insert into report_revisions (report_id, version, fields) values (${id}, 1, ${JSON.stringify({
        title: "Matrix target report",
        summary: "",
        body: "",
        type: "note",
        sector: "Technology",
        tickers: [],
        tags: [],
        channels: [],
        rating: null,
        targetPrice: null,
        targetCurrency: null,
      })}::jsonb)`,
  )
  return id
}

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  publisher = await db.publisherId()
  const client = await db.company("matrix-client")
  const other = await db.company("matrix-other")
  for (const companyId of [publisher, client, other]) {
    const userId = await db.user({
      email: `target-${companyId}@matrix.test`,
      name: "Target",
      companyId,
      role: "reader",
    })
    const reportId = await publishedReport(companyId)
    targets.set(companyId, { companyId, userId, teamId: await db.team(companyId, "Target team"), reportId })
  }
  foreign = targets.get(other)!
  for (const role of roles) {
    const companyId = role === "reader" || role === "developer" ? client : publisher
    const email = role === "admin" ? server.adminEmail : `${role}@matrix.test`
    const userId =
      role === "admin"
        ? (await db.query((sql) => sql<{ id: string }>`select id from users where email = ${email}`))[0]!.id
        : await db.user({ email, name: `The ${role}`, companyId, role })
    callers.set(role, { role, email, userId, companyId, token: await signIn({ role, email }) })
  }
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("the role × endpoint matrix", () => {
  it("has exactly one row for every endpoint of the contract", () => {
    expect(contract.map((e) => e.key).sort()).toEqual(Object.keys(table).sort())
  })

  for (const role of roles) {
    describe(role, () => {
      for (const [key, row] of rows) {
        const grant = row.access === "policy" ? grantFor(role, row.action) : "all"
        // Only the reader and the developer callers work for a client company (see beforeAll).
        const outsider =
          row.access === "policy" && row.publisherOnly && (role === "reader" || role === "developer")
        const expectation =
          grant === "none" || outsider
            ? "403"
            : grant === "own" && row.access === "policy" && row.scoped
              ? "2xx for its own company, 404 for another's"
              : "2xx"
        it(`${key} → ${expectation}`, async () => {
          const caller = callers.get(role)!
          const own: Ctx = { caller, target: targets.get(caller.companyId)! }
          const response = await send(key, row, own)
          if (grant === "none") {
            expect(response.status).toBe(403)
            expect(await decodeBody(ErrorBody, response)).toEqual({
              _tag: "Forbidden",
              message: `Your role (${role}) may not do this.`,
            })
            return
          }
          if (outsider) {
            expect(caller.companyId).not.toBe(publisher)
            expect(response.status).toBe(403)
            expect(await decodeBody(ErrorBody, response)).toEqual({
              _tag: "Forbidden",
              message: publisherOnlyMessage,
            })
            return
          }
          expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(200)
          expect(response.status).toBeLessThan(300)
          if (row.access === "policy" && row.check) await row.check(own, response)
          if (row.access === "policy" && row.scoped) {
            const elsewhere = await send(key, row, { caller, target: foreign })
            if (grant === "own") {
              expect(elsewhere.status).toBe(404)
              expect(await decodeBody(ErrorBody, elsewhere)).toMatchObject({ _tag: "NotFound" })
            } else {
              expect(elsewhere.status, await elsewhere.clone().text()).toBeGreaterThanOrEqual(200)
              expect(elsewhere.status).toBeLessThan(300)
            }
          }
        })
      }
    })
  }

  describe("without credentials", () => {
    for (const [key, row] of rows) {
      it(`${key} → ${row.access === "public" ? "2xx" : "401"}`, async () => {
        const caller = callers.get("admin")!
        const response = await send(key, row, { caller, target: targets.get(caller.companyId)! }, null)
        if (row.access === "public") expect(response.status).toBeLessThan(300)
        else expect(response.status).toBe(401)
      })
    }
  })

  describe("API token scopes (an admin's token)", () => {
    const tokens = new Map<string, string>()
    const token = async (scopes: ReadonlyArray<Need>) => {
      const key = scopes.join("+")
      const existing = tokens.get(key)
      if (existing) return existing
      const response = await apiCall(server, callers.get("admin")!.token, "POST", "/tokens", {
        name: `scope ${key}`,
        scopes,
        expiresInDays: 1,
      })
      const created = await decodeBody(Schema.Struct({ secret: Schema.String }), response)
      tokens.set(key, created.secret)
      return created.secret
    }
    const needs: ReadonlyArray<Need> = ["read", "write", "admin"]
    for (const [key, row] of rows) {
      if (row.access !== "policy") continue
      it(`${key} needs the "${row.need}" scope or a wider one`, async () => {
        const caller = callers.get("admin")!
        const ctx = { caller, target: targets.get(caller.companyId)! }
        if (row.sessionOnly) {
          const refused = await send(key, row, ctx, await token(["admin"]))
          expect(refused.status).toBe(403)
          return
        }
        // Scopes nest (admin ⊃ write ⊃ read): every lower scope is refused, the needed one and above pass.
        const lower = needs.slice(0, needs.indexOf(row.need))
        for (const scope of lower) {
          const without = await send(key, row, ctx, await token([scope]))
          expect(without.status).toBe(403)
          expect(await decodeBody(ErrorBody, without)).toEqual({
            _tag: "Forbidden",
            message: `This API token lacks the "${row.need}" scope.`,
          })
        }
        for (const scope of needs.slice(needs.indexOf(row.need))) {
          const only = await send(key, row, ctx, await token([scope]))
          expect(only.status, await only.clone().text()).toBeLessThan(300)
        }
      })
    }
  })
})
