import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PgClient } from "@effect/sql-pg"
import { ConfigHistoryPage, ConfigPlan } from "@folio/core"
import { Effect, Either, Layer, Logger, LogLevel, Option, Redacted, String as Str } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConfigServicesLive } from "../src/config/layer.js"
import { SecretBox, secretKeyFileOf } from "../src/config/secrets.js"
import { ConfigStore } from "../src/config/store.js"
import { AppConfig } from "../src/config.js"
import { DatabaseInfo } from "../src/db/database.js"
import { testConfig } from "./support/config.js"
import { configClient, entryOf } from "./support/configClient.js"
import { cliSignIn, databaseOf } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Secrets in the configuration store are write-only: stored encrypted, shown as set or unset,
 * and their values never come back in a snapshot, a version, the history, a plan, the audit
 * log or the server's log.
 */
const apiKey = "sk-live-PLAINTEXT-4f1c9a"
const smtpPassword = "smtp-PLAINTEXT-77aa01"
const secrets = [apiKey, smtpPassword]

const lines: Array<string> = []
const logger = Logger.replace(
  Logger.defaultLogger,
  Logger.map(Logger.jsonLogger, (line) => lines.push(line)),
)

let server: TestServer
let db: ReturnType<typeof databaseOf>
let admin: ReturnType<typeof configClient>
/** Every response body read in this file, to look for the plaintext in. */
const seen: Array<string> = []
const read = async (response: Response) => {
  const text = await response.text()
  seen.push(text)
  return text
}

beforeAll(async () => {
  server = await startTestServer({ config: { logLevel: LogLevel.All }, logger })
  db = databaseOf(server)
  admin = configClient(server, await cliSignIn(server, server.adminEmail, server.adminPassword))
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("secrets", () => {
  it("are stored encrypted and read back as set, never as their value", async () => {
    const set = await admin.patch([
      { operation: "upsert", key: "ai.openai.apiKey", value: apiKey },
      { operation: "create", key: "secret.smtp", value: { password: smtpPassword } },
    ])
    expect(set.status).toBe(200)
    await read(set)
    const snapshot = await admin.snapshot()
    for (const key of ["ai.openai.apiKey", "secret.smtp"]) {
      const entry = entryOf(snapshot, key)
      expect(entry).toMatchObject({ secret: true, set: true, updatedBy: server.adminEmail })
      expect(entry && "value" in entry).toBe(false)
    }
    await read(await admin.call("GET", "/config"))
    await read(await admin.call("GET", `/config/versions/${snapshot.version}`))
    const history = await read(await admin.call("GET", "/config/history?key=ai.openai.apiKey"))
    expect(history).toContain('"key":"ai.openai.apiKey"')
    const stored = await db.query((sql) => sql<{ values: unknown }>`select "values" from config_versions`)
    const atRest = JSON.stringify(stored)
    for (const secret of secrets) expect(atRest).not.toContain(secret)
  })

  it("are compared by what they decrypt to in a plan, which carries no value", async () => {
    const same = await admin.call("POST", "/config/plan", {
      entries: { "ai.openai.apiKey": apiKey, "secret.smtp": { password: smtpPassword } },
    })
    expect(JSON.parse(await read(same))).toMatchObject({ changes: [] })
    const other = await admin.call("POST", "/config/plan", {
      entries: { "ai.openai.apiKey": "sk-live-other", "secret.smtp": null, "secret.new": "PLAINTEXT-new" },
    })
    const body = await read(other)
    expect(body).not.toContain("sk-live-other")
    expect(body).not.toContain("PLAINTEXT-new")
    expect(await admin.decode(ConfigPlan, new Response(body))).toMatchObject({
      changes: [
        { key: "ai.openai.apiKey", action: "update", secret: true },
        { key: "secret.new", action: "create", secret: true },
        { key: "secret.smtp", action: "delete", secret: true },
      ],
    })
    // Setting the same value again is no change at all.
    const before = await admin.snapshot()
    expect(
      (await admin.patch([{ operation: "upsert", key: "ai.openai.apiKey", value: apiKey }])).status,
    ).toBe(200)
    expect((await admin.snapshot()).version).toBe(before.version)
  })

  it("unset on delete, and a rollback restores one without showing it", async () => {
    const withSecrets = await admin.snapshot()
    const unset = await admin.change([{ operation: "delete", key: "ai.openai.apiKey" }])
    expect(entryOf(unset, "ai.openai.apiKey")).toMatchObject({ set: false })
    const rolled = await admin.call("POST", "/config/rollback", { version: withSecrets.version })
    await read(rolled)
    expect(rolled.status).toBe(200)
    expect(entryOf(await admin.snapshot(), "ai.openai.apiKey")).toMatchObject({ set: true })
    const history = await admin.decode(ConfigHistoryPage, await admin.call("GET", "/config/history?limit=3"))
    seen.push(JSON.stringify(history))
    expect(history.items[0]?.changes).toEqual([{ key: "ai.openai.apiKey", action: "create", secret: true }])
    expect(history.items[1]?.changes).toEqual([{ key: "ai.openai.apiKey", action: "delete", secret: true }])
  })

  it("are read in clear only by the server itself, from memory", async () => {
    const secret = await Effect.runPromise(
      Effect.map(ConfigStore, (store) => store.secret("ai.openai.apiKey")).pipe(
        Effect.provide(
          ConfigServicesLive.pipe(
            Layer.provide(
              Layer.mergeAll(
                PgClient.layer({
                  url: Redacted.make(server.databaseUrl),
                  transformResultNames: Str.snakeToCamel,
                  transformQueryNames: Str.camelToSnake,
                }),
                Layer.succeed(AppConfig, testConfig({ databaseUrl: server.databaseUrl })),
                Layer.succeed(DatabaseInfo, { embedded: false }),
              ),
            ),
          ),
        ),
      ),
    )
    expect(Option.map(secret, Redacted.value)).toEqual(Option.some(apiKey))
  })

  it("never reach a response, the audit log or the server's log", async () => {
    seen.push(await read(await admin.call("GET", "/audit?action=config.&limit=200")))
    seen.push(await read(await admin.call("GET", "/config/history?limit=200")))
    const audit = await db.query((sql) => sql`select * from audit_log`)
    const everything = [...seen, JSON.stringify(audit), ...lines].join("\n")
    expect(everything).toContain("ai.openai.apiKey")
    for (const secret of secrets) expect(everything).not.toContain(secret)
  })

  it("cannot be written to an external database without FOLIO_SECRET_KEY: a 400 that names it", async () => {
    const keyless = await startTestServer({
      databaseUrl: server.databaseUrl,
      config: { secretKey: Option.none() },
    })
    try {
      const client = configClient(
        keyless,
        await cliSignIn(keyless, keyless.adminEmail, keyless.adminPassword),
      )
      const refused = await client.patch([{ operation: "upsert", key: "secret.token", value: "PLAINTEXT" }])
      expect(refused.status).toBe(400)
      const body = await refused.json()
      expect(body).toMatchObject({
        _tag: "ValidationError",
        issues: [{ path: ["operations", 0, "value"], message: expect.stringContaining("FOLIO_SECRET_KEY") }],
      })
      // Everything else still works.
      expect((await client.patch([{ operation: "upsert", key: "plain.key", value: 1 }])).status).toBe(200)
    } finally {
      await keyless.stop()
    }
  })
})

describe("the embedded database's secret key", () => {
  it("is made once per data folder, readable by its owner only, and kept", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "folio-secret-"))
    try {
      const build = () =>
        Effect.runPromise(
          SecretBox.pipe(
            Effect.provide(
              SecretBox.Default.pipe(
                Layer.provide(
                  Layer.mergeAll(
                    Layer.succeed(
                      AppConfig,
                      testConfig({ databaseUrl: "postgres://unused", dataDir, secretKey: Option.none() }),
                    ),
                    Layer.succeed(DatabaseInfo, { embedded: true }),
                  ),
                ),
              ),
            ),
          ),
        )
      const first = await build()
      expect(first.available).toBe(true)
      expect(statSync(secretKeyFileOf(dataDir)).mode & 0o777).toBe(0o600)
      const sealed = Either.getOrThrow(first.seal("secret.x", "PLAINTEXT"))
      const second = await build()
      expect(Either.getOrThrow(second.open("secret.x", sealed))).toBe("PLAINTEXT")
      // Bound to its key: the same ciphertext under another name does not open.
      expect(Either.isLeft(second.open("secret.y", sealed))).toBe(true)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
