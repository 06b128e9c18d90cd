import { Option, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { databaseOf } from "./support/directory.js"
import { startMailbox } from "./support/mailbox.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Rate limits under a parallel burst: each attempt is counted and checked in one statement, so
 * no more attempts get through than the limit allows, however many arrive at once.
 */

let server: TestServer
let mailbox: Awaited<ReturnType<typeof startMailbox>>

beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startTestServer({ config: { smtpUrl: Option.some(Redacted.make(mailbox.url)) } })
})
afterAll(async () => {
  await server.stop()
  await mailbox.close()
})

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })

const tally = (statuses: ReadonlyArray<number>) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1
    return counts
  }, {})

describe("a parallel burst", () => {
  it("of 40 wrong passwords gets 5 verified (401) and the rest refused (429)", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        post("/session", { email: server.adminEmail, password: "not the password!" }).then((r) => r.status),
      ),
    )
    expect(tally(statuses)).toEqual({ 401: 5, 429: 35 })
  })

  it("of 20 sign-in link requests sends 3 emails and refuses the rest", async () => {
    const email = server.adminEmail
    const before = mailbox.count(email)
    const responses = await Promise.all(Array.from({ length: 20 }, () => post("/auth/magic-link", { email })))
    const statuses = responses.map((r) => r.status)
    expect(tally(statuses)).toEqual({ 202: 3, 429: 17 })
    const refused = responses.find((r) => r.status === 429)
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await refused?.json()).toMatchObject({
      message: expect.stringMatching(
        /^Too many attempts to request a sign-in link\. Try again in \d+ minutes?\.$/,
      ),
    })
    await mailbox.next(email, before + 2)
    // Every message written is in the outbox, sent or not: three, and no more.
    const db = databaseOf(server)
    try {
      const rows = await db.query(
        (sql) => sql<{ n: number }>`select count(*)::int as n from outbox where to_address = ${email}`,
      )
      expect(rows[0]?.n).toBe(3)
    } finally {
      await db.close()
    }
    expect(mailbox.count(email) - before).toBe(3)
  })
})
