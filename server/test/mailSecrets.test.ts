import { CompanyId } from "@folio/core"
import { Logger, LogLevel, Option, Redacted, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCall, cliSignIn, databaseOf } from "./support/directory.js"
import { codeIn, linkIn, startMailbox } from "./support/mailbox.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Sign-in secrets are never at rest in the outbox nor in the log: the outbox keeps what is
 * needed to send a message, not its text, and only the explicit development mode
 * (FOLIO_DEV_MAIL_LOG) prints links and codes.
 */

const capture = () => {
  const lines: Array<string> = []
  const logger = Logger.replace(
    Logger.defaultLogger,
    Logger.map(Logger.jsonLogger, (line) => lines.push(line)),
  )
  return { lines, logger }
}

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })

/** Polls until `check` gives a value (10 s at most): the mail is sent after the answer. */
const eventually = async <A>(what: string, check: () => Promise<A | undefined> | A | undefined) => {
  for (let i = 0; i < 100; i++) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} within 10 s`)
}

/** Every outbox row, every column, as text. */
const outboxText = (server: TestServer) => {
  const db = databaseOf(server)
  return db
    .query((sql) => sql<{ row: string }>`select row_to_json(o)::text as row from outbox o`)
    .then((rows) => rows.map((r) => r.row).join("\n"))
    .finally(() => db.close())
}

const settledRows = (server: TestServer, to: string) => {
  const db = databaseOf(server)
  return db
    .query(
      (sql) => sql<{ n: number }>`
        select count(*)::int as n from outbox
        where to_address = ${to} and (sent_at is not null or last_error is not null)`,
    )
    .then((rows) => rows[0]?.n ?? 0)
    .finally(() => db.close())
}

describe("with SMTP", () => {
  let server: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  const log = capture()

  beforeAll(async () => {
    mailbox = await startMailbox()
    server = await startTestServer({
      config: {
        smtpUrl: Option.some(Redacted.make(mailbox.url)),
        publicUrl: Option.some(new URL("http://folio.test")),
        logLevel: LogLevel.All,
      },
      logger: log.logger,
    })
  })
  afterAll(async () => {
    await server.stop()
    await mailbox.close()
  })

  const expectNowhereAtRest = async (secrets: ReadonlyArray<string>) => {
    const outbox = await outboxText(server)
    const logged = log.lines.join("\n")
    for (const secret of secrets) {
      expect(outbox).not.toContain(secret)
      expect(logged).not.toContain(secret)
    }
  }

  it("a sent sign-in mail leaves neither its link nor its code in the outbox or the log", async () => {
    const email = server.adminEmail
    const before = mailbox.count(email)
    expect((await post(server, "/auth/magic-link", { email })).status).toBe(202)
    const mail = await mailbox.next(email, before)
    const token = linkIn(mail, "/magic-link").searchParams.get("token") ?? ""
    const code = codeIn(mail)
    await eventually("the delivery was recorded", async () =>
      (await settledRows(server, email)) > before ? true : undefined,
    )
    await expectNowhereAtRest([token, encodeURIComponent(token), `code ${code}`, `page: ${code}`])
    // …and the mail works.
    expect((await post(server, "/auth/magic-link/consume", { email, code })).status).toBe(200)
  })

  it("a sent reset mail and a sent invitation leave no link at rest", async () => {
    const email = server.adminEmail
    const before = mailbox.count(email)
    expect((await post(server, "/auth/forgot-password", { email })).status).toBe(202)
    const reset = linkIn(await mailbox.next(email, before), "/forgot-password/reset")

    const adminToken = await cliSignIn(server, server.adminEmail, server.adminPassword)
    const db = databaseOf(server)
    const companyId = await db.company("secrets-at-rest").finally(() => db.close())
    const invited = await apiCall(server, adminToken, "POST", "/users/invite", {
      email: "ines@secrets.test",
      name: "Ines Invitee",
      companyId: Schema.decodeSync(CompanyId)(companyId),
      role: "reader",
    })
    expect(invited.status).toBe(201)
    const invite = linkIn(await mailbox.next("ines@secrets.test"), "/set-password")
    await eventually("both deliveries were recorded", async () =>
      (await settledRows(server, "ines@secrets.test")) > 0 && (await settledRows(server, email)) > before
        ? true
        : undefined,
    )
    const tokens = [reset, invite].map((link) => link.searchParams.get("token") ?? "")
    await expectNowhereAtRest([...tokens, ...tokens.map(encodeURIComponent)])
  })

  it("a mail the SMTP server refused keeps no link at rest either", async () => {
    const email = server.adminEmail
    const before = mailbox.count(email)
    const settledBefore = await settledRows(server, email)
    mailbox.refuse(1)
    expect((await post(server, "/auth/forgot-password", { email })).status).toBe(202)
    await eventually("the refusal was recorded", async () =>
      (await settledRows(server, email)) > settledBefore ? true : undefined,
    )
    const outbox = await outboxText(server)
    expect(outbox).not.toMatch(/token=/)
    expect(outbox).not.toMatch(/forgot-password\/reset/)
    expect(mailbox.count(email)).toBe(before)
  })
})

describe("without SMTP", () => {
  it("keeps the mail in the outbox and logs that it did, without its link or code", async () => {
    const log = capture()
    const server = await startTestServer({ config: { logLevel: LogLevel.All }, logger: log.logger })
    try {
      expect((await post(server, "/auth/magic-link", { email: server.adminEmail })).status).toBe(202)
      await eventually("the outbox line was logged", () =>
        log.lines.some((line) => line.includes("Mail kept in the outbox")) ? true : undefined,
      )
      const logged = log.lines.join("\n")
      expect(logged).not.toMatch(/token=/)
      expect(logged).not.toMatch(/code \d{6}/)
      expect(logged).not.toMatch(/code on the sign-in page/)
      expect(await outboxText(server)).not.toMatch(/token=|code \d{6}/)
    } finally {
      await server.stop()
    }
  })

  it("prints links and codes only in the development mode, which says so when the server starts", async () => {
    const log = capture()
    const server = await startTestServer({
      config: { logLevel: LogLevel.All, devMailLog: true },
      logger: log.logger,
    })
    try {
      expect(log.lines.some((line) => line.includes("FOLIO_DEV_MAIL_LOG is on (development only)"))).toBe(
        true,
      )
      expect((await post(server, "/auth/magic-link", { email: server.adminEmail })).status).toBe(202)
      const line = await eventually("the mail was printed", () =>
        log.lines.find((l) => l.includes("Mail (FOLIO_DEV_MAIL_LOG)")),
      )
      const code = /code on the sign-in page: (\d{6})/.exec(line)?.[1]
      expect(code).toBeDefined()
      expect(line).toMatch(/\/magic-link\?token=/)
      // The printed code is the real one.
      const signedIn = await post(server, "/auth/magic-link/consume", { email: server.adminEmail, code })
      expect(signedIn.status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
