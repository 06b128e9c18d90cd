import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { CompanyPage, SignInResult } from "@folio/core"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "./support/server.js"

/**
 * `folio-server backup` and `restore` on the embedded database, run as a user runs them: the
 * built server, a real embedded PostgreSQL in a temporary data folder, data made through the API.
 */
const serverDir = fileURLToPath(new URL("../", import.meta.url))
const main = join(serverDir, "dist", "main.js")
const adminPassword = "backup-test-password-7Kq"

const folder = mkdtempSync(join(tmpdir(), "folio-backup-test-"))
const dataDir = join(folder, "data")
const backupFile = join(folder, "folio.backup")
/** Servers still running when a test fails are stopped before their folder is removed. */
const servers = new Set<ChildProcess>()
afterAll(async () => {
  for (const child of servers) {
    child.kill("SIGTERM")
    await exited(child)
  }
  rmSync(folder, { recursive: true, force: true })
})

// The commands under test are in the build: make it fresh.
beforeAll(() => {
  execFileSync("node", ["scripts/build.mjs"], { cwd: serverDir })
}, 60_000)

const baseEnv = (extra: Record<string, string>) => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "DATABASE_URL" && !key.startsWith("FOLIO_")) env[key] = value
  }
  return { ...env, LOG_LEVEL: "error", FOLIO_DATA_DIR: dataDir, ...extra }
}

/** Runs `folio-server <args>` to its end. */
const cli = (args: ReadonlyArray<string>, extra: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: baseEnv(extra),
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => {
      stdout += chunk
    })
    child.stderr.on("data", (chunk) => {
      stderr += chunk
    })
    child.on("exit", (code) => resolve({ code, stdout, stderr }))
  })

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

interface Running {
  readonly api: (method: string, path: string, body?: unknown) => Promise<Response>
  readonly stop: () => Promise<void>
}

/** Starts the server on the data folder, signs in as the admin, returns a client for the API. */
const serve = async (): Promise<Running> => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [main], {
    env: baseEnv({ PORT: String(port), FOLIO_SEED: "none", FOLIO_ADMIN_PASSWORD: adminPassword }),
    stdio: ["ignore", "ignore", "pipe"],
  })
  servers.add(child)
  child.once("exit", () => servers.delete(child))
  let errors = ""
  child.stderr?.on("data", (chunk) => {
    errors += chunk
  })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`folio-server exited with ${child.exitCode}: ${errors}`)
    // A request that reaches the port before the server serves is never answered: probe with a deadline.
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const signIn = await fetch(`${url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@folio.local", password: adminPassword, client: "cli" }),
  })
  expect(signIn.status).toBe(200)
  const token = Schema.decodeUnknownSync(SignInResult)(await signIn.json()).token ?? ""
  return {
    api: (method, path, body) =>
      fetch(`${url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    stop: async () => {
      child.kill("SIGTERM")
      expect(await exited(child)).toBe(0)
    },
  }
}

const companyNames = async (server: Running) => {
  const response = await server.api("GET", "/companies?limit=100")
  expect(response.status).toBe(200)
  const page = Schema.decodeUnknownSync(CompanyPage)(await response.json())
  return page.items.filter((company) => company.kind === "client").map((company) => company.name)
}

describe("folio-server backup and restore (embedded database)", () => {
  it("bring back the data of the backup, and a restore into a running server is refused", async () => {
    const first = await serve()
    const created = await first.api("POST", "/companies", { name: "Backed Up Ltd", slug: "backed-up" })
    expect(created.status).toBe(201)
    const { id } = Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(await created.json())
    await first.stop()

    const backup = await cli(["backup", backupFile])
    expect(backup.stderr).toBe("")
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backed up the embedded database in ${dataDir} to ${backupFile}`)

    // Afterwards: the company is renamed and another one is made.
    const second = await serve()
    expect((await second.api("PATCH", `/companies/${id}`, { name: "Renamed Ltd" })).status).toBe(200)
    expect((await second.api("POST", "/companies", { name: "Made Later", slug: "made-later" })).status).toBe(
      201,
    )
    expect((await companyNames(second)).sort()).toEqual(["Made Later", "Renamed Ltd"])

    const refused = await cli(["restore", backupFile])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      new RegExp(
        `^folio-server: The embedded database in ${dataDir} is in use by process \\d+ .*Stop it first`,
      ),
    )
    // …and changed nothing: the server still serves the later data, nothing was left behind.
    expect((await companyNames(second)).sort()).toEqual(["Made Later", "Renamed Ltd"])
    expect(readdirSync(dataDir).filter((name) => name.includes("restor"))).toEqual([])
    await second.stop()

    const restore = await cli(["restore", backupFile])
    expect(restore.stderr).toBe("")
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(`Restored the embedded database in ${dataDir} from ${backupFile}`)
    // The replaced database is gone once the restored one has started.
    expect(readdirSync(dataDir).filter((name) => name.includes("restor"))).toEqual([])

    const third = await serve()
    expect(await companyNames(third)).toEqual(["Backed Up Ltd"])
    await third.stop()
  }, 240_000)

  it("put the replaced database back when the restored one does not start", async () => {
    // A backup whose password file does not open its cluster (the folder of the test above).
    const passwordFile = join(dataDir, "postgres-password")
    const password = readFileSync(passwordFile, "utf8")
    writeFileSync(passwordFile, "not-the-password\n")
    const broken = join(folder, "broken.backup")
    const made = await cli(["backup", broken])
    writeFileSync(passwordFile, password)
    expect(made.code).toBe(0)

    const restore = await cli(["restore", broken])
    expect(restore.code).toBe(1)
    expect(restore.stderr).toContain("The restored database did not start, so the previous one was put back")
    expect(readFileSync(passwordFile, "utf8")).toBe(password)
    expect(readdirSync(dataDir).filter((name) => name.includes("restor"))).toEqual([])
    const again = await serve()
    expect(await companyNames(again)).toEqual(["Backed Up Ltd"])
    await again.stop()
  }, 180_000)

  it("refuse what they cannot do, saying why", async () => {
    const text = join(folder, "notes.txt")
    writeFileSync(text, "not a backup\n")
    // A pg_dump custom-format archive starts with PGDMP.
    const dump = join(folder, "folio.dump")
    writeFileSync(dump, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(64)]))
    const absent = join(folder, "nothing-here.backup")
    const fresh = join(folder, "fresh")
    const [missing, notBackup, pgDump, empty, external, help, usage] = await Promise.all([
      cli(["restore", absent]),
      cli(["restore", text]),
      cli(["restore", dump]),
      cli(["backup", join(folder, "empty.backup")], { FOLIO_DATA_DIR: fresh }),
      // An external database: PostgreSQL's own tools, with the commands to run.
      cli(["backup", backupFile], { DATABASE_URL: "postgres://folio@db.example:5432/folio" }),
      cli(["backup", "--help"]),
      cli(["--help"]),
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`folio-server: No such file: ${absent}\n`)
    expect(notBackup.stderr).toBe(
      `folio-server: ${text} is not a folio-server backup (a file made by \`folio-server backup\`).\n`,
    )
    expect(pgDump.stderr).toContain(`${dump} is a pg_dump archive, not a folio-server backup`)
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain(`There is no embedded database in ${fresh} yet`)
    expect(external.code).toBe(1)
    expect(external.stderr).toContain('pg_dump -Fc -f folio.dump "$DATABASE_URL"')
    expect(external.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --single-transaction -d "$DATABASE_URL" folio.dump',
    )
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("Usage: folio-server backup <file>")
    expect(usage.stdout).toContain("restore <file>")
  }, 120_000)
})
