import { PgClient } from "@effect/sql-pg"
import { ConfigMissing, SiteStatus } from "@folio/core"
import { Effect, Redacted, Schema, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { repairConfigStore } from "../src/config/init.js"
import { configClient, entryOf } from "./support/configClient.js"
import { freshDatabase } from "./support/database.js"
import { cliSignIn, databaseOf } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"
import { until } from "./support/until.js"

/**
 * Several instances on one database, each holding the store in memory: a change made through
 * one reaches the others by notification (the safety poll is an hour here); a store that cannot
 * be read puts an instance in the missing state, and it recovers by itself, without a restart.
 */

const MissingBody = Schema.Struct({
  _tag: Schema.Literal("ConfigMissing"),
  reason: Schema.String,
  fix: Schema.String,
})

const statusOf = async (server: TestServer) => {
  const anonymous = configClient(server, null)
  return anonymous.decode(SiteStatus, await anonymous.call("GET", "/status"))
}

/** The store's state on an instance as its admin API sees it: the version, or the 503's body. */
const stateOf = async (client: ReturnType<typeof configClient>) => {
  const response = await client.call("GET", "/config")
  if (response.status === 503) return Schema.decodeUnknownSync(MissingBody)(await response.json())
  return { version: (await client.decode(Schema.Struct({ version: Schema.Number }), response)).version }
}

const repair = (url: string) =>
  Effect.runPromise(
    repairConfigStore.pipe(
      Effect.provide(PgClient.layer({ url: Redacted.make(url), transformResultNames: Str.snakeToCamel })),
    ),
  )

describe("three instances on one database", () => {
  const servers: Array<TestServer> = []
  let db: ReturnType<typeof databaseOf>
  beforeAll(async () => {
    const url = await freshDatabase()
    for (let i = 0; i < 3; i++) servers.push(await startTestServer({ databaseUrl: url }))
    db = databaseOf(servers[0]!)
  }, 60_000)
  afterAll(async () => {
    await db.close()
    for (const server of servers) await server.stop()
  })

  it("a change made through one is served by the other two, through the notification", async () => {
    const [first, ...others] = servers
    const admin = configClient(first!, await cliSignIn(first!, first!.adminEmail, first!.adminPassword))
    const changed = await admin.change([
      { operation: "upsert", key: "maintenance.message", value: "Reindexing" },
      { operation: "upsert", key: "shared.flag", value: { on: true } },
    ])
    for (const other of others) {
      await until("the other instance's site status", async () =>
        (await statusOf(other)).maintenance.message === "Reindexing" ? true : undefined,
      )
      const client = configClient(other, await cliSignIn(other, other.adminEmail, other.adminPassword))
      const snapshot = await client.snapshot()
      expect(snapshot.digest).toBe(changed.digest)
      expect(entryOf(snapshot, "shared.flag")?.value).toEqual({ on: true })
    }
  })

  it("an instance whose listening connection was cut reconnects and still hears changes", async () => {
    const [first, second] = servers
    const cut = await db.query(
      (sql) => sql<{ ok: boolean }>`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query = 'listen folio_config'`,
    )
    expect(cut.length).toBe(3)
    const admin = configClient(second!, await cliSignIn(second!, second!.adminEmail, second!.adminPassword))
    // Changes go on being made; the reconnected listeners (or the reload on reconnect) bring them.
    await admin.change([{ operation: "upsert", key: "banner.message", value: "After the cut" }])
    await until("the banner on the first instance", async () =>
      (await statusOf(first!)).banner === "After the cut" ? true : undefined,
    )
    await until("the listeners to be back", async () => {
      const rows = await db.query(
        (sql) =>
          sql`select pid from pg_stat_activity where datname = current_database() and query = 'listen folio_config'`,
      )
      return rows.length === 3 ? true : undefined
    })
    await admin.change([{ operation: "upsert", key: "banner.message", value: "Second change" }])
    for (const server of servers) {
      await until("the second banner", async () =>
        (await statusOf(server)).banner === "Second change" ? true : undefined,
      )
    }
  })
})

describe("missing configuration", () => {
  it("renaming the table away makes running instances answer 503 with the fix; renaming it back recovers them", async () => {
    const url = await freshDatabase()
    // One instance finds out by its poll, the other when a reload is asked for by notification.
    const polling = await startTestServer({ databaseUrl: url, config: { configPollMs: 200 } })
    const listening = await startTestServer({ databaseUrl: url })
    const db = databaseOf(polling)
    try {
      const clients = await Promise.all(
        [polling, listening].map(async (s) =>
          configClient(s, await cliSignIn(s, s.adminEmail, s.adminPassword)),
        ),
      )
      for (const client of clients) expect(await stateOf(client)).toEqual({ version: 1 })
      await db.query((sql) => sql`alter table config_versions rename to config_versions_away`)
      const missing = await until("the polling instance to notice", async () => {
        const state = await stateOf(clients[0]!)
        return "reason" in state ? state : undefined
      })
      expect(missing.reason).toContain("config_versions does not exist")
      expect(missing.fix).toContain("ALTER TABLE public.config_versions_away RENAME TO config_versions")
      expect(missing.fix).toContain("npm run migrate")
      await db.query((sql) => sql`select pg_notify('folio_config', 'reload')`)
      await until("the listening instance to notice", async () =>
        "reason" in (await stateOf(clients[1]!)) ? true : undefined,
      )
      // Health and the site status (with every default) keep answering.
      for (const server of [polling, listening]) {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
        expect((await statusOf(server)).maintenance.enabled).toBe(false)
      }
      const write = await clients[1]!.patch([{ operation: "upsert", key: "lost.write", value: 1 }])
      expect(write.status).toBe(503)
      expect(Schema.decodeUnknownSync(ConfigMissing)(await write.json()).fix).toContain(
        "RENAME TO config_versions",
      )
      await db.query((sql) => sql`alter table config_versions_away rename to config_versions`)
      for (const client of clients) {
        await until("recovery", async () => {
          const state = await stateOf(client)
          return "version" in state ? state : undefined
        })
      }
      expect(
        (await clients[1]!.patch([{ operation: "upsert", key: "after.recovery", value: 1 }])).status,
      ).toBe(200)
    } finally {
      await db.close()
      await polling.stop()
      await listening.stop()
    }
  })

  it("an instance starts without a store, and `migrate` makes one it then loads by itself", async () => {
    const url = await freshDatabase()
    const setup = await startTestServer({ databaseUrl: url })
    const db = databaseOf(setup)
    // Signed in while there is a store: without one, sign-in answers 503 too.
    const token = await cliSignIn(setup, setup.adminEmail, setup.adminPassword)
    await setup.stop()
    await db.query((sql) => sql`drop table config_versions`)
    const server = await startTestServer({ databaseUrl: url })
    try {
      const client = configClient(server, token)
      const missing = await stateOf(client)
      expect(missing).toMatchObject({
        reason: expect.stringContaining("config_versions does not exist"),
        fix: expect.stringContaining("npm run migrate"),
      })
      expect((await statusOf(server)).signIn).toEqual({ password: true, magicLink: true })
      expect(await repair(url)).toEqual({ created: true, initialised: true })
      await until("the store to load", async () => {
        const state = await stateOf(client)
        return "version" in state ? state : undefined
      })
      // Never initialised: an empty table is missing configuration too, and `migrate` fills it.
      await db.query((sql) => sql`delete from config_versions`)
      await db.query((sql) => sql`select pg_notify('folio_config', 'reload')`)
      const empty = await until("the empty store to be noticed", async () => {
        const state = await stateOf(client)
        return "reason" in state ? state : undefined
      })
      expect(empty.reason).toContain("never initialised")
      expect(await repair(url)).toEqual({ created: false, initialised: true })
      expect(await repair(url)).toEqual({ created: false, initialised: false })
      await until("the store to load again", async () => {
        const state = await stateOf(client)
        return "version" in state && state.version === 1 ? state : undefined
      })
    } finally {
      await db.close()
      await server.stop()
    }
  })
})
