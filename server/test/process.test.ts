import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoPassword } from "../src/seed/demo.js"
import { freePort } from "./support/server.js"

/** The built server as a user runs it: `node server/dist/main.js`. */
const serverDir = fileURLToPath(new URL("../", import.meta.url))
const main = join(serverDir, "dist", "main.js")

beforeAll(() => {
  if (!existsSync(main)) execFileSync("node", ["scripts/build.mjs"], { cwd: serverDir })
})

const baseEnv = () => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "DATABASE_URL" && !key.startsWith("FOLIO_")) env[key] = value
  }
  return { ...env, LOG_FORMAT: "json" }
}

const run = (env: Record<string, string>) => {
  const child = spawn(process.execPath, [main], {
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout?.on("data", (chunk) => {
    output += chunk
  })
  child.stderr?.on("data", (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

const waitForHealth = async (url: string, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("no health within 60 s")
}

describe("configuration errors", () => {
  it("stop the server with one line naming the variable", async () => {
    const { child, output } = run({ PORT: "abc" })
    expect(await exited(child)).toBe(1)
    const lines = output().trim().split("\n")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("PORT")
    expect(lines[0]).toContain('"abc"')
  })

  it("name the proxy entry that is not an address or network", async () => {
    const { child, output } = run({ FOLIO_TRUSTED_PROXIES: "10.0.0.0/8, proxy.internal" })
    expect(await exited(child)).toBe(1)
    expect(output().trim()).toContain(
      'Invalid configuration: FOLIO_TRUSTED_PROXIES: expected IP addresses or networks like 10.0.0.0/8, comma-separated, got "proxy.internal"',
    )
  })

  it("name each bad variable", async () => {
    const { child, output } = run({ LOG_LEVEL: "loud", FOLIO_ADMIN_PASSWORD: "short" })
    expect(await exited(child)).toBe(1)
    expect(output()).toContain("LOG_LEVEL")
  })
})

describe("error tunnel and Sentry configuration errors", () => {
  for (const [name, value, expected] of [
    ["SENTRY_DSN", "https://sentry.io/not-a-project", "expected a Sentry DSN"],
    ["SENTRY_SERVER_DSN", "ftp://key@sentry.example/1", "expected a Sentry DSN"],
    ["SENTRY_ALLOWED_DSNS", "https://k@o1.ingest.sentry.io/2, nonsense", '"nonsense"'],
    ["SENTRY_INGEST_URL", "https://relay.example/?token=1", "no query or credentials"],
    ["FOLIO_TUNNEL_PATH", "/api/tunnel", "must not be under /api"],
    ["FOLIO_TUNNEL_PATH", "monitoring", "a leading /"],
    ["SENTRY_ENVIRONMENT", " ", "must not be empty"],
  ] as const) {
    it(`${name}=${JSON.stringify(value)} stops the server with one line naming it`, async () => {
      const { child, output } = run({ [name]: value })
      expect(await exited(child)).toBe(1)
      const lines = output().trim().split("\n")
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`Invalid configuration: ${name}: `)
      expect(lines[0]).toContain(expected)
    })
  }
})

describe("a port already in use", () => {
  it("stops the server with one line saying so", async () => {
    const port = await freePort()
    const blocker = createServer().listen(port, "127.0.0.1")
    const dataDir = mkdtempSync(join(tmpdir(), "folio-busy-"))
    try {
      const { child, output } = run({ PORT: String(port), FOLIO_DATA_DIR: dataDir, LOG_LEVEL: "error" })
      expect(await exited(child)).toBe(1)
      expect(output().trim()).toBe(
        `folio-server: Cannot listen on 127.0.0.1:${port}: the port is already in use. Stop the other process or set PORT.`,
      )
    } finally {
      blocker.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe("the embedded database", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "folio-embedded-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("keeps data across restarts", async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const signIn = () =>
      fetch(`${url}/api/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@folio.local", password: generatedPassword }),
      })

    const first = run({ PORT: String(port), FOLIO_DATA_DIR: dataDir })
    await waitForHealth(url, first.child)
    const match = /with password (\S+) \(shown once/.exec(first.output())
    expect(match, first.output()).not.toBeNull()
    const generatedPassword = match?.[1] ?? ""
    expect((await signIn()).status).toBe(200)
    // The embedded database gets the demo organisation on its first start.
    expect(first.output()).toContain("Seeded demo data")
    const demo = await fetch(`${url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "grace.liu@northwind.example", password: demoPassword }),
    })
    expect(demo.status).toBe(200)
    first.child.kill("SIGTERM")
    expect(await exited(first.child)).toBe(0)

    const second = run({ PORT: String(port), FOLIO_DATA_DIR: dataDir })
    await waitForHealth(url, second.child)
    expect(second.output()).not.toContain("Created the first admin")
    expect(second.output()).not.toContain("Seeded demo data")
    expect((await signIn()).status).toBe(200)
    second.child.kill("SIGTERM")
    expect(await exited(second.child)).toBe(0)
  }, 120_000)
})
