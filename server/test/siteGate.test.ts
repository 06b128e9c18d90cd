import { CreatedApiToken, MaintenanceMode } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { configClient } from "./support/configClient.js"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * What the store decides on the request path: maintenance turns non-admins away with a 503 and
 * Retry-After while admins, sign-in and health keep working; the sign-in switches and limits
 * take effect on the next request, without a restart.
 */

let server: TestServer
let admin: ReturnType<typeof configClient>
let adminToken: string
let readerEmail: string

const set = (key: string, value: unknown) => admin.change([{ operation: "upsert", key, value }])

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await cliSignIn(server, server.adminEmail, server.adminPassword)
  admin = configClient(server, adminToken)
  const db = databaseOf(server)
  try {
    const client = await db.company("gate-client")
    readerEmail = "reader@gate.test"
    await db.user({ email: readerEmail, name: "Gate Reader", companyId: client, role: "reader" })
  } finally {
    await db.close()
  }
})
afterAll(() => server.stop())

describe("maintenance", () => {
  it("turns a reader away with the message and Retry-After, keeps admins, sign-in and health working, and ends without a restart", async () => {
    const reader = await cliSignIn(server, readerEmail)
    expect((await apiCall(server, reader, "GET", "/reports")).status).toBe(200)
    await admin.change([
      { operation: "upsert", key: "maintenance.enabled", value: true },
      { operation: "upsert", key: "maintenance.message", value: "Back at 14:00 UTC." },
      { operation: "upsert", key: "maintenance.retryAfterSeconds", value: 120 },
    ])
    try {
      const refused = await apiCall(server, reader, "GET", "/reports")
      expect(refused.status).toBe(503)
      expect(refused.headers.get("retry-after")).toBe("120")
      expect(await decodeBody(MaintenanceMode, refused)).toMatchObject({
        message: "Back at 14:00 UTC.",
        retryAfterSeconds: 120,
      })
      // A bearer caller reads the maintenance answer, not the cookie scheme's "sign in".
      expect((await apiCall(server, reader, "POST", "/reports", { title: "x" })).status).toBe(503)
      // Who am I, signing in and out, health and the site status keep answering.
      expect((await apiCall(server, reader, "GET", "/session")).status).toBe(200)
      const again = await cliSignIn(server, readerEmail)
      expect((await apiCall(server, again, "DELETE", "/session")).status).toBe(204)
      expect((await apiCall(server, null, "GET", "/health")).status).toBe(200)
      expect((await apiCall(server, null, "GET", "/status")).status).toBe(200)
      // Admins work, signed in or through an admin-scoped token; a read-only token of theirs does not.
      expect((await apiCall(server, adminToken, "GET", "/reports")).status).toBe(200)
      const token = async (scopes: ReadonlyArray<string>) => {
        const created = await apiCall(server, adminToken, "POST", "/tokens", {
          name: `gate ${scopes.join("+")}`,
          scopes,
          expiresInDays: 1,
        })
        expect(created.status).toBe(201)
        return (await decodeBody(CreatedApiToken, created)).secret
      }
      expect((await apiCall(server, await token(["admin"]), "GET", "/reports")).status).toBe(200)
      expect((await apiCall(server, await token(["read"]), "GET", "/reports")).status).toBe(503)
    } finally {
      await set("maintenance.enabled", false)
    }
    expect((await apiCall(server, reader, "GET", "/reports")).status).toBe(200)
  })
})

describe("sign-in switches", () => {
  const signIn = (email: string, password = seedPassword) =>
    apiCall(server, null, "POST", "/session", { email, password, client: "cli" })

  it("password sign-in off: a reader with the right password gets a 403 that says what to use, an admin still signs in", async () => {
    await set("auth.password.enabled", false)
    try {
      const refused = await signIn(readerEmail)
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain("Password sign-in is turned off")
      // A wrong password still says only that it is wrong.
      expect((await signIn(readerEmail, "not the password")).status).toBe(401)
      expect((await signIn(server.adminEmail, server.adminPassword)).status).toBe(200)
    } finally {
      await set("auth.password.enabled", true)
    }
    expect((await signIn(readerEmail)).status).toBe(200)
  })

  it("sign-in links off: requesting or using one is a 403", async () => {
    await set("auth.magicLink.enabled", false)
    try {
      const request = await apiCall(server, null, "POST", "/auth/magic-link", { email: readerEmail })
      expect(request.status).toBe(403)
      expect(await request.text()).toContain("Sign-in links are turned off")
      const consume = await apiCall(server, null, "POST", "/auth/magic-link/consume", {
        email: readerEmail,
        code: "123456",
      })
      expect(consume.status).toBe(403)
    } finally {
      await set("auth.magicLink.enabled", true)
    }
    expect((await apiCall(server, null, "POST", "/auth/magic-link", { email: readerEmail })).status).toBe(202)
  })

  it("the per-account sign-in limit is the store's", async () => {
    await set("limits.signIn.perAccountPerMinute", 2)
    const email = "nobody-limit@gate.test"
    const statuses: Array<number> = []
    for (let i = 0; i < 3; i++) statuses.push((await signIn(email, "wrong password")).status)
    expect(statuses).toEqual([401, 401, 429])
    await set("limits.signIn.perAccountPerMinute", 5)
  })
})

describe("a known key's value", () => {
  it("is typed: the limit refuses 0 with its path", async () => {
    const refused = await admin.patch([
      { operation: "upsert", key: "limits.signIn.perAccountPerMinute", value: 0 },
    ])
    expect(refused.status).toBe(400)
    const body = Schema.decodeUnknownSync(
      Schema.Struct({ issues: Schema.Array(Schema.Struct({ path: Schema.Array(Schema.Unknown) })) }),
    )(await refused.json())
    expect(body.issues[0]?.path).toEqual(["operations", 0, "value"])
  })
})
