import {
  ConfigSnapshot,
  defaultConfigValues,
  ErrorReportSettings,
  knownConfigKeys,
  SiteStatus,
} from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { configClient, entryOf } from "./support/configClient.js"
import { cliSignIn, databaseOf } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * The configuration store through its API: changes applied all or nothing, validated by each
 * key's schema, guarded by If-Match, each a new version with its own digest; the anonymous site
 * status; the error inbox's retention kept in the store. Plans, history and rollback:
 * configHistory.test.ts.
 */
let server: TestServer
let db: ReturnType<typeof databaseOf>
let admin: ReturnType<typeof configClient>

const ErrorBody = Schema.Struct({
  _tag: Schema.String,
  message: Schema.String,
  issues: Schema.optional(
    Schema.Array(
      Schema.Struct({
        path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
        message: Schema.String,
      }),
    ),
  ),
  digest: Schema.optional(Schema.String),
})
const errorOf = async (response: Response) => Schema.decodeUnknownSync(ErrorBody)(await response.json())

beforeAll(async () => {
  server = await startTestServer()
  db = databaseOf(server)
  admin = configClient(server, await cliSignIn(server, server.adminEmail, server.adminPassword))
})
afterAll(async () => {
  await db.close()
  await server.stop()
})

describe("the store's first version", () => {
  it("holds every known key's default, secrets unset, with a digest", async () => {
    const snapshot = await admin.snapshot()
    expect(snapshot.version).toBe(1)
    expect(snapshot.digest).toMatch(/^[0-9a-f]{32}$/)
    for (const [key, value] of Object.entries(defaultConfigValues())) {
      expect(entryOf(snapshot, key), key).toMatchObject({ value, known: true, secret: false, set: true })
    }
    for (const known of knownConfigKeys.filter((k) => k.kind === "secret")) {
      const entry = entryOf(snapshot, known.key)
      expect(entry).toMatchObject({ secret: true, set: false, known: true })
      expect(entry && "value" in entry).toBe(false)
    }
  })

  it("answers the site status to anyone, from the snapshot", async () => {
    const anonymous = configClient(server, null)
    const status = await anonymous.decode(SiteStatus, await anonymous.call("GET", "/status"))
    expect(status).toEqual({
      maintenance: {
        enabled: false,
        message: defaultConfigValues()["maintenance.message"],
        retryAfterSeconds: 300,
      },
      banner: null,
      signIn: { password: true, magicLink: true },
    })
  })
})

describe("PATCH", () => {
  it("creates, updates, upserts and deletes, each change a new version with a new digest", async () => {
    const start = await admin.snapshot()
    const digests = new Set([start.digest])
    const created = await admin.change(
      [{ operation: "create", key: "feature.flags", value: { beta: true } }],
      "Beta on",
    )
    const updated = await admin.change([
      { operation: "update", key: "feature.flags", value: { beta: false, list: [1, 2] } },
    ])
    const upserted = await admin.change([
      { operation: "upsert", key: "feature.flags", value: { beta: true } },
      { operation: "upsert", key: "feature.other", value: "text" },
      { operation: "upsert", key: "banner.message", value: "Quarterly numbers are out" },
    ])
    const deleted = await admin.change([
      { operation: "delete", key: "feature.other" },
      { operation: "delete", key: "banner.message" },
    ])
    const steps = [created, updated, upserted, deleted]
    expect(steps.map((step) => step.version)).toEqual([1, 2, 3, 4].map((n) => start.version + n))
    for (const step of steps) digests.add(step.digest)
    expect(digests.size).toBe(5)
    expect(entryOf(created, "feature.flags")).toMatchObject({
      value: { beta: true },
      known: false,
      updatedBy: server.adminEmail,
    })
    expect(entryOf(updated, "feature.flags")?.value).toEqual({ beta: false, list: [1, 2] })
    expect(entryOf(upserted, "feature.other")?.value).toBe("text")
    expect(entryOf(upserted, "banner.message")?.value).toBe("Quarterly numbers are out")
    // A free key goes; a known key goes back to its default.
    expect(entryOf(deleted, "feature.other")).toBeUndefined()
    expect(entryOf(deleted, "banner.message")?.value).toBe("")
    expect(await admin.snapshot()).toEqual(deleted)
  })

  it("holds a JSON value as PostgreSQL gives it back, so its key order never depends on which instance answers", async () => {
    const written = { zeta: 1, a: { bb: true, a: [{ long: 1, z: 2 }] } }
    const answer = await admin.change([{ operation: "upsert", key: "feature.order", value: written }])
    const [stored] = await db.query(
      (sql) =>
        sql<{ value: string }>`
        select (values -> 'feature.order' -> 'value')::text as value
        from config_versions where version = ${answer.version}`,
    )
    const asStored = JSON.stringify(JSON.parse(stored?.value ?? "null"))
    expect(asStored).toBe('{"a":{"a":[{"z":2,"long":1}],"bb":true},"zeta":1}')
    expect(JSON.stringify(entryOf(answer, "feature.order")?.value)).toBe(asStored)
    expect(JSON.stringify(entryOf(await admin.snapshot(), "feature.order")?.value)).toBe(asStored)
    await admin.change([{ operation: "delete", key: "feature.order" }])
  })

  it("refuses a value its key's schema refuses, with the value's path, and changes nothing", async () => {
    const before = await admin.snapshot()
    const response = await admin.patch([
      { operation: "upsert", key: "maintenance.retryAfterSeconds", value: -1 },
    ])
    expect(response.status).toBe(400)
    const body = await errorOf(response)
    expect(body._tag).toBe("ValidationError")
    expect(body.issues).toEqual([
      { path: ["operations", 0, "value"], message: expect.stringContaining("between 1 and 86400") },
    ])
    expect((await admin.snapshot()).version).toBe(before.version)
  })

  it("applies nothing when one operation of many is bad", async () => {
    const before = await admin.snapshot()
    const response = await admin.patch([
      { operation: "upsert", key: "good.one", value: 1 },
      { operation: "create", key: "maintenance.enabled", value: true },
      { operation: "update", key: "no.such.key", value: 2 },
      { operation: "upsert", key: "maintenance.enabled", value: "yes" },
    ])
    expect(response.status).toBe(400)
    const body = await errorOf(response)
    expect(body.issues?.map((issue) => issue.path)).toEqual([
      ["operations", 1, "key"],
      ["operations", 2, "key"],
      ["operations", 3, "key"],
    ])
    const after = await admin.snapshot()
    expect(after.version).toBe(before.version)
    expect(entryOf(after, "good.one")).toBeUndefined()
  })

  it("refuses a key that is neither known nor a free key's name", async () => {
    const response = await admin.patch([{ operation: "upsert", key: "Bad Key!", value: 1 }])
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.issues?.map((issue) => issue.path)).toEqual([["operations", 0, "key"]])
    expect(error.message).toContain("lower case letters, digits, dots, underscores and dashes")
  })

  it("with a stale If-Match answers 412 with the current digest and writes nothing", async () => {
    const read = await admin.snapshot()
    await admin.change([{ operation: "upsert", key: "race.winner", value: "first" }])
    const current = await admin.snapshot()
    const stale = await admin.patch([{ operation: "upsert", key: "race.winner", value: "second" }], {
      ifMatch: read.digest,
    })
    expect(stale.status).toBe(412)
    expect(await errorOf(stale)).toMatchObject({ _tag: "PreconditionFailed", digest: current.digest })
    expect(await admin.snapshot()).toEqual(current)
    const fresh = await admin.patch([{ operation: "upsert", key: "race.winner", value: "second" }], {
      ifMatch: `"${current.digest}"`,
    })
    expect(fresh.status).toBe(200)
    expect(entryOf(await admin.snapshot(), "race.winner")?.value).toBe("second")
  })

  it("serialises concurrent changes: every one lands, each in a version of its own", async () => {
    const before = await admin.snapshot()
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.patch([{ operation: "upsert", key: `parallel.k${i}`, value: i }]),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200))
    const versions = await Promise.all(
      responses.map(async (r) => Schema.decodeUnknownSync(ConfigSnapshot)(await r.json()).version),
    )
    expect([...versions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 6 }, (_, i) => before.version + i + 1),
    )
    const after = await admin.snapshot()
    for (let i = 0; i < 6; i++) expect(entryOf(after, `parallel.k${i}`)?.value).toBe(i)
  })

  it("records who changed what in the audit log", async () => {
    const snapshot = await admin.change(
      [{ operation: "upsert", key: "audited.key", value: 42 }],
      "For the audit",
    )
    expect(await db.audit(String(snapshot.version))).toEqual([
      {
        action: "config.changed",
        actorEmail: server.adminEmail,
        before: { version: snapshot.version - 1, digest: expect.any(String) },
        after: {
          version: snapshot.version,
          digest: snapshot.digest,
          comment: "For the audit",
          rollbackOf: null,
          changes: [{ key: "audited.key", action: "create", secret: false, after: 42 }],
        },
      },
    ])
  })
})

describe("the site status and the error inbox follow the store", () => {
  it("shows maintenance and the banner once set", async () => {
    await admin.change([
      { operation: "upsert", key: "maintenance.message", value: "Upgrading the database" },
      { operation: "upsert", key: "banner.message", value: "New coverage: utilities" },
      { operation: "upsert", key: "auth.magicLink.enabled", value: false },
    ])
    const anonymous = configClient(server, null)
    const status = await anonymous.decode(SiteStatus, await anonymous.call("GET", "/status"))
    expect(status).toMatchObject({
      maintenance: { enabled: false, message: "Upgrading the database" },
      banner: "New coverage: utilities",
      signIn: { password: true, magicLink: false },
    })
    await admin.change([{ operation: "delete", key: "auth.magicLink.enabled" }])
  })

  it("keeps the inbox's retention as a store change by the admin who set it", async () => {
    const saved = await admin.call("PUT", "/error-reports/settings", { retentionDays: 12 })
    expect(await admin.decode(ErrorReportSettings, saved)).toEqual({ retentionDays: 12 })
    const snapshot = await admin.snapshot()
    expect(entryOf(snapshot, "errorReports.retentionDays")).toMatchObject({
      value: 12,
      updatedBy: server.adminEmail,
    })
    await admin.change([{ operation: "upsert", key: "errorReports.retentionDays", value: 40 }])
    expect(
      await admin.decode(ErrorReportSettings, await admin.call("GET", "/error-reports/settings")),
    ).toEqual({
      retentionDays: 40,
    })
  })
})
