import { createHash, randomBytes } from "node:crypto"
import { CompanyPage, FolioApi, grantFor, type Role, roles, UserPage } from "@folio/core"
import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Need } from "../src/auth/authorize.js"
import { publisherOnlyMessage } from "../src/http/errorReports.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import type { Caller, Ctx, Row, Target } from "./support/matrix.js"
import { errorReportRows } from "./support/matrixErrorReports.js"
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

const freshTeam = (companyId: string) => db.team(companyId, `Matrix team ${next()}`)
const freshUser = (companyId: string) =>
  db.user({ email: `matrix${next()}@matrix.test`, name: `Matrix ${counter}`, companyId, role: "developer" })
const freshToken = (userId: string) =>
  db.query(
    (sql) =>
      sql<{ id: string }>`
      insert into api_tokens (user_id, name, scopes, token_hash, hint)
      values (${userId}, 'matrix', '{read}', decode(md5(random()::text), 'hex'), 'folio_pat_xxxx')
      returning id`,
  )

/** A live emailed link for a user, as if they had received it (the secret's hash is stored). */
const freshLink = async (kind: "magic_link" | "reset" | "invite", userId: string) => {
  const token = randomBytes(32).toString("base64url")
  const hash = createHash("sha256").update(token).digest()
  await db.query(
    (sql) => sql`
      insert into auth_links (kind, user_id, token_hash, expires_at)
      values (${kind}, ${userId}, ${hash}, now() + interval '10 minutes')`,
  )
  return token
}

/** A live browser session of a user, as if they had signed in elsewhere. */
const freshSession = (userId: string) =>
  db.query((sql) =>
    sql<{ id: string }>`
        insert into sessions (token_hash, user_id, kind, expires_at)
        values (decode(md5(random()::text), 'hex'), ${userId}, 'browser', now() + interval '1 day')
        returning id`.pipe(Effect.map((rows) => rows[0]?.id ?? "")),
  )

/** An "own" list holds only the caller's company (the rows are filtered in SQL). */
const onlyOwnCompanies = async (ctx: Ctx, response: Response) => {
  if (grantFor(ctx.caller.role, "companies.read") !== "own") return
  const page = await decodeBody(CompanyPage, response)
  expect(page.items.map((company) => company.id)).toEqual([ctx.caller.companyId])
}
const onlyOwnUsers = async (ctx: Ctx, response: Response) => {
  if (grantFor(ctx.caller.role, "users.read") !== "own") return
  const page = await decodeBody(UserPage, response)
  expect(page.items.length).toBeGreaterThan(1)
  for (const user of page.items) expect(user.company.id).toBe(ctx.caller.companyId)
}

const table: Record<string, Row> = {
  "health.health": { access: "public", request: async () => ({ method: "GET", path: "/health" }) },
  "session.signIn": {
    access: "public",
    request: async ({ caller }) => ({
      method: "POST",
      path: "/session",
      body: { email: caller.email, password: passwordOf(caller.role), client: "cli" },
    }),
  },
  "session.me": { access: "signedIn", request: async () => ({ method: "GET", path: "/session" }) },
  "session.signOut": {
    access: "signedIn",
    request: async ({ caller }) => ({ method: "DELETE", path: "/session", token: await signIn(caller) }),
  },
  "auth.requestMagicLink": {
    access: "public",
    request: async ({ caller }) => ({
      method: "POST",
      path: "/auth/magic-link",
      body: { email: caller.email },
    }),
  },
  "auth.consumeMagicLink": {
    access: "public",
    request: async ({ target }) => ({
      method: "POST",
      path: "/auth/magic-link/consume",
      body: { token: await freshLink("magic_link", await freshUser(target.companyId)) },
    }),
  },
  "auth.peekLink": {
    access: "public",
    request: async ({ target }) => ({
      method: "GET",
      path: `/auth/links/reset?token=${await freshLink("reset", await freshUser(target.companyId))}`,
    }),
  },
  "auth.forgotPassword": {
    access: "public",
    request: async ({ caller }) => ({
      method: "POST",
      path: "/auth/forgot-password",
      body: { email: caller.email },
    }),
  },
  "auth.resetPassword": {
    access: "public",
    request: async ({ target }) => ({
      method: "POST",
      path: "/auth/reset-password",
      body: {
        token: await freshLink("reset", await freshUser(target.companyId)),
        password: "a brand new password",
      },
    }),
  },
  "auth.acceptInvite": {
    access: "public",
    request: async ({ target }) => ({
      method: "POST",
      path: "/auth/accept-invite",
      body: {
        token: await freshLink("invite", await freshUser(target.companyId)),
        password: "a brand new password",
      },
    }),
  },
  "auth.ssoConfig": { access: "public", request: async () => ({ method: "GET", path: "/auth/sso" }) },
  // Without OIDC configured both redirect to /login with a reason (sso.test.ts covers the flow).
  "auth.ssoStart": { access: "public", request: async () => ({ method: "GET", path: "/auth/sso/start" }) },
  "auth.ssoCallback": {
    access: "public",
    request: async () => ({ method: "GET", path: "/auth/sso/callback?code=x&state=y" }),
  },
  "invites.invite": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "POST",
      path: "/users/invite",
      body: {
        email: `invitee${next()}@matrix.test`,
        name: `Invitee ${counter}`,
        companyId: target.companyId,
        role: "reader",
      },
    }),
  },
  "profile.get": {
    access: "policy",
    action: "profile.manage",
    need: "read",
    scoped: false,
    request: async () => ({ method: "GET", path: "/profile" }),
  },
  "profile.update": {
    access: "policy",
    action: "profile.manage",
    need: "write",
    scoped: false,
    request: async () => ({ method: "PATCH", path: "/profile", body: { timezone: "Europe/London" } }),
  },
  "profile.changePassword": {
    access: "policy",
    action: "profile.manage",
    need: "admin",
    scoped: false,
    sessionOnly: true,
    // Sets the same password again, so later sign-ins in this file keep working.
    request: async ({ caller }) => ({
      method: "PUT",
      path: "/profile/password",
      body: { currentPassword: passwordOf(caller.role), newPassword: passwordOf(caller.role) },
    }),
  },
  "profile.sessions": {
    access: "policy",
    action: "profile.manage",
    need: "read",
    scoped: false,
    request: async () => ({ method: "GET", path: "/profile/sessions" }),
  },
  "profile.revokeSession": {
    access: "policy",
    action: "profile.manage",
    need: "write",
    scoped: false,
    request: async ({ caller }) => ({
      method: "DELETE",
      path: `/profile/sessions/${await freshSession(caller.userId)}`,
    }),
  },
  "profile.revokeOtherSessions": {
    access: "policy",
    action: "profile.manage",
    need: "write",
    scoped: false,
    request: async () => ({ method: "POST", path: "/profile/sessions/revoke-others" }),
  },
  "profile.userSessions": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({ method: "GET", path: `/users/${target.userId}/sessions` }),
  },
  "profile.revokeUserSession": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "DELETE",
      path: `/users/${target.userId}/sessions/${await freshSession(target.userId)}`,
    }),
  },
  "profile.revokeUserSessions": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => {
      await freshSession(target.userId)
      return { method: "POST", path: `/users/${target.userId}/sessions/revoke-all` }
    },
  },
  "audit.list": {
    access: "policy",
    action: "audit.read",
    need: "admin",
    scoped: false,
    request: async ({ target }) => ({ method: "GET", path: `/audit?userId=${target.userId}&limit=5` }),
  },
  "tokens.list": {
    access: "policy",
    action: "developer.tokens",
    need: "read",
    scoped: false,
    request: async () => ({ method: "GET", path: "/tokens" }),
  },
  "tokens.create": {
    access: "policy",
    action: "developer.tokens",
    need: "admin",
    scoped: false,
    request: async () => ({
      method: "POST",
      path: "/tokens",
      body: { name: `matrix ${next()}`, scopes: ["read"], expiresInDays: 1 },
    }),
  },
  "tokens.revoke": {
    access: "policy",
    action: "developer.tokens",
    need: "write",
    scoped: false,
    request: async ({ caller }) => {
      const [token] = await freshToken(caller.userId)
      return { method: "DELETE", path: `/tokens/${token?.id}` }
    },
  },
  "companies.list": {
    access: "policy",
    action: "companies.read",
    need: "read",
    scoped: false,
    request: async () => ({ method: "GET", path: "/companies" }),
    check: onlyOwnCompanies,
  },
  "companies.get": {
    access: "policy",
    action: "companies.read",
    need: "read",
    scoped: true,
    request: async ({ target }) => ({ method: "GET", path: `/companies/${target.companyId}` }),
  },
  "companies.create": {
    access: "policy",
    action: "companies.manage",
    need: "admin",
    scoped: false,
    request: async () => ({
      method: "POST",
      path: "/companies",
      body: { name: "Matrix Co", slug: `matrix-${next()}` },
    }),
  },
  "companies.update": {
    access: "policy",
    action: "companies.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "PATCH",
      path: `/companies/${target.companyId}`,
      body: { entitlements: "all" },
    }),
  },
  "teams.list": {
    access: "policy",
    action: "companies.read",
    need: "read",
    scoped: true,
    request: async ({ target }) => ({ method: "GET", path: `/companies/${target.companyId}/teams` }),
  },
  "teams.create": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "POST",
      path: `/companies/${target.companyId}/teams`,
      body: { name: `Created ${next()}` },
    }),
  },
  "teams.get": {
    access: "policy",
    action: "companies.read",
    need: "read",
    scoped: true,
    request: async ({ target }) => ({ method: "GET", path: `/teams/${target.teamId}` }),
  },
  "teams.update": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "PATCH",
      path: `/teams/${target.teamId}`,
      body: { description: `Updated ${next()}` },
    }),
  },
  "teams.delete": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "DELETE",
      path: `/teams/${await freshTeam(target.companyId)}`,
    }),
  },
  "teams.addMember": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "POST",
      path: `/teams/${await freshTeam(target.companyId)}/members`,
      body: { userId: target.userId },
    }),
  },
  "teams.setMemberRole": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => {
      const teamId = await freshTeam(target.companyId)
      await db.member(teamId, target.userId)
      return { method: "PATCH", path: `/teams/${teamId}/members/${target.userId}`, body: { role: "lead" } }
    },
  },
  "teams.removeMember": {
    access: "policy",
    action: "teams.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => {
      const teamId = await freshTeam(target.companyId)
      await db.member(teamId, target.userId)
      return { method: "DELETE", path: `/teams/${teamId}/members/${target.userId}` }
    },
  },
  "users.list": {
    access: "policy",
    action: "users.read",
    need: "read",
    scoped: false,
    request: async () => ({ method: "GET", path: "/users" }),
    check: onlyOwnUsers,
  },
  "users.get": {
    access: "policy",
    action: "users.read",
    need: "read",
    scoped: true,
    request: async ({ target }) => ({ method: "GET", path: `/users/${target.userId}` }),
  },
  "users.setRole": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "PUT",
      path: `/users/${await freshUser(target.companyId)}/role`,
      body: { role: "reader" },
    }),
  },
  ...reportRows({ db: () => db, next }),
  ...errorReportRows({ db: () => db }),
  "users.setStatus": {
    access: "policy",
    action: "users.manage",
    need: "admin",
    scoped: true,
    request: async ({ target }) => ({
      method: "PUT",
      path: `/users/${await freshUser(target.companyId)}/status`,
      body: { status: "disabled" },
    }),
  },
}

const contract = Object.values(FolioApi.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({
    key: `${group.identifier}.${endpoint.name}`,
    method: endpoint.method,
    path: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
  })),
)
const rows = Object.entries(table)

const passwordOf = (role: Role) => (role === "admin" ? server.adminPassword : seedPassword)
const signIn = (caller: { readonly role: Role; readonly email: string }) =>
  cliSignIn(server, caller.email, passwordOf(caller.role))

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
