import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, ManagedRuntime, Option, Redacted, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConfigRepo } from "../src/config/repo.js"
import { SecretBox } from "../src/config/secrets.js"
import { ConfigStore } from "../src/config/store.js"
import { AppConfig } from "../src/config.js"
import { DatabaseInfo } from "../src/db/database.js"
import type { Template } from "../src/mail/letters.js"
import { Mailer, mailAttempts } from "../src/mail/mailer.js"
import { testConfig } from "./support/config.js"
import { freshDatabase, queryAt } from "./support/database.js"
import { startMailbox } from "./support/mailbox.js"

/** Mail delivery (mail/mailer.ts) through a real SMTP server that can refuse, over PostgreSQL. */

let url: string
let mailbox: Awaited<ReturnType<typeof startMailbox>>
let runtime: ManagedRuntime.ManagedRuntime<Mailer, never>
const query = queryAt(() => url)

/** The account `to` belongs to, created on first use: a letter's link is issued for it. */
const userIds = new Map<string, string>()
const userFor = async (to: string) => {
  const known = userIds.get(to)
  if (known) return known
  const rows = await query(
    (sql) => sql<{ id: string }>`
      insert into users (email, name, company_id, role)
      values (${to}, ${`Person ${to}`}, (select id from companies where slug = 'mailer-test'), 'reader')
      returning id`,
  )
  const id = rows[0]!.id
  userIds.set(to, id)
  return id
}
const subjects: Record<Template, RegExp> = {
  magic_link: /^Your Folio sign-in link \(code \d{6}\)$/,
  reset: /^Reset your Folio password$/,
  invite: /^Ada Admin invited you to Folio$/,
}
const send = async (to: string, template: Template) => {
  const userId = await userFor(to)
  const name = `Person ${to}`
  await runtime.runPromise(
    Effect.flatMap(Mailer, (mailer) =>
      mailer.send(
        to,
        template === "invite"
          ? { template, userId, name, inviter: "Ada Admin", company: "Mailer Test" }
          : { template, userId, name },
      ),
    ),
  )
  // The first attempt is the `mail_send` job's (jobs/jobs.ts); run it as the job runner would.
  const [row] = await query(
    (sql) =>
      sql<{ id: string }>`select id from outbox where to_address = ${to} order by created_at desc limit 1`,
  )
  await runtime.runPromise(Effect.flatMap(Mailer, (mailer) => mailer.sendQueued(row!.id)))
}
/** The token of the latest mail to `to`. */
const tokenIn = (text: string) => /\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1]
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
  await query(
    (sql) => sql`insert into companies (name, slug, kind) values ('Mailer Test', 'mailer-test', 'client')`,
  )
  mailbox = await startMailbox()
  runtime = ManagedRuntime.make(
    Mailer.Default.pipe(
      // Link lifetimes come from the configuration store (its defaults, unloaded).
      Layer.provide(ConfigStore.Default),
      Layer.provide(Layer.mergeAll(ConfigRepo.Default, SecretBox.Default)),
      Layer.provide(Layer.succeed(DatabaseInfo, { embedded: false })),
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
    await send("first@folio.test", "magic_link")
    expect((await mailbox.next("first@folio.test")).subject).toMatch(subjects.magic_link)
    expect(await settled("first@folio.test")).toEqual({ attempts: 1, sent: true, lastError: null })
    await due("first@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("first@folio.test")).toBe(1)
  })

  it("tries a refused message again when it is due, not before, and it arrives once", async () => {
    mailbox.refuse(1)
    await send("later@folio.test", "reset")
    const failed = await settled("later@folio.test")
    expect(failed).toMatchObject({ attempts: 1, sent: false })
    expect(failed.lastError).toContain("Try again later")
    expect(await retryDue()).toBe(0) // its next attempt is a minute away
    await due("later@folio.test")
    expect(await retryDue()).toBe(1)
    expect((await mailbox.next("later@folio.test")).subject).toMatch(subjects.reset)
    expect(await rowOf("later@folio.test")).toEqual({ attempts: 2, sent: true, lastError: null })
    await due("later@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("later@folio.test")).toBe(1)
  })

  it("issues the link when it sends: a retry carries a new one, and only that one works", async () => {
    mailbox.refuse(1)
    await send("retry@folio.test", "reset")
    await settled("retry@folio.test")
    await due("retry@folio.test")
    expect(await retryDue()).toBe(1)
    const token = decodeURIComponent(tokenIn((await mailbox.next("retry@folio.test")).text) ?? "")
    const userId = await userFor("retry@folio.test")
    const links = await query(
      (sql) => sql<{ delivered: boolean }>`
        select token_hash = sha256(convert_to(${token}, 'UTF8')) as delivered
        from auth_links where user_id = ${userId} and kind = 'reset' and used_at is null`,
    )
    // The refused attempt's link was retired when the retry issued the one that arrived.
    expect(links).toEqual([{ delivered: true }])
    const outbox = await query(
      (sql) =>
        sql<{
          row: string
        }>`select row_to_json(o)::text as row from outbox o where to_address = 'retry@folio.test'`,
    )
    expect(outbox.map((r) => r.row).join()).not.toContain(token)
  })

  it(`gives up after ${mailAttempts} attempts`, async () => {
    mailbox.refuse(mailAttempts)
    await send("never@folio.test", "invite")
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
    await send("gone@folio.test", "invite")
    const failed = await settled("gone@folio.test")
    expect(failed).toMatchObject({ attempts: mailAttempts, sent: false })
    expect(failed.lastError).toContain("Mailbox unavailable")
    await due("gone@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("gone@folio.test")).toBe(0)
  })

  it("does not retry a message that a newer one of the same template to the same address replaced", async () => {
    mailbox.refuse(1)
    await send("again@folio.test", "magic_link")
    await settled("again@folio.test")
    await send("again@folio.test", "magic_link")
    expect((await mailbox.next("again@folio.test")).subject).toMatch(subjects.magic_link)
    await due("again@folio.test")
    expect(await retryDue()).toBe(0)
    expect(mailbox.count("again@folio.test")).toBe(1)
  })

  it("sends every due message in one run, a few at a time", async () => {
    const people = Array.from({ length: 7 }, (_, i) => `batch${i}@folio.test`)
    mailbox.refuse(people.length)
    for (const to of people) await send(to, "reset")
    for (const to of people) await settled(to)
    for (const to of people) await due(to)
    expect(await retryDue()).toBe(people.length)
    for (const to of people) expect(mailbox.count(to)).toBe(1)
  })

  it("does not retry a message older than half an hour: its links are about to expire", async () => {
    mailbox.refuse(1)
    await send("stale@folio.test", "magic_link")
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
