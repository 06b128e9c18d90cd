import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../../server/test/support/server.js"
import { assertFreshBuild, type FolioRun, runFolio, tempConfigDir } from "./support/folio.js"

/**
 * `folio maintenance on | off | status` against the real server: the switch as CI flips it (an
 * admin-scoped token), what a token without the admin scope is told meanwhile, and the status,
 * which needs no sign-in.
 */

type ConfigDir = Awaited<ReturnType<typeof tempConfigDir>>

let server: TestServer
let admin: ConfigDir
let ci: ConfigDir
let adminToken: string
let readToken: string

beforeAll(async () => {
  await assertFreshBuild()
  server = await startTestServer()
  admin = await tempConfigDir()
  ci = await tempConfigDir()
  const login = await runFolio(
    ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
    { configDir: admin.path, stdin: server.adminPassword },
  )
  expect(login.code, login.stderr).toBe(0)
  const token = async (name: string, scope: string) => {
    const created = await runFolio(["tokens", "create", "--name", name, "--scope", scope, "--json"], {
      configDir: admin.path,
    })
    expect(created.code, created.stderr).toBe(0)
    return (JSON.parse(created.stdout) as { secret: string }).secret
  }
  adminToken = await token("ci-admin", "admin")
  // An admin's token without the admin scope is turned away during maintenance like a reader.
  readToken = await token("ci-read", "read")
})
afterAll(async () => {
  await Promise.all([admin?.remove(), ci?.remove()])
  await server?.stop()
})

const as = (token: string | null, args: ReadonlyArray<string>): Promise<FolioRun> =>
  runFolio(args, {
    configDir: ci.path,
    env: token === null ? { FOLIO_URL: server.url } : { FOLIO_URL: server.url, FOLIO_TOKEN: token },
  })

describe("folio maintenance", { timeout: 120_000 }, () => {
  it("switches on with a message, is seen by status and by a non-admin token, and switches off", async () => {
    const off = await as(null, ["maintenance", "status"])
    expect(off.code, off.stderr).toBe(0)
    expect(off.stdout).toBe(`Maintenance is off at ${server.url}.\n`)

    const on = await as(adminToken, [
      "maintenance",
      "on",
      "--message",
      "Upgrading; back at 07:00 UTC",
      "--comment",
      "Release 42",
    ])
    expect(on.code, on.stderr).toBe(0)
    expect(on.stdout).toMatch(
      /^Maintenance is on: people other than admins see "Upgrading; back at 07:00 UTC" and the API answers them 503 \(Retry-After 300 s\); admins keep working \(version \d+\)\.\n$/,
    )
    const again = await as(adminToken, ["maintenance", "on"])
    expect(again.stdout).toMatch(
      /^Maintenance is already on: "Upgrading; back at 07:00 UTC"; nothing changed \(version \d+\)\.\n$/,
    )

    // Anonymous, and as JSON.
    const status = await as(null, ["maintenance", "status"])
    expect(status.stdout).toBe(
      `Maintenance is on at ${server.url}: "Upgrading; back at 07:00 UTC" (Retry-After 300 s).\n`,
    )
    const statusJson = await as(readToken, ["maintenance", "status", "--json"])
    expect(statusJson.code, statusJson.stderr).toBe(0)
    expect(JSON.parse(statusJson.stdout)).toEqual({
      ok: true,
      url: server.url,
      enabled: true,
      message: "Upgrading; back at 07:00 UTC",
      retryAfterSeconds: 300,
    })

    // A token without the admin scope gets the message; the admin token keeps working.
    const refused = await as(readToken, ["users", "list"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      `Folio at ${server.url} is in maintenance: Upgrading; back at 07:00 UTC. Try again in 5 minutes. Admins keep working: sign in as one, or use an admin-scoped token.\n`,
    )
    const refusedJson = await as(readToken, ["users", "list", "--json"])
    expect(JSON.parse(refusedJson.stdout)).toMatchObject({ ok: false, error: { code: "MaintenanceMode" } })
    const works = await as(adminToken, ["users", "list"])
    expect(works.code, works.stderr).toBe(0)
    const keys = await as(adminToken, ["config", "get", "maintenance.enabled"])
    expect(keys.stdout).toBe("true\n")
    const history = await as(adminToken, ["config", "history", "--limit", "1", "--json"])
    expect(JSON.parse(history.stdout).versions[0]).toMatchObject({
      comment: "Release 42",
      changes: [
        { key: "maintenance.enabled", action: "update", before: false, after: true },
        { key: "maintenance.message", action: "update", after: "Upgrading; back at 07:00 UTC" },
      ],
    })

    const switchedOff = await as(adminToken, ["maintenance", "off", "--json"])
    expect(switchedOff.code, switchedOff.stderr).toBe(0)
    expect(JSON.parse(switchedOff.stdout)).toMatchObject({ ok: true, enabled: false, changed: true })
    expect((await as(null, ["maintenance", "status"])).stdout).toBe(`Maintenance is off at ${server.url}.\n`)
    const back = await as(readToken, ["users", "list"])
    expect(back.code, back.stderr).toBe(0)
    // The message is kept for next time.
    expect((await as(adminToken, ["config", "get", "maintenance.message"])).stdout).toBe(
      '"Upgrading; back at 07:00 UTC"\n',
    )
  })

  it("refuses a message the key's schema refuses before sending anything, and a non-admin switch", async () => {
    expect((await as(adminToken, ["maintenance", "off"])).code).toBe(0)
    const long = await as(adminToken, ["maintenance", "on", "--message", "x".repeat(501)])
    expect(long.code).toBe(1)
    expect(long.stderr).toBe("--message: The maintenance message is at most 500 characters.\n")
    const reader = await as(readToken, ["maintenance", "on"])
    expect(reader.code).toBe(1)
    expect(reader.stderr).toContain('This API token lacks the "admin" scope.')
    expect((await as(null, ["maintenance", "status"])).stdout).toBe(`Maintenance is off at ${server.url}.\n`)
  })
})
