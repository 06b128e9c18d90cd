import { Me, RateLimited, SignInResult } from "@folio/core"
import { Option, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.js"

const Tagged = Schema.Struct({ _tag: Schema.String })

let server: TestServer
let secureServer: TestServer

beforeAll(async () => {
  server = await startTestServer()
  secureServer = await startTestServer({
    config: { publicUrl: Option.some(new URL("https://folio.example")) },
  })
})
afterAll(async () => {
  await server.stop()
  await secureServer.stop()
})

const signIn = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })

const cookiesOf = (response: Response) =>
  Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = "", ...attributes] = line.split(/;\s*/)
      const [name = "", value = ""] = pair.split("=")
      return [name, { value, attributes: attributes.map((a) => a.toLowerCase()) }]
    }),
  )

const browserSignIn = async (base = server.url) => {
  const response = await signIn(base, { email: server.adminEmail, password: server.adminPassword })
  expect(response.status).toBe(200)
  const cookies = cookiesOf(response)
  const session = cookies.folio_session?.value ?? ""
  const csrf = cookies.folio_csrf?.value ?? ""
  return { response, session, csrf, cookie: `folio_session=${session}; folio_csrf=${csrf}` }
}

describe("password sign-in", () => {
  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrong = await signIn(server.url, { email: server.adminEmail, password: "not the password" })
    const unknown = await signIn(server.url, { email: "nobody@folio.test", password: "not the password" })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it("rejects a malformed email with the field named", async () => {
    const response = await signIn(server.url, { email: "not-an-email", password: "x" })
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text).toContain("email")
    expect(text).toContain("Enter an email address")
  })

  it("sets an HttpOnly, SameSite=Lax session cookie and a readable CSRF cookie", async () => {
    const { response, session, csrf } = await browserSignIn()
    const cookies = cookiesOf(response)
    expect(session.length).toBeGreaterThan(30)
    expect(cookies.folio_session?.attributes).toEqual(
      expect.arrayContaining(["httponly", "samesite=lax", "path=/"]),
    )
    expect(cookies.folio_session?.attributes).not.toContain("secure")
    expect(cookies.folio_csrf?.attributes).not.toContain("httponly")
    const me = Schema.decodeUnknownSync(SignInResult)(await response.json()).me
    expect(me.user).toMatchObject({ email: server.adminEmail, role: "admin", status: "active" })
    expect(me.company.kind).toBe("publisher")
    expect(me.csrfToken).toBe(csrf)
  })

  it("marks cookies Secure when PUBLIC_URL is https", async () => {
    const response = await signIn(secureServer.url, {
      email: secureServer.adminEmail,
      password: secureServer.adminPassword,
    })
    expect(cookiesOf(response).folio_session?.attributes).toContain("secure")
  })

  it("rotates the session on every sign-in: the previous cookie stops working", async () => {
    const first = await browserSignIn()
    const second = await signIn(
      server.url,
      { email: server.adminEmail, password: server.adminPassword },
      { cookie: first.cookie },
    )
    const secondSession = cookiesOf(second).folio_session?.value
    expect(secondSession).toBeDefined()
    expect(secondSession).not.toBe(first.session)
    const stale = await fetch(`${server.url}/api/session`, { headers: { cookie: first.cookie } })
    expect(stale.status).toBe(401)
    expect(await stale.json()).toMatchObject({ message: "Your session has ended. Sign in again." })
  })
})

describe("the session", () => {
  it("answers who I am, and 401 with a clear message when signed out", async () => {
    const { cookie } = await browserSignIn()
    const me = await fetch(`${server.url}/api/session`, { headers: { cookie } })
    expect(me.status).toBe(200)
    expect(Schema.decodeUnknownSync(Me)(await me.json()).user.email).toBe(server.adminEmail)
    const anonymous = await fetch(`${server.url}/api/session`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ _tag: "Unauthorized", message: "Sign in to continue." })
  })

  it("refuses cookie-authenticated writes without the CSRF token", async () => {
    const { cookie, csrf } = await browserSignIn()
    const forged = await fetch(`${server.url}/api/session`, { method: "DELETE", headers: { cookie } })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ _tag: "Forbidden" })
    const wrongToken = await fetch(`${server.url}/api/session`, {
      method: "DELETE",
      headers: { cookie, "x-folio-csrf": `${csrf}x` },
    })
    expect(wrongToken.status).toBe(403)
    // still signed in
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie } })).status).toBe(200)
  })

  it("signs out: the cookie is cleared and the session is dead server-side", async () => {
    const { cookie, csrf } = await browserSignIn()
    const out = await fetch(`${server.url}/api/session`, {
      method: "DELETE",
      headers: { cookie, "x-folio-csrf": csrf },
    })
    expect(out.status).toBe(204)
    expect(cookiesOf(out).folio_session?.attributes).toContain("max-age=0")
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie } })).status).toBe(401)
  })
})

describe("CLI sign-in", () => {
  it("returns a bearer token instead of cookies, which authenticates without CSRF", async () => {
    const response = await signIn(server.url, {
      email: server.adminEmail,
      password: server.adminPassword,
      client: "cli",
    })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    const { token } = Schema.decodeUnknownSync(SignInResult)(await response.json())
    expect(token).toBeDefined()
    const authorization = `Bearer ${token}`
    const me = await fetch(`${server.url}/api/session`, { headers: { authorization } })
    expect(me.status).toBe(200)
    const out = await fetch(`${server.url}/api/session`, { method: "DELETE", headers: { authorization } })
    expect(out.status).toBe(204)
    const after = await fetch(`${server.url}/api/session`, { headers: { authorization } })
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({
      message: "The token is invalid, expired or revoked. Sign in again.",
    })
  })
})

describe("sign-in rate limit", () => {
  // Its own server: these tests lock the admin out for a minute.
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer()
  })
  afterAll(() => limited.stop())

  it("answers the sixth wrong password within a minute with 429, the wait time and Retry-After", async () => {
    const attempt = (email: string) => signIn(limited.url, { email, password: "wrong password!" })
    for (let i = 0; i < 5; i++) expect((await attempt(limited.adminEmail)).status).toBe(401)
    const sixth = await attempt(server.adminEmail)
    expect(sixth.status).toBe(429)
    const retryAfter = Number(sixth.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const body = Schema.decodeUnknownSync(RateLimited)(await sixth.json())
    expect(body.message).toMatch(/^Too many attempts to sign in\. Try again in \d+ seconds?\.$/)
    expect(body.retryAfterSeconds).toBe(retryAfter)
    // even the right password waits: the limit is on the account, not on being wrong
    const right = await signIn(limited.url, { email: limited.adminEmail, password: limited.adminPassword })
    expect(right.status).toBe(429)
  })

  it("treats an unknown email exactly like a known one", async () => {
    const answers: Array<{ status: number; tag: unknown }> = []
    for (let i = 0; i < 6; i++) {
      const response = await signIn(limited.url, { email: "ghost@folio.test", password: "wrong password!" })
      const body: unknown = await response.json()
      answers.push({ status: response.status, tag: Schema.decodeUnknownSync(Tagged)(body)._tag })
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429])
    expect(answers[5]?.tag).toBe("RateLimited")
  })
})

describe("behind a trusted proxy (FOLIO_TRUSTED_PROXIES)", () => {
  // Requests come from 127.0.0.1: here that is the proxy, and X-Forwarded-For names the client.
  let proxied: TestServer
  beforeAll(async () => {
    proxied = await startTestServer({ config: { trustedProxies: ["127.0.0.1", "::1"] } })
  })
  afterAll(() => proxied.stop())

  const wrongFrom = (base: string, client: string, i: number) =>
    signIn(
      base,
      { email: `nobody-${client}-${i}@folio.test`, password: "wrong password!" },
      { "x-forwarded-for": client },
    ).then((response) => response.status)

  it("limits each client behind the proxy on its own, not everyone together", async () => {
    const first: Array<number> = []
    for (let i = 0; i < 31; i++) first.push(await wrongFrom(proxied.url, "203.0.113.7", i))
    expect(first.slice(0, 30).every((status) => status === 401)).toBe(true)
    expect(first[30]).toBe(429)
    // Another person behind the same proxy still signs in.
    expect(await wrongFrom(proxied.url, "203.0.113.8", 0)).toBe(401)
  })

  it("records the client's address on the session", async () => {
    const response = await signIn(
      proxied.url,
      { email: proxied.adminEmail, password: proxied.adminPassword, client: "cli" },
      { "x-forwarded-for": "198.51.100.4" },
    )
    const { token } = Schema.decodeUnknownSync(Schema.Struct({ token: Schema.String }))(await response.json())
    const sessions = await fetch(`${proxied.url}/api/profile/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const list = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ ip: Schema.NullOr(Schema.String) })))(
      await sessions.json(),
    )
    expect(list.map((session) => session.ip)).toContain("198.51.100.4")
  })

  it("is not believed from anyone else: without trusted proxies the header changes nothing", async () => {
    const plain = await startTestServer()
    try {
      const statuses: Array<number> = []
      for (let i = 0; i < 31; i++) statuses.push(await wrongFrom(plain.url, `198.51.100.${i + 1}`, i))
      expect(statuses[30]).toBe(429)
    } finally {
      await plain.stop()
    }
  })
})
