import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { runMigrations, runMigrationsUpTo } from "../src/db/migrations.js"
import { databaseUrl, withClient } from "./support/postgres.js"

/** Migration 0013: the outbox of an existing installation loses its message texts. */

const adminUrl = () => inject("pgAdminUrl")
const name = `folio_t_outbox_${randomBytes(5).toString("hex")}`
let url: string

const run = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        PgClient.layer({
          url: Redacted.make(url),
          transformResultNames: Str.snakeToCamel,
          transformQueryNames: Str.camelToSnake,
        }),
      ),
      Effect.orDie,
    ),
  )

/** The migrations as they were before 0013. */
const before0013 = runMigrationsUpTo("0012_outbox_retry")

beforeAll(async () => {
  await withClient(adminUrl(), (c) => c.query(`create database ${name}`))
  url = databaseUrl(adminUrl(), name)
})
afterAll(() => withClient(adminUrl(), (c) => c.query(`drop database if exists ${name} with (force)`)))

describe("migration 0013_outbox_letters", () => {
  it("removes every message text, names each template, and gives up on unsent messages", async () => {
    await run(before0013)
    await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql`
          insert into outbox (to_address, subject, text_body, html_body, sent_at, attempts, next_attempt_at)
          values ('a@folio.test', 'Your Folio sign-in link (code 123456)',
                  'https://x/magic-link?token=SECRET-A', '<a href="https://x/magic-link?token=SECRET-A">', now(), 1, now()),
                 ('b@folio.test', 'Reset your Folio password',
                  'https://x/forgot-password/reset?token=SECRET-B', '<a>SECRET-B</a>', null, 1, now()),
                 ('c@folio.test', 'Ada invited you to Folio',
                  'https://x/set-password?token=SECRET-C', '<a>SECRET-C</a>', null, 2, now())`,
      ),
    )
    await run(runMigrations)
    const rows = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{
          toAddress: string
          template: string
          attempts: number
          sent: boolean
          lastError: string | null
          row: string
        }>`
          select to_address, template, attempts, sent_at is not null as sent, last_error, row_to_json(o)::text as row
          from outbox o order by to_address`,
      ),
    )
    expect(rows.map(({ row: _, ...rest }) => rest)).toEqual([
      { toAddress: "a@folio.test", template: "magic_link", attempts: 1, sent: true, lastError: null },
      {
        toAddress: "b@folio.test",
        template: "reset",
        attempts: 5,
        sent: false,
        lastError: "Not sent: written before the outbox stopped keeping message texts",
      },
      {
        toAddress: "c@folio.test",
        template: "invite",
        attempts: 5,
        sent: false,
        lastError: "Not sent: written before the outbox stopped keeping message texts",
      },
    ])
    for (const { row } of rows) expect(row).not.toMatch(/SECRET|123456|token=/)
  })
})
