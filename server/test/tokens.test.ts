import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { ApiToken, CreatedApiToken, SignInResult } from "@folio/core"
import { Effect, Redacted, Schema, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashPassword } from "../src/auth/passwords.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let adminToken: string

const query = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
  Effect.runPromise(
    Effect.flatMap(SqlClient.SqlClient, f).pipe(
      Effect.provide(
        PgClient.layer({
          url: Redacted.make(server.databaseUrl),
          transformResultNames: Str.snakeToCamel,
        }),
      ),
      Effect.orDie,
    ),
  )

const cliSignIn = async (email: string, password: string) => {
  const response = await fetch(`${server.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, client: "cli" }),
  })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(SignInResult)(await response.json()).token ?? ""
}

const api = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })

const createToken = async (scopes: ReadonlyArray<string>, expiresInDays: number | null = 30) => {
  const response = await api(adminToken, "POST", "/tokens", {
    name: `ci ${scopes.join("+")}`,
    scopes,
    expiresInDays,
  })
  expect(response.status).toBe(201)
  return Schema.decodeUnknownSync(CreatedApiToken)(await response.json())
}

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await cliSignIn(server.adminEmail, server.adminPassword)
})
afterAll(() => server.stop())

describe("API tokens", () => {
  it("are shown once, listed without their secret, and authenticate as their owner", async () => {
    const created = await createToken(["read", "write"])
    expect(created.secret).toMatch(/^folio_pat_[A-Za-z0-9_-]{43}$/)
    expect(created.token.hint).toBe(created.secret.slice(0, 14))

    const listed = await api(adminToken, "GET", "/tokens")
    const text = await listed.text()
    expect(text).not.toContain(created.secret)
    const tokens = Schema.decodeUnknownSync(Schema.parseJson(Schema.Array(ApiToken)))(text)
    expect(tokens.map((t) => t.id)).toContain(created.token.id)

    const me = await api(created.secret, "GET", "/session")
    expect(me.status).toBe(200)
    const after = Schema.decodeUnknownSync(Schema.parseJson(Schema.Array(ApiToken)))(
      await (await api(adminToken, "GET", "/tokens")).text(),
    )
    expect(after.find((t) => t.id === created.token.id)?.lastUsedAt).not.toBeNull()
  })

  it("with only the read scope cannot write (403)", async () => {
    const { secret } = await createToken(["read"])
    expect((await api(secret, "GET", "/tokens")).status).toBe(200)
    const write = await api(secret, "POST", "/tokens", {
      name: "escalate",
      scopes: ["admin"],
      expiresInDays: 1,
    })
    expect(write.status).toBe(403)
    expect(await write.json()).toMatchObject({ _tag: "Forbidden", message: expect.stringContaining("scope") })
  })

  it("are refused once revoked (401) and once expired (401)", async () => {
    const revoked = await createToken(["read"])
    expect((await api(adminToken, "DELETE", `/tokens/${revoked.token.id}`)).status).toBe(204)
    const refused = await api(revoked.secret, "GET", "/session")
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({
      message: "The token is invalid, expired or revoked. Sign in again.",
    })
    expect((await api(adminToken, "DELETE", `/tokens/${revoked.token.id}`)).status).toBe(404)

    const expired = await createToken(["read"], 1)
    await query(
      (sql) =>
        sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${expired.token.id}`,
    )
    expect((await api(expired.secret, "GET", "/session")).status).toBe(401)
  })

  it("reject a bad payload with the field named", async () => {
    const response = await api(adminToken, "POST", "/tokens", { name: "", scopes: [], expiresInDays: 9999 })
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text).toContain("name")
  })

  it("are not available to readers (403)", async () => {
    const companyId = await query((sql) =>
      sql<{
        id: string
      }>`insert into companies (name, slug, kind) values ('Client Co', 'client-co', 'client') returning id`.pipe(
        Effect.map((rows) => rows[0]?.id ?? ""),
      ),
    )
    const hash = await Effect.runPromise(hashPassword("reader password 123"))
    await query(
      (sql) =>
        sql`insert into users (email, name, company_id, role, password_hash) values ('reader@client.test', 'Rita Reader', ${companyId}, 'reader', ${hash})`,
    )
    const readerToken = await cliSignIn("reader@client.test", "reader password 123")
    expect((await api(readerToken, "GET", "/tokens")).status).toBe(403)
  })

  it("leave an audit trail", async () => {
    const created = await createToken(["read"])
    await api(adminToken, "DELETE", `/tokens/${created.token.id}`)
    const actions = await query(
      (sql) =>
        sql<{
          action: string
          actorEmail: string
        }>`select action, actor_email from audit_log where target_id = ${created.token.id} order by id`,
    )
    expect(actions).toEqual([
      { action: "token.create", actorEmail: server.adminEmail },
      { action: "token.revoke", actorEmail: server.adminEmail },
    ])
  })
})

describe("the audit log", () => {
  it("lists entries newest first, by user and by action prefix, across pages", async () => {
    await createToken(["write"])
    const first = await createToken(["read"])
    await api(adminToken, "DELETE", `/tokens/${first.token.id}`)
    const AuditPage = Schema.Struct({
      items: Schema.Array(Schema.Struct({ action: Schema.String, targetId: Schema.NullOr(Schema.String) })),
      nextCursor: Schema.NullOr(Schema.String),
    })
    const page1 = Schema.decodeUnknownSync(AuditPage)(
      await (await api(adminToken, "GET", "/audit?action=token.&limit=2")).json(),
    )
    expect(page1.items.map((e) => e.action)).toEqual(["token.revoke", "token.create"])
    expect(page1.items[0]?.targetId).toBe(first.token.id)
    expect(page1.nextCursor).not.toBeNull()
    const page2 = Schema.decodeUnknownSync(AuditPage)(
      await (await api(adminToken, "GET", `/audit?action=token.&limit=2&cursor=${page1.nextCursor}`)).json(),
    )
    expect(page2.items.length).toBeGreaterThan(0)
    expect(page2.items.every((e) => e.action.startsWith("token."))).toBe(true)
    const bad = await api(adminToken, "GET", "/audit?cursor=nonsense")
    expect(bad.status).toBe(400)
  })
})
