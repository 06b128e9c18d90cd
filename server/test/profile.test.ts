import { AuditPage, Profile, RevokedSessions, SessionInfo } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody, seedPassword } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let db: ReturnType<typeof databaseOf>
let companyId: string

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  companyId = await db.company("profile-co")
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

let counter = 0
const reader = async () => {
  const email = `pat${++counter}@profile.test`
  await db.user({ email, name: `Pat ${counter}`, companyId, role: "reader" })
  return email
}

const browserSignIn = async (email: string, password = seedPassword) => {
  const response = await fetch(`${server.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
  expect(response.status).toBe(200)
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "")
  const csrf = cookies.find((c) => c.startsWith("folio_csrf="))?.slice("folio_csrf=".length) ?? ""
  return { cookie: cookies.join("; "), csrf }
}

describe("my profile", () => {
  it("changes name, time zone and notification preferences, and refuses an unknown zone", async () => {
    const token = await cliSignIn(server, await reader())
    const initial = await decodeBody(Profile, await apiCall(server, token, "GET", "/profile"))
    expect(initial.notifications).toEqual({ reportPublished: true, weeklyDigest: false, newSignIn: true })
    expect(initial.hasPassword).toBe(true)

    const updated = await apiCall(server, token, "PATCH", "/profile", {
      name: "Pat Renamed",
      timezone: "America/New_York",
      notifications: { reportPublished: false, weeklyDigest: true, newSignIn: true },
    })
    const profile = await decodeBody(Profile, updated)
    expect(profile.user).toMatchObject({ name: "Pat Renamed", timezone: "America/New_York" })
    expect(profile.notifications.weeklyDigest).toBe(true)

    const bad = await apiCall(server, token, "PATCH", "/profile", { timezone: "Mars/Olympus" })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain("Choose a time zone from the list")
  })
})

describe("password change", () => {
  it("needs the current password, checks the new one, and signs out the other sessions", async () => {
    const email = await reader()
    const here = await browserSignIn(email)
    const elsewhere = await browserSignIn(email)
    const change = (body: unknown) =>
      fetch(`${server.url}/api/profile/password`, {
        method: "PUT",
        headers: { cookie: here.cookie, "x-folio-csrf": here.csrf, "content-type": "application/json" },
        body: JSON.stringify(body),
      })

    const wrong = await change({ currentPassword: "not it at all", newPassword: "a fresh password 9" })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ message: "Your current password is not right." })
    const weak = await change({ currentPassword: seedPassword, newPassword: `${email}!` })
    expect(weak.status).toBe(400)

    const done = await change({ currentPassword: seedPassword, newPassword: "a fresh password 9" })
    expect(await decodeBody(RevokedSessions, done)).toEqual({ revoked: 1 })
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: here.cookie } })).status).toBe(200)
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: elsewhere.cookie } })).status).toBe(
      401,
    )
    await browserSignIn(email, "a fresh password 9")
  })

  it("is not possible with an API token, even one with every scope", async () => {
    const admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const created = await apiCall(server, admin, "POST", "/tokens", {
      name: "all scopes",
      scopes: ["admin"],
      expiresInDays: 1,
    })
    const { secret } = await decodeBody(Schema.Struct({ secret: Schema.String }), created)
    const attempt = await apiCall(server, secret, "PUT", "/profile/password", {
      currentPassword: server.adminPassword,
      newPassword: "taken over password",
    })
    expect(attempt.status).toBe(403)
  })
})

describe("my sessions", () => {
  it("are listed with the current one marked; one or all others can be signed out", async () => {
    const email = await reader()
    const here = await browserSignIn(email)
    const second = await browserSignIn(email)
    const third = await browserSignIn(email)
    const call = (method: string, path: string) =>
      fetch(`${server.url}/api${path}`, {
        method,
        headers: { cookie: here.cookie, "x-folio-csrf": here.csrf },
      })

    const listed = await decodeBody(Schema.Array(SessionInfo), await call("GET", "/profile/sessions"))
    expect(listed).toHaveLength(3)
    expect(listed.filter((s) => s.current)).toHaveLength(1)

    const other = listed.find((s) => !s.current)!
    expect((await call("DELETE", `/profile/sessions/${other.id}`)).status).toBe(204)
    expect((await call("DELETE", `/profile/sessions/${other.id}`)).status).toBe(404)

    const rest = await decodeBody(RevokedSessions, await call("POST", "/profile/sessions/revoke-others"))
    expect(rest).toEqual({ revoked: 1 })
    for (const gone of [second, third]) {
      expect((await fetch(`${server.url}/api/session`, { headers: { cookie: gone.cookie } })).status).toBe(
        401,
      )
    }
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: here.cookie } })).status).toBe(200)
  })

  it("of another user can be listed and ended by an admin, not by a reader", async () => {
    const email = await reader()
    const victim = await browserSignIn(email)
    const userId = (
      await db.query((sql) => sql<{ id: string }>`select id from users where email = ${email}`)
    )[0]?.id
    const admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const sessions = await decodeBody(
      Schema.Array(SessionInfo),
      await apiCall(server, admin, "GET", `/users/${userId}/sessions`),
    )
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.current).toBe(false)

    const readerToken = await cliSignIn(server, await reader())
    expect((await apiCall(server, readerToken, "GET", `/users/${userId}/sessions`)).status).toBe(403)

    expect(
      (await apiCall(server, admin, "DELETE", `/users/${userId}/sessions/${sessions[0]?.id}`)).status,
    ).toBe(204)
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: victim.cookie } })).status).toBe(
      401,
    )
  })

  it("of another user can all be ended at once by an admin, each filed in that user's audit trail", async () => {
    const email = await reader()
    const devices = [await browserSignIn(email), await browserSignIn(email)]
    const cli = await cliSignIn(server, email)
    const userId = (
      await db.query((sql) => sql<{ id: string }>`select id from users where email = ${email}`)
    )[0]?.id
    const admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const readerToken = await cliSignIn(server, await reader())
    expect((await apiCall(server, readerToken, "POST", `/users/${userId}/sessions/revoke-all`)).status).toBe(
      403,
    )

    const one = (
      await decodeBody(
        Schema.Array(SessionInfo),
        await apiCall(server, admin, "GET", `/users/${userId}/sessions`),
      )
    ).find((session) => session.kind === "cli")
    expect((await apiCall(server, admin, "DELETE", `/users/${userId}/sessions/${one?.id}`)).status).toBe(204)
    expect((await apiCall(server, cli, "GET", "/session")).status).toBe(401)

    const all = await apiCall(server, admin, "POST", `/users/${userId}/sessions/revoke-all`)
    expect(await decodeBody(RevokedSessions, all)).toEqual({ revoked: 2 })
    for (const gone of devices) {
      expect((await fetch(`${server.url}/api/session`, { headers: { cookie: gone.cookie } })).status).toBe(
        401,
      )
    }
    expect(
      await decodeBody(
        Schema.Array(SessionInfo),
        await apiCall(server, admin, "GET", `/users/${userId}/sessions`),
      ),
    ).toEqual([])
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect((await apiCall(server, admin, "POST", `/users/${unknown}/sessions/revoke-all`)).status).toBe(404)

    const trail = await decodeBody(
      AuditPage,
      await apiCall(server, admin, "GET", `/audit?userId=${userId}&action=auth.`),
    )
    const revocations = trail.items.filter((entry) => entry.action.startsWith("auth.session"))
    expect(revocations.map((entry) => [entry.action, entry.actorEmail, entry.targetId, entry.after])).toEqual(
      [
        ["auth.sessions_revoke_all", server.adminEmail, userId, { revoked: 2 }],
        ["auth.session_revoke", server.adminEmail, userId, { sessionId: one?.id }],
      ],
    )
  })

  it("ended all at once by an admin on their own account keep the session in use", async () => {
    const admin = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const elsewhere = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const me = await decodeBody(
      Schema.Struct({ user: Schema.Struct({ id: Schema.String }) }),
      await apiCall(server, admin, "GET", "/session"),
    )
    const answer = await apiCall(server, admin, "POST", `/users/${me.user.id}/sessions/revoke-all`)
    expect((await decodeBody(RevokedSessions, answer)).revoked).toBeGreaterThanOrEqual(1)
    expect((await apiCall(server, elsewhere, "GET", "/session")).status).toBe(401)
    expect((await apiCall(server, admin, "GET", "/session")).status).toBe(200)
  })
})
