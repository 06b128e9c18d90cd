import { ConfigHistoryPage, ConfigPlan, ConfigSnapshot, operationsOfPlan } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { configClient } from "./support/configClient.js"
import { cliSignIn } from "./support/directory.js"
import { startTestServer, type TestServer } from "./support/server.js"

/**
 * Plans against the store (applied twice, the second is empty), the history of the store and of
 * one key, past versions, and rollback as a new version.
 */
let server: TestServer
let admin: ReturnType<typeof configClient>

const IssuesBody = Schema.Struct({
  issues: Schema.Array(
    Schema.Struct({ path: Schema.Array(Schema.Union(Schema.String, Schema.Number)), message: Schema.String }),
  ),
})
const errorOf = async (response: Response) => Schema.decodeUnknownSync(IssuesBody)(await response.json())

beforeAll(async () => {
  server = await startTestServer()
  admin = configClient(server, await cliSignIn(server, server.adminEmail, server.adminPassword))
})
afterAll(async () => {
  await server.stop()
})

describe("plans", () => {
  it("plan then apply, twice: the second plan is empty and nothing is written", async () => {
    const desired = {
      "maintenance.message": "Back at noon",
      "plan.settings": { size: 3 },
      "banner.message": null,
      "plan.absent": null,
    }
    const plan = await admin.decode(
      ConfigPlan,
      await admin.call("POST", "/config/plan", { entries: desired }),
    )
    expect(plan.changes.map((c) => [c.key, c.action])).toEqual([
      ["maintenance.message", "update"],
      ["plan.settings", "create"],
    ])
    const applied = await admin.patch(operationsOfPlan(plan.changes, desired), { ifMatch: plan.digest })
    expect(applied.status).toBe(200)
    const again = await admin.decode(
      ConfigPlan,
      await admin.call("POST", "/config/plan", { entries: desired }),
    )
    expect(again.changes).toEqual([])
    expect(again.version).toBe(plan.version + 1)
  })

  it("refuses a desired value with its path", async () => {
    const response = await admin.call("POST", "/config/plan", { entries: { "auth.magicLink.ttlMinutes": 1 } })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).issues).toEqual([
      {
        path: ["entries", "auth.magicLink.ttlMinutes"],
        message: expect.stringContaining("between 5 and 1440"),
      },
    ])
  })
})

describe("history, versions and rollback", () => {
  it("lists the versions that changed a key, newest first, a page at a time", async () => {
    await admin.change([{ operation: "upsert", key: "history.key", value: 1 }], "one")
    await admin.change([{ operation: "upsert", key: "history.other", value: 1 }])
    await admin.change([{ operation: "upsert", key: "history.key", value: 2 }], "two")
    const first = await admin.decode(
      ConfigHistoryPage,
      await admin.call("GET", "/config/history?key=history.key&limit=1"),
    )
    expect(first.items.map((v) => [v.comment, v.author, v.changes])).toEqual([
      [
        "two",
        server.adminEmail,
        [{ key: "history.key", action: "update", secret: false, before: 1, after: 2 }],
      ],
    ])
    expect(first.nextCursor).not.toBeNull()
    const second = await admin.decode(
      ConfigHistoryPage,
      await admin.call("GET", `/config/history?key=history.key&limit=1&cursor=${first.nextCursor}`),
    )
    expect(second.items.map((v) => v.comment)).toEqual(["one"])
    expect(second.nextCursor).toBeNull()
    const all = await admin.decode(ConfigHistoryPage, await admin.call("GET", "/config/history?limit=200"))
    const numbers = all.items.map((v) => v.version)
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a))
    expect(all.items.at(-1)).toMatchObject({ version: 1, author: null, changes: [] })
    expect((await admin.call("GET", "/config/history?cursor=nonsense")).status).toBe(400)
  })

  it("rolls back to a version: a new version holding its values, and says so", async () => {
    const target = await admin.change([{ operation: "upsert", key: "rollback.key", value: "kept" }])
    await admin.change([
      { operation: "upsert", key: "rollback.key", value: "changed" },
      { operation: "upsert", key: "rollback.new", value: true },
    ])
    const response = await admin.call("POST", "/config/rollback", {
      version: target.version,
      comment: "Undo",
    })
    const rolled = await admin.decode(ConfigSnapshot, response)
    expect(rolled.version).toBe(target.version + 2)
    expect(rolled.digest).not.toBe(target.digest)
    expect(rolled.entries.map((e) => [e.key, e.value])).toEqual(target.entries.map((e) => [e.key, e.value]))
    const history = await admin.decode(ConfigHistoryPage, await admin.call("GET", "/config/history?limit=1"))
    expect(history.items[0]).toMatchObject({
      version: rolled.version,
      rollbackOf: target.version,
      comment: "Undo",
      changes: [
        { key: "rollback.key", action: "update", before: "changed", after: "kept" },
        { key: "rollback.new", action: "delete", before: true },
      ],
    })
    const past = await admin.decode(
      ConfigSnapshot,
      await admin.call("GET", `/config/versions/${target.version}`),
    )
    expect(past).toEqual(target)
    expect((await admin.call("GET", "/config/versions/999999")).status).toBe(404)
    expect((await admin.call("POST", "/config/rollback", { version: 999999 })).status).toBe(404)
  })
})
