// What the readership benchmarks (readership-ingest.mjs, readership-query.mjs) share: the real
// server started on a fixed port, a statement recorder in front of PostgreSQL on a fixed port, and
// small figures helpers. The ports are fixed (BENCH_PORT_BASE, default 3344: the ingest server on
// the base, the analytics server on base + 1, their recorders on base + 3 and base + 2) so that the
// benches stay in a range known to be theirs.
import { createServer } from "node:net"
import { startServer } from "./reports-data.mjs"
import { startSqlCapture } from "./sql-capture.mjs"

export { cpuMs } from "./processes.mjs"
export { summary } from "./reports-data.mjs"

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
  // BENCH_SERVER_NODE_OPTIONS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/x`.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(" ").filter(Boolean) ?? []
  return startServer(dbUrl, dataDir, {
    // BENCH_SERVER_MAIN: another build of the server to measure (next to dist/main.js, so that its
    // packages resolve the same way), e.g. one made from a changed copy of the sources.
    main: process.env.BENCH_SERVER_MAIN,
    nodeOptions,
    env,
    port,
    // Up to 10 minutes: a kept database may first run a new migration.
    tries: 3000,
    everyMs: 200,
    probeMs: 2000,
    // A server writing a CPU profile on exit needs longer.
    graceMs: nodeOptions.length > 0 ? 60_000 : 5000,
  })
}

export const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1))

/**
 * The statement recorder (sql-capture.mjs) on `port` in front of `target`, binary parameters kept
 * as they were sent so that the statements can be replayed; `take()` returns what was sent since
 * the last take.
 */
export const startRecorder = (target, port) => startSqlCapture(target, { port, keepBinary: true })
