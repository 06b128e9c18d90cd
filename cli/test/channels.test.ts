import { createServer, type Server } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ReportsWorld, startReportsWorld } from "./support/reports.js"

let world: ReportsWorld

// Each test runs several `folio` processes (about half a second each) against one server.
const slow = 120_000

beforeAll(async () => {
  world = await startReportsWorld()
})
afterAll(async () => {
  await world?.stop()
})

describe("folio channels and deliveries", { timeout: slow }, () => {
  let receiver: Server
  let receiverUrl = ""
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = []

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ""
      request.setEncoding("utf8")
      request.on("data", (chunk: string) => (body += chunk))
      request.on("end", () => {
        received.push({ headers: request.headers, body })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
    const address = receiver.address()
    receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks/folio`
  })
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve))
  })

  it("creates a webhook and prints its secret once: alone on stdout, with a warning that it will not be shown again", async () => {
    const run = await world.folio([
      "channels",
      "create",
      "--name",
      "ops-hook",
      "--kind",
      "webhook",
      "--webhook-url",
      receiverUrl,
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^whsec_[A-Za-z0-9+/=]+\n$/)
    expect(run.stderr).toMatch(
      /^✓? ?Created webhook channel "ops-hook" \([0-9a-f-]{36}\): http:\/\/127\.0\.0\.1:\d+\/hooks\/folio\.$/m,
    )
    expect(run.stderr).toContain("will not be shown again")
    const secret = run.stdout.trim()

    const list = await world.folio(["channels", "list"])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(
      /^NAME\s+KIND\s+ENABLED\s+TARGET\s+PENDING\s+DELIVERED\s+FAILED\s+DEAD\s+ID$/m,
    )
    expect(list.stdout).toMatch(
      /^ops-hook\s+webhook\s+yes\s+http:\/\/127\.0\.0\.1:\d+\/hooks\/folio\s+0\s+0\s+0\s+0\s+/m,
    )
    expect(list.stdout).not.toContain(secret)
    const listed = await world.json<{ channels: ReadonlyArray<Record<string, unknown>> }>([
      "channels",
      "list",
    ])
    expect(JSON.stringify(listed)).not.toContain(secret)

    // An email channel has no secret: its result line is on stdout.
    const email = await world.folio([
      "channels",
      "create",
      "--name",
      "acme-desk",
      "--kind",
      "email",
      "--team",
      "acme/Macro desk",
    ])
    expect(email.code, email.stderr).toBe(0)
    expect(email.stdout).toMatch(
      /^Created email channel "acme-desk" \([0-9a-f-]{36}\): entitled readers in 1 team\.$/m,
    )
    expect(email.stderr).not.toContain("will not be shown again")

    const wrong = await world.folio(["channels", "create", "--name", "bad", "--kind", "webhook"])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain("--webhook-url: A webhook channel needs a URL")
  })

  it("sends a test that arrives signed, and logs it as a delivery", async () => {
    const run = await world.folio(["channels", "test", "ops-hook", "--wait", "20"])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Test delivery [0-9a-f-]{36} through "ops-hook" arrived \(1 attempt\)\.$/m)
    const hit = received.at(-1)
    expect(hit?.headers["webhook-signature"]).toMatch(/^v1,/)
    expect(JSON.parse(hit?.body ?? "{}")).toMatchObject({ type: "channel.test", version: 1 })

    const log = await world.folio(["deliveries", "list", "--channel", "ops-hook", "--status", "delivered"])
    expect(log.code, log.stderr).toBe(0)
    expect(log.stdout).toMatch(
      /^STATUS\s+EVENT\s+CHANNEL\s+REPORT\s+TIER\s+TRIES\s+WHEN \(UTC\)\s+LAST ERROR\s+ID$/m,
    )
    expect(log.stdout).toMatch(
      /^delivered\s+channel\.test\s+ops-hook\s+-\s+0h\s+1\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/m,
    )

    const badStatus = await world.folio(["deliveries", "list", "--status", "lost"])
    expect(badStatus.code).toBe(2)
    expect(badStatus.stderr).toContain('"lost" is not a status')
    const none = await world.folio(["deliveries", "retry"])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain("Say which deliveries to retry")
    const retried = await world.folio(["deliveries", "retry", "--all-dead", "--channel", "ops-hook"])
    expect(retried.code, retried.stderr).toBe(0)
    expect(retried.stdout).toBe('No dead deliveries of "ops-hook" to retry.\n')
  })

  it("disables, enables, renames and rotates a webhook's secret (printed once)", async () => {
    const off = await world.folio(["channels", "disable", "ops-hook"])
    expect(off.code, off.stderr).toBe(0)
    expect(off.stdout).toMatch(/^Updated webhook channel "ops-hook" \(.*\): disabled\.$/m)
    const on = await world.folio(["channels", "enable", "ops-hook"])
    expect(on.stdout).toMatch(/: enabled\.$/m)
    const renamed = await world.folio(["channels", "update", "ops-hook", "--name", "ops-webhook"])
    expect(renamed.code, renamed.stderr).toBe(0)
    expect(renamed.stdout).toMatch(/name ops-hook → ops-webhook\.$/m)
    const rotated = await world.folio(["channels", "rotate-secret", "ops-webhook"])
    expect(rotated.code, rotated.stderr).toBe(0)
    expect(rotated.stdout).toMatch(/^whsec_[A-Za-z0-9+/=]+\n$/)
    expect(rotated.stderr).toContain("will not be shown again")
    const unknown = await world.folio(["channels", "enable", "ops-hook"])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No channel is named "ops-hook".')
  })
})
