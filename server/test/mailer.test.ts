import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, ManagedRuntime, Option, Redacted, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AppConfig } from "../src/config.js"
import { Mailer, mailAttempts } from "../src/mail/mailer.js"
import { testConfig } from "./support/config.js"
import { freshDatabase, queryAt } from "./support/database.js"
import { startMailbox } from "./support/mailbox.js"

/** Mail delivery (mail/mailer.ts) through a real SMTP server that can refuse, over PostgreSQL. */

let url: string
let mailbox: Awaited<ReturnType<typeof startMailbox>>
let runtime: ManagedRuntime.ManagedRuntime<Mailer, never>
const query = queryAt(() => url)

const message = (subject: string) => ({ subject, text: `${subject}: the text`, html: `<p>${subject}</p>` })
const send = (to: string, subject: string) =>
  runtime.runPromise(Effect.flatMap(Mailer, (mailer) => mailer.send(to, message(subject))))
const retryDue = () => runtime.runPromise(Effect.flatMap(Mailer, (mailer) => mailer.retryDue))

interface Row {
  readonly attempts: number
  readonly sent: boolean
  readonly lastError: string | null
}
const rowOf = async (to: string): Promise<Row | undefined> =>
  (
    await query(
      (sql) =>
        sql<Row>`select attempts, sent_at is not null as sent, last_error from outbox where to_address = ${to}`,
    )
  )[0]
/** Waits for the attempt made on send to be written (it runs in the background). */
const settled = async (to: string): Promise<Row> => {
  for (let i = 0; i < 100; i++) {
    const row = await rowOf(to)
    if (row && (row.sent || row.lastError !== null)) return row
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the first attempt to ${to} was not recorded within 10 s`)
}
/** Time passes for `to`'s message: its next attempt is due now. */
const due = (to: string) =>
  query((sql) => sql`update outbox set next_attempt_at = now() where to_address = ${to}`)

beforeAll(async () => {
  url = await freshDatabase()
  mailbox = await startMailbox()
  runtime = ManagedRuntime.make(
    Mailer.Default.pipe(
      Layer.provide(
        Layer.succeed(
          AppConfig,
          testConfig({ databaseUrl: url, smtpUrl: Option.some(Redacted.make(mailbox.url)) }),
        ),
      ),
      Layer.provide(PgClient.layer({ url: Redacted.make(url), transformResultNames: Str.snakeToCamel })),
      Layer.orDie,
    ),
  )
})
afterAll(async () => {
  await runtime.dispose()
  await mailbox.close()
})

describe("mail delivery", () => {
  it("sends at once and marks the message sent; nothing is due again", async () => {
    await send("first@folio.test", "Your sign-in link")
    expect((await mailbox.next("first@folio.test")).subject).toBe("Your sign-in link")
    expect(await settled("first@folio.test")).toEqual({ attempts: 1, sent: true, lastError: null })
    await due("first@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("first@folio.test")).toBe(1)
  })

  it("tries a refused message again when it is due, not before, and it arrives once", async () => {
    mailbox.refuse(1)
    await send("later@folio.test", "Reset your password")
    const failed = await settled("later@folio.test")
    expect(failed).toMatchObject({ attempts: 1, sent: false })
    expect(failed.lastError).toContain("Try again later")
    expect(await retryDue()).toBe(0) // its next attempt is a minute away
    await due("later@folio.test")
    expect(await retryDue()).toBe(1)
    expect((await mailbox.next("later@folio.test")).subject).toBe("Reset your password")
    expect(await rowOf("later@folio.test")).toEqual({ attempts: 2, sent: true, lastError: null })
    await due("later@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("later@folio.test")).toBe(1)
  })

  it(`gives up after ${mailAttempts} attempts`, async () => {
    mailbox.refuse(mailAttempts)
    await send("never@folio.test", "Your invitation")
    await settled("never@folio.test")
    for (let attempt = 2; attempt <= mailAttempts; attempt++) {
      await due("never@folio.test")
      expect(await retryDue()).toBe(0)
    }
    await due("never@folio.test")
    expect(await retryDue()).toBe(0)
    expect(await rowOf("never@folio.test")).toMatchObject({ attempts: mailAttempts, sent: false })
    expect(mailbox.count("never@folio.test")).toBe(0)
  })

  it("does not retry a message the SMTP server refused for good (5xx)", async () => {
    mailbox.refuse(1, 550)
    await send("gone@folio.test", "Your invitation")
    const failed = await settled("gone@folio.test")
    expect(failed).toMatchObject({ attempts: mailAttempts, sent: false })
    expect(failed.lastError).toContain("Mailbox unavailable")
    await due("gone@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("gone@folio.test")).toBe(0)
  })

  it("does not retry a message that a newer one of the same subject to the same address replaced", async () => {
    mailbox.refuse(1)
    await send("again@folio.test", "Your sign-in code")
    await settled("again@folio.test")
    await send("again@folio.test", "Your sign-in code")
    expect((await mailbox.next("again@folio.test")).subject).toBe("Your sign-in code")
    await due("again@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("again@folio.test")).toBe(1)
  })

  it("sends every due message in one run, a few at a time", async () => {
    const people = Array.from({ length: 7 }, (_, i) => `batch${i}@folio.test`)
    mailbox.refuse(people.length)
    for (const to of people) await send(to, "Reset your password")
    for (const to of people) await settled(to)
    for (const to of people) await due(to)
    expect(await retryDue()).toBe(people.length)
    for (const to of people) expect(mailbox.count(to)).toBe(1)
  })

  it("does not retry a message older than half an hour: its links are about to expire", async () => {
    mailbox.refuse(1)
    await send("stale@folio.test", "Your sign-in code")
    await settled("stale@folio.test")
    await query(
      (sql) =>
        sql`update outbox set created_at = now() - interval '31 minutes' where to_address = 'stale@folio.test'`,
    )
    await due("stale@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("stale@folio.test")).toBe(0)
  })
})
