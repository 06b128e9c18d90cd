import { linkRequestedText } from "@folio/core"
import { Option, Redacted } from "effect"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startMailbox } from "./support/mailbox.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * "Email me a link" must not tell a known email from an unknown one, by its answer or by its
 * time. The answer is given once the request is counted against its limits (the same for every
 * email); the account is looked up and the mail written only after it. So the answer is given
 * even while the tables that work needs are locked: it cannot depend on them. No timing here,
 * only an order: the answer comes before the lock is released.
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

/** Holds an exclusive lock on every table the per-account work touches until `release`. */
const lockAccountTables = async () => {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  await client.query("begin")
  await client.query("lock table users, auth_links, outbox, audit_log in access exclusive mode")
  return {
    release: async () => {
      await client.query("commit")
      await client.end()
    },
  }
}

const stillWaiting = Symbol("still waiting")
/** The response, or `stillWaiting` when none came while the lock was held (10 s, a safety net). */
const answerWhileLocked = (response: Promise<Response>) =>
  Promise.race([
    response,
    new Promise<typeof stillWaiting>((resolve) => setTimeout(() => resolve(stillWaiting), 10_000)),
  ])

describe.each([
  { path: "/auth/magic-link", subject: /^Your Folio sign-in link/ },
  { path: "/auth/forgot-password", subject: /^Reset your Folio password$/ },
])("$path", ({ path, subject }) => {
  it("answers known and unknown emails before looking either up; only the known one gets mail", async () => {
    const known = server.adminEmail
    const before = mailbox.count(known)
    const lock = await lockAccountTables()
    const pending = [post(path, { email: known }), post(path, { email: "nobody@folio.test" })]
    let answers: Array<Response | typeof stillWaiting>
    try {
      answers = await Promise.all(pending.map(answerWhileLocked))
    } finally {
      await lock.release()
    }
    for (const answer of answers) {
      if (answer === stillWaiting) throw new Error("no answer while the account tables were locked")
      expect(answer.status).toBe(202)
      expect(await answer.json()).toEqual({ message: linkRequestedText })
    }
    expect((await mailbox.next(known, before)).subject).toMatch(subject)
    expect(mailbox.count("nobody@folio.test")).toBe(0)
  })
})
