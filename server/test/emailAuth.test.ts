import { CompanyId, LinkInfo, linkRequestedText, SignInResult, User } from "@folio/core"
import { Effect, Option, Redacted, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf, decodeBody } from "./support/directory.js"
import { codeIn, linkIn, startMailbox } from "./support/mailbox.js"
import { startTestServer, type TestServer } from "./support/server.js"

let server: TestServer
let mailbox: Awaited<ReturnType<typeof startMailbox>>
let db: ReturnType<typeof databaseOf>
let adminToken: string
let clientCompanyId: string

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("folio_session="))

beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startTestServer({
    config: {
      smtpUrl: Option.some(Redacted.make(mailbox.url)),
      publicUrl: Option.some(new URL("http://folio.test")),
    },
  })
  db = databaseOf(server)
  adminToken = await cliSignIn(server, server.adminEmail, server.adminPassword)
  clientCompanyId = await db.company("acme-capital")
})
afterAll(async () => {
  await db.close()
  await server.stop()
  await mailbox.close()
})

const invite = async (email: string, name: string) => {
  const response = await apiCall(server, adminToken, "POST", "/users/invite", {
    email,
    name,
    companyId: Schema.decodeSync(CompanyId)(clientCompanyId),
    role: "reader",
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return decodeBody(User, response)
}

const acceptInvite = async (email: string, password: string) => {
  const link = linkIn(await mailbox.next(email), "/set-password")
  const token = link.searchParams.get("token") ?? ""
  expect((await post("/auth/accept-invite", { token, password })).status).toBe(204)
}

describe("invitations", () => {
  it("invite → set password → sign in", async () => {
    const user = await invite("ivy@acme.test", "Ivy Invitee")
    expect(user.status).toBe("invited")
    const mail = await mailbox.next("ivy@acme.test")
    expect(mail.subject).toBe("Administrator invited you to Folio")
    expect(mail.html).toContain("Set your password")
    const link = linkIn(mail, "/set-password")
    expect(link.origin).toBe("http://folio.test")
    const token = link.searchParams.get("token") ?? ""

    const info = await fetch(`${server.url}/api/auth/links/invite?token=${encodeURIComponent(token)}`)
    expect(await decodeBody(LinkInfo, info)).toMatchObject({ email: "ivy@acme.test", name: "Ivy Invitee" })

    const weak = await post("/auth/accept-invite", { token, password: "ivy@acme.test" })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({
      issues: [{ path: ["password"], message: "Password must not contain your email address" }],
    })
    expect((await post("/auth/accept-invite", { token, password: "short" })).status).toBe(400)

    expect((await post("/auth/accept-invite", { token, password: "a long enough secret" })).status).toBe(204)
    const again = await post("/auth/accept-invite", { token, password: "another long secret" })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({
      message: expect.stringContaining("invitation has expired or was already used"),
    })

    const signIn = await post("/session", { email: "ivy@acme.test", password: "a long enough secret" })
    expect(signIn.status).toBe(200)
    expect((await decodeBody(SignInResult, signIn)).me.user.status).toBe("active")
  })

  it("refuses an email that already has an account, and a staff role in a client company", async () => {
    await invite("dup@acme.test", "Dup")
    const duplicate = await apiCall(server, adminToken, "POST", "/users/invite", {
      email: "DUP@acme.test",
      name: "Dup again",
      companyId: clientCompanyId,
      role: "reader",
    })
    expect(duplicate.status).toBe(409)
    expect(await duplicate.json()).toMatchObject({ message: "dup@acme.test already has an account." })
    const editor = await apiCall(server, adminToken, "POST", "/users/invite", {
      email: "ed@acme.test",
      name: "Ed",
      companyId: clientCompanyId,
      role: "editor",
    })
    expect(editor.status).toBe(400)
  })
})

describe("magic links", () => {
  // One member per test: requests are limited to 3 per account per 15 minutes.
  let counter = 0
  const member = async () => {
    const email = `mia${++counter}@acme.test`
    await invite(email, `Mia ${counter}`)
    await acceptInvite(email, "mia's long password")
    return email
  }
  /** Requests a link and returns the email that carries it (the invite was message 0). */
  const requestLink = async (email: string) => {
    const before = mailbox.count(email)
    expect((await post("/auth/magic-link", { email })).status).toBe(202)
    return mailbox.next(email, before)
  }

  it("answer the same for known and unknown emails, and send only to the known one", async () => {
    const email = await member()
    const before = mailbox.count(email)
    const known = await post("/auth/magic-link", { email })
    const unknown = await post("/auth/magic-link", { email: "nobody@acme.test" })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    const knownBody = await known.json()
    expect(knownBody).toEqual(await unknown.json())
    expect(knownBody).toEqual({ message: linkRequestedText })
    await mailbox.next(email, before)
    expect(mailbox.count("nobody@acme.test")).toBe(0)
  })

  it("are not used up by opening them; Continue (POST) signs in once", async () => {
    const email = await member()
    const mail = await requestLink(email)
    expect(mail.subject).toMatch(/^Your Folio sign-in link \(code \d{6}\)$/)
    const link = linkIn(mail, "/magic-link")
    const token = link.searchParams.get("token") ?? ""
    // A mail scanner fetching the page twice, and the page asking who it is for:
    const peekUrl = `${server.url}/api/auth/links/magic_link?token=${encodeURIComponent(token)}`
    expect((await fetch(peekUrl)).status).toBe(200)
    expect((await fetch(peekUrl)).status).toBe(200)

    const consumed = await post("/auth/magic-link/consume", { token })
    expect(consumed.status).toBe(200)
    expect(sessionCookie(consumed)).toBeDefined()
    const reused = await post("/auth/magic-link/consume", { token })
    expect(reused.status).toBe(401)
    expect(await reused.json()).toMatchObject({
      message: "This sign-in link has expired or was already used. Request a new one on the sign-in page.",
    })
  })

  it("carry a 6-digit code that works once", async () => {
    const email = await member()
    const code = codeIn(await requestLink(email))
    const first = await post("/auth/magic-link/consume", { email, code })
    expect(first.status).toBe(200)
    const second = await post("/auth/magic-link/consume", { email, code })
    expect(second.status).toBe(401)
  })

  it("have a code that dies after five wrong tries", async () => {
    const email = await member()
    const code = codeIn(await requestLink(email))
    const wrong = code === "000000" ? "111111" : "000000"
    const messages: Array<string> = []
    for (let i = 0; i < 5; i++) {
      const response = await post("/auth/magic-link/consume", { email, code: wrong })
      expect(response.status).toBe(401)
      messages.push(
        Schema.decodeUnknownSync(Schema.Struct({ message: Schema.String }))(await response.json()).message,
      )
    }
    // The same words every time, and the same as for an email without any account.
    expect(new Set(messages).size).toBe(1)
    expect(messages[0]).toMatch(/^That code is not right/)
    const afterFive = await post("/auth/magic-link/consume", { email, code })
    expect(afterFive.status).toBe(401)
    const unknown = await post("/auth/magic-link/consume", { email: "nobody-at-all@acme.test", code })
    expect(await unknown.json()).toEqual(await afterFive.json())
  })

  it("fail with a clear message once expired", async () => {
    const email = await member()
    const token = linkIn(await requestLink(email), "/magic-link").searchParams.get("token") ?? ""
    await db.query(
      (sql) => sql`update auth_links set expires_at = now() - interval '1 second' where kind = 'magic_link'`,
    )
    const expired = await post("/auth/magic-link/consume", { token })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({ message: expect.stringContaining("expired") })
  })
})

describe("forgot and reset password", () => {
  const email = "rex@acme.test"
  beforeAll(async () => {
    await invite(email, "Rex Reset")
    await acceptInvite(email, "rex's first password")
  })

  it("reset → sign in with the new password; the old session is gone", async () => {
    const old = await post("/session", { email, password: "rex's first password" })
    const oldCookie = sessionCookie(old) ?? ""
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: oldCookie } })).status).toBe(200)

    const before = mailbox.count(email)
    const requested = await post("/auth/forgot-password", { email })
    expect(requested.status).toBe(202)
    expect(await requested.json()).toEqual({ message: linkRequestedText })
    const token =
      linkIn(await mailbox.next(email, before), "/forgot-password/reset").searchParams.get("token") ?? ""
    expect((await post("/auth/reset-password", { token, password: "rex's second password" })).status).toBe(
      204,
    )

    expect((await fetch(`${server.url}/api/session`, { headers: { cookie: oldCookie } })).status).toBe(401)
    expect((await post("/session", { email, password: "rex's first password" })).status).toBe(401)
    expect((await post("/session", { email, password: "rex's second password" })).status).toBe(200)
    expect((await post("/auth/reset-password", { token, password: "rex's third password" })).status).toBe(401)
  })

  it("limits requests per account and says when to try again", async () => {
    const limitedEmail = "limits@acme.test"
    const statuses: Array<number> = []
    for (let i = 0; i < 4; i++)
      statuses.push((await post("/auth/forgot-password", { email: limitedEmail })).status)
    expect(statuses).toEqual([202, 202, 202, 429])
    const limited = await post("/auth/forgot-password", { email: limitedEmail })
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({
      message: expect.stringMatching(/Try again in \d+ minutes?\./),
    })
  })
})

describe("without SMTP", () => {
  it("keeps messages in the outbox", async () => {
    const rows = await db.query(
      (sql) =>
        sql<{
          toAddress: string
          sentAt: Date | null
        }>`select to_address, sent_at from outbox where to_address = 'ivy@acme.test'`,
    )
    expect(rows.length).toBeGreaterThan(0)
    await Effect.runPromise(Effect.void)
  })
})
