// What the readership benchmarks (readership-ingest.mjs, readership-query.mjs) share: the real
// server started on a fixed port, a statement recorder in front of PostgreSQL on a fixed port, and
// small figures helpers. The ports are fixed (BENCH_PORT_BASE, default 3344: the ingest server on
// the base, the analytics server on base + 1, their recorders on base + 3 and base + 2) so that the
// benches stay in a range known to be theirs.
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer, connect as tcpConnect } from "node:net"
import { adminEmail, adminPassword } from "./reports-data.mjs"

export const portBase = Number(process.env.BENCH_PORT_BASE ?? 3344)

/**
 * Starts `server/dist/main.js` on `dbUrl` at `port` (warnings only in its log); resolves once
 * `GET /api/health` answers. Each probe gives up after 2 s (a probe sent while the server starts
 * can otherwise wait for Node's default of 300 s).
 */
export const startServerOn = async (port, dbUrl, dataDir, env = {}) => {
  // Something else on the port would answer the health check in the new server's place.
  await new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", () => reject(new Error(`port ${port} is in use (set BENCH_PORT_BASE)`)))
    probe.listen(port, "127.0.0.1", () => probe.close(resolve))
  })
  // BENCH_SERVER_MAIN: another build of the server to measure (next to dist/main.js, so that its
  // packages resolve the same way), e.g. one made from a changed copy of the sources.
  const main = process.env.BENCH_SERVER_MAIN ?? new URL("../dist/main.js", import.meta.url).pathname
  // BENCH_SERVER_NODE_OPTIONS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/x`.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(" ").filter(Boolean) ?? []
  const child = spawn(process.execPath, [...nodeOptions, main], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_ADMIN_EMAIL: adminEmail,
      FOLIO_ADMIN_PASSWORD: adminPassword,
      FOLIO_SEED: "none",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  })
  let stderr = ""
  child.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-4000)
  })
  const url = `http://127.0.0.1:${port}`
  // Up to 10 minutes: a kept database may first run a new migration.
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`)
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok)
      return {
        url,
        child,
        stop: () => stop(child, nodeOptions.length > 0 ? 60_000 : 5000),
        stderr: () => stderr,
      }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop(child, 5000)
  throw new Error(`the server did not answer /api/health: ${stderr}`)
}

/** SIGTERM, then SIGKILL after `graceMs` (a server writing a CPU profile on exit needs longer). */
const stop = (child, graceMs) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill("SIGTERM")
  })

/** CPU time a process has used so far, in ms (user + system, from /proc; 10 ms ticks). */
export const cpuMs = (pid) => {
  try {
    const fields = readStat(pid).split(") ")[1].split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}
const readStat = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8")

/** p50, p95, max of a list of milliseconds. */
export const summary = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] }
}
export const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1))

// ---------------------------------------------------------------------------------------------
// A statement recorder: a TCP proxy between the server and PostgreSQL that keeps the text of each
// simple query ('Q') and each parse ('P'), with the parameter values of the bind ('B') that
// follows, per connection (as server/bench/sql-capture.mjs, on a fixed port).

const cString = (buffer, at) => {
  const end = buffer.indexOf(0, at)
  return [buffer.toString("utf8", at, end), end + 1]
}

const bindValues = (payload) => {
  let [, at] = cString(payload, 0)
  ;[, at] = cString(payload, at)
  const formats = payload.readInt16BE(at)
  const formatCodes = []
  at += 2
  for (let i = 0; i < formats; i++, at += 2) formatCodes.push(payload.readInt16BE(at))
  const count = payload.readInt16BE(at)
  at += 2
  const values = []
  for (let i = 0; i < count; i++) {
    const length = payload.readInt32BE(at)
    at += 4
    if (length < 0) values.push(null)
    else {
      // A binary parameter (bytea from a Buffer, as `pg` sends it) is kept as a Buffer: replayed
      // through `pg`, it goes out in binary again.
      const binary = (formatCodes.length === 1 ? formatCodes[0] : formatCodes[i]) === 1
      values.push(
        binary ? Buffer.from(payload.subarray(at, at + length)) : payload.toString("utf8", at, at + length),
      )
      at += length
    }
  }
  return values
}

/** Starts the recorder on `port` in front of `target`; `take()` returns what was sent since the last take. */
export const startRecorder = async (target, port) => {
  const upstream = new URL(target)
  let recorded = []
  const sockets = new Set()
  const server = createServer((client) => {
    const pg = tcpConnect(Number(upstream.port || 5432), upstream.hostname)
    sockets.add(client)
    sockets.add(pg)
    let pending = Buffer.alloc(0)
    let started = false
    let parsed
    client.on("data", (chunk) => {
      pg.write(chunk)
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      for (;;) {
        if (!started) {
          if (pending.length < 4) break
          const length = pending.readInt32BE(0)
          if (pending.length < length) break
          pending = pending.subarray(length)
          started = true
          continue
        }
        if (pending.length < 5) break
        const type = String.fromCharCode(pending[0])
        const length = pending.readInt32BE(1)
        if (pending.length < 1 + length) break
        const payload = pending.subarray(5, 1 + length)
        if (type === "Q") recorded.push({ text: cString(payload, 0)[0], values: [] })
        else if (type === "P") {
          const [, at] = cString(payload, 0)
          parsed = { text: cString(payload, at)[0], values: [] }
          recorded.push(parsed)
        } else if (type === "B" && parsed) {
          parsed.values = bindValues(payload)
          parsed = undefined
        }
        pending = pending.subarray(1 + length)
      }
    })
    pg.on("data", (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      pg.destroy()
      sockets.delete(client)
      sockets.delete(pg)
    }
    client.on("close", close)
    pg.on("close", close)
    client.on("error", close)
    pg.on("error", close)
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  const url = new URL(target)
  url.hostname = "127.0.0.1"
  url.port = String(port)
  return {
    url: url.toString(),
    take: () => {
      const taken = recorded
      recorded = []
      return taken
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
