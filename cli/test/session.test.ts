import { readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
// Brings in the `ProvidedContext` augmentation that the server's test database helpers rely on.
import { freePort, startTestServer, type TestServer } from "../../server/test/support/server.js"
import { assertFreshBuild, runFolio, tempConfigDir } from "./support/folio.js"

let server: TestServer
let config: Awaited<ReturnType<typeof tempConfigDir>>

beforeAll(async () => {
  await assertFreshBuild()
  server = await startTestServer()
})
afterAll(() => server.stop())
beforeEach(async () => {
  config = await tempConfigDir()
})
afterEach(() => config.remove())

const folio = (args: ReadonlyArray<string>, options: { env?: Record<string, string>; stdin?: string } = {}) =>
  runFolio(args, { configDir: config.path, ...options })

const login = () =>
  folio(["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"], {
    stdin: `${server.adminPassword}\n`,
  })

const storedToken = async (): Promise<string> => {
  const stored: unknown = JSON.parse(await readFile(join(config.path, "credentials.json"), "utf8"))
  if (
    typeof stored !== "object" ||
    stored === null ||
    !("token" in stored) ||
    typeof stored.token !== "string"
  )
    throw new Error("credentials.json has no token")
  return stored.token
}

describe("doctor against a running server", () => {
  it("reports a healthy server as one JSON document with ok: true and exits 0", async () => {
    const run = await folio(["doctor", "--json", "--url", server.url])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe("")
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      url: server.url,
      server: { reachable: true, version: expect.any(String), deploymentId: "test-deployment" },
      database: { ok: true, latencyMs: expect.any(Number) },
      migration: { upToDate: true },
      auth: { configured: false },
      problems: [],
    })
  })

  it("prints the checks as plain text when piped", async () => {
    const run = await folio(["doctor", "--url", server.url])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Folio at ${server.url}`)
    expect(run.stdout).toMatch(/^ok\s+Database\s+/m)
    expect(run.stdout).toContain("All checks passed.")
    expect(run.stdout).not.toContain("\u001b[")
  })
})

describe("login", () => {
  it("stores a credential readable by its owner only, which doctor and whoami then use", async () => {
    const run = await login()
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Signed in to ${server.url} as`)
    expect(run.stdout).toContain(server.adminEmail)

    const file = await stat(join(config.path, "credentials.json"))
    expect(file.mode & 0o777).toBe(0o600)
    expect((await stat(config.path)).mode & 0o777).toBe(0o700)
    const stored: unknown = JSON.parse(await readFile(join(config.path, "credentials.json"), "utf8"))
    expect(stored).toEqual({ url: server.url, email: server.adminEmail, token: expect.any(String) })
    expect(run.stdout + run.stderr).not.toContain(await storedToken())

    const doctor = await folio(["doctor", "--json"])
    expect(doctor.code).toBe(0)
    expect(JSON.parse(doctor.stdout)).toMatchObject({
      ok: true,
      url: server.url,
      urlSource: "credential",
      auth: { configured: true, source: "credential", accepted: true, user: { email: server.adminEmail } },
    })

    const whoami = await folio(["whoami", "--json"])
    expect(whoami.code).toBe(0)
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      ok: true,
      url: server.url,
      source: "credential",
      user: { email: server.adminEmail, role: "admin" },
    })
  })

  it("fails on a wrong password with the server's message and stores nothing", async () => {
    const run = await folio(
      ["login", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
      {
        stdin: "not the password",
      },
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toMatch(/^Wrong email or password\.?\n$/)
    await expect(stat(join(config.path, "credentials.json"))).rejects.toThrow()
  })

  it("says the server's 429 once: the wait is not repeated after too many wrong passwords", async () => {
    // An unknown account of its own, so the admin's sign-in limit is untouched (5 a minute).
    const email = `rate-${Date.now()}@example.com`
    // The five tries the limit allows, sent at once straight to the API (a CLI process each would
    // take seconds on a busy machine, and the limit's window is a minute); then the CLI's own.
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server.url}/api/session`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "wrong", client: "cli" }),
        }),
      ),
    )
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401])
    const limited = await folio(["login", "--url", server.url, "--email", email, "--password-stdin"], {
      stdin: "wrong",
    })
    expect(limited.code).toBe(1)
    expect(limited.stderr).toMatch(/^Too many attempts to sign in\. Try again in \d+ seconds\.\n$/)
    expect(limited.stderr.match(/Try again/g)).toHaveLength(1)
  })

  it("says with --json that it failed, in one document", async () => {
    const run = await folio(
      ["login", "--json", "--url", server.url, "--email", server.adminEmail, "--password-stdin"],
      { stdin: "not the password" },
    )
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { code: "Unauthorized", message: expect.stringContaining("Wrong email or password") },
    })
  })
})

describe("FOLIO_URL and FOLIO_TOKEN", () => {
  it("use the environment's token instead of the stored one", async () => {
    expect((await login()).code).toBe(0)
    const token = await storedToken()

    const rejected = await folio(["whoami"], { env: { FOLIO_TOKEN: "not-a-token" } })
    expect(rejected.code).toBe(1)
    expect(rejected.stdout).toBe("")
    expect(rejected.stderr).toContain("Check FOLIO_TOKEN")

    const doctor = await folio(["doctor", "--json"], { env: { FOLIO_TOKEN: "not-a-token" } })
    expect(doctor.code).toBe(1)
    expect(JSON.parse(doctor.stdout)).toMatchObject({
      ok: false,
      auth: { configured: true, source: "env", accepted: false },
    })

    // A fresh machine (no stored credential) with only the environment, as in CI.
    const ci = await tempConfigDir()
    try {
      const run = await runFolio(["whoami", "--json"], {
        configDir: ci.path,
        env: { FOLIO_URL: server.url, FOLIO_TOKEN: token },
      })
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({
        url: server.url,
        source: "env",
        user: { email: server.adminEmail },
      })
    } finally {
      await ci.remove()
    }
  })

  it("never send the stored token to another URL", async () => {
    expect((await login()).code).toBe(0)
    const elsewhere = `http://127.0.0.1:${await freePort()}`
    const run = await folio(["whoami"], { env: { FOLIO_URL: elsewhere } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("Not signed in.")
  })
})

describe("logout", () => {
  it("ends the session on the server and forgets the credential", async () => {
    expect((await login()).code).toBe(0)
    const token = await storedToken()

    const run = await folio(["logout"])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Signed out of ${server.url}`)
    await expect(stat(join(config.path, "credentials.json"))).rejects.toThrow()

    const reuse = await folio(["whoami"], { env: { FOLIO_URL: server.url, FOLIO_TOKEN: token } })
    expect(reuse.code).toBe(1)

    const again = await folio(["logout"])
    expect(again.code).toBe(0)
    expect(again.stdout).toContain("Not signed in")
  })
})
