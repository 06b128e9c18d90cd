// Configuration propagation (issue 12): three instances of the built server on one PostgreSQL
// database, an admin signed in on each; N changes of `banner.message` made through instance 1
// (PATCH /api/config, one at a time), and for each, the time from the PATCH's answer (the commit)
// until every instance's anonymous GET /api/status shows the new banner (each instance polled on
// its own keep-alive connection). The safety poll is set to an hour (FOLIO_CONFIG_POLL_MS), so
// only the LISTEN/NOTIFY path can deliver a change within the run. Baselines in the same run, on
// the same database: a bare `pg` script with LISTEN on one connection and NOTIFY on another (time
// from the NOTIFY's answer to the notification), and the same plus the reload an instance makes on
// a notification (the store's newest-version query on a second connection).
// Usage: node server/bench/config-propagation.mjs (after `npm run build`). BENCH_CHANGES (50),
// BENCH_POLL_MS (how long a watcher waits between two status requests to one instance, 2),
// BENCH_DATABASE_URL.
import { copyFileSync } from "node:fs"
import { Agent, request } from "node:http"
import { cpus, loadavg } from "node:os"
import {
  adminEmail,
  adminPassword,
  api,
  scratchRun,
  signIn,
  startServer,
  summary as stats,
} from "./reports-data.mjs"

const changes = Number(process.env.BENCH_CHANGES ?? 50)
const watchEveryMs = Number(process.env.BENCH_POLL_MS ?? 2)
const targetMs = 1000
const instances = 3
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)))

// All three instances run one copy of the build, taken at the start: a `npm run build` meanwhile
// (other work on the machine) cannot leave them on different builds.
const built = new URL("../dist/main.js", import.meta.url).pathname
const main = new URL("../dist/bench-config-propagation.js", import.meta.url).pathname
const scratch = scratchRun("folio-bench-config-", "folio_bench_config", { files: [main] })
const { dir, dbUrl } = scratch

/**
 * Starts an instance of the copied build on `dbUrl`, the safety poll set to an hour (so a change
 * seen within the run came by notification); resolves once /api/health answers, each probe given
 * 2 s.
 */
const startInstance = () =>
  startServer(dbUrl, dir, {
    main,
    env: { FOLIO_CONFIG_POLL_MS: "3600000" },
    name: "an instance",
    tries: 1200,
    probeMs: 2000,
    onSpawn: (server) => {
      servers.push(server)
      scratch.children.push(server.child)
    },
  })

const ms = (v) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(2)} ms`)
const row = (label, s) =>
  console.log(
    `  ${label.padEnd(62)} p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}  (n=${s.n})`,
  )

/** GET `path` on one keep-alive connection; resolves with the parsed body and when it arrived. */
const getJson = (agent, base, path) =>
  new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent }, (res) => {
      const chunks = []
      res.on("data", (c) => chunks.push(c))
      res.on("end", () => {
        const at = performance.now()
        const body = Buffer.concat(chunks).toString()
        if (res.statusCode !== 200) reject(new Error(`GET ${path}: ${res.statusCode} ${body.slice(0, 300)}`))
        else resolve({ at, json: JSON.parse(body) })
      })
    })
    req.on("error", reject)
    req.end()
  })

const servers = []

try {
  await scratch.dropStale()
  console.log(
    `config propagation: ${changes} changes through instance 1 of ${instances}, ${cpus().length} cores, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
  )
  await scratch.createDatabase()
  copyFileSync(built, main)
  // The first instance migrates the database and creates the admin; the others join it.
  for (let i = 0; i < instances; i++) await startInstance()
  const tokens = []
  for (const server of servers) tokens.push(await signIn(server.url, adminEmail, adminPassword))
  const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: 1 }))
  const statusOf = (i) => getJson(agents[i], servers[i].url, "/api/status")
  const db = await scratch.connect()
  const serverVersion = (await db.query("show server_version")).rows[0].server_version
  const { deploymentId } = await (await fetch(`${servers[0].url}/api/health`)).json()
  console.log(
    `  build ${deploymentId}; PostgreSQL ${serverVersion}; safety poll FOLIO_CONFIG_POLL_MS=3600000 (an hour); each instance's /api/status polled every ${watchEveryMs} ms after its previous answer`,
  )

  /** Polls instance `i` until its banner is `banner`; resolves with when the answer arrived. */
  const seenOn = async (i, banner, deadline) => {
    for (;;) {
      const { at, json } = await statusOf(i)
      if (json.banner === banner) return at
      if (at > deadline) throw new Error(`instance ${i + 1} did not show "${banner}" within 30 s`)
      await sleep(watchEveryMs)
    }
  }

  // Warm-up: JIT, pools, and every instance's listener connected.
  for (let n = 0; n < 5; n++) {
    const banner = `warm-up ${n}`
    await api(servers[0].url, tokens[0], "PATCH", "/config", {
      operations: [{ operation: "upsert", key: "banner.message", value: banner }],
    })
    await Promise.all(servers.map((_, i) => seenOn(i, banner, performance.now() + 30_000)))
  }

  // --- Folio: a change through instance 1, watched on all three ----------------------------------
  const all = []
  const byInstance = servers.map(() => [])
  const patchMs = []
  let last
  for (let n = 0; n < changes; n++) {
    const banner = `bench change ${n} ${Date.now()}`
    const sent = performance.now()
    const response = await fetch(`${servers[0].url}/api/config`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${tokens[0]}`, "content-type": "application/json" },
      body: JSON.stringify({
        operations: [{ operation: "upsert", key: "banner.message", value: banner }],
        comment: `config-propagation bench ${n}`,
      }),
    })
    const committed = performance.now() // the answer's headers: the change is committed
    if (!response.ok) throw new Error(`PATCH /api/config: ${response.status} ${await response.text()}`)
    last = await response.json()
    patchMs.push(committed - sent)
    const seen = await Promise.all(servers.map((_, i) => seenOn(i, banner, committed + 30_000)))
    for (const [i, at] of seen.entries()) byInstance[i].push(at - committed)
    all.push(Math.max(...seen) - committed)
    await sleep(20 + Math.random() * 80)
  }
  // Every instance holds the last version, by digest, as its admin sees it.
  for (let i = 0; i < instances; i++) {
    const snapshot = await api(servers[i].url, tokens[i], "GET", "/config")
    if (snapshot.digest !== last.digest || snapshot.version !== last.version)
      throw new Error(`instance ${i + 1} holds version ${snapshot.version}, not ${last.version}`)
  }
  // What one status request costs, which bounds the resolution of the figures above.
  const statusMs = []
  for (let n = 0; n < 200; n++) {
    const started = performance.now()
    const { at } = await statusOf(1 + (n % 2))
    statusMs.push(at - started)
  }
  for (const server of servers.splice(0)) await server.stop()

  // --- Baselines: PostgreSQL's own notification, and the same plus the reload's query ------------
  const listener = await scratch.connect()
  const notifier = await scratch.connect()
  const reader = await scratch.connect()
  let waiting
  listener.on("notification", (message) => {
    if (waiting && message.payload === waiting.payload) waiting.resolve(performance.now())
  })
  await listener.query("listen folio_bench_config")
  // The store's load on a notification (config/repo.ts latest), sent as it is.
  const latestSql = `select version, digest, created_at, author_email, comment, rollback_of, changes, "values"
    from config_versions order by version desc limit 1`
  const bare = async (withReload) => {
    const out = []
    for (let n = 0; n < changes + 5; n++) {
      const payload = `${withReload ? "reload" : "bare"} ${n}`
      const arrived = new Promise((resolve) => {
        waiting = { payload, resolve }
      })
      await notifier.query("select pg_notify('folio_bench_config', $1)", [payload])
      const committed = performance.now()
      let received = await arrived
      if (withReload) {
        await reader.query(latestSql)
        received = performance.now()
      }
      if (n >= 5) out.push(received - committed) // the first five warm up
      await sleep(20 + Math.random() * 80)
    }
    return out
  }
  const bareNotify = await bare(false)
  const bareReload = await bare(true)

  // --- Figures -------------------------------------------------------------------------------------
  console.log(`\n  Folio: ${changes} changes of banner.message through instance 1 (PATCH /api/config)`)
  row("PATCH /api/config, request to answer", stats(patchMs))
  for (let i = 0; i < instances; i++)
    row(
      `instance ${i + 1} shows it, from the PATCH's answer${i === 0 ? " (its own write)" : ""}`,
      stats(byInstance[i]),
    )
  const folio = stats(all)
  row("every instance shows it, from the PATCH's answer", folio)
  row("one GET /api/status, request to answer (resolution)", stats(statusMs))
  console.log(`\n  Baselines (bare pg, ${changes} notifications each, after 5 to warm up)`)
  const notify = stats(bareNotify)
  const reload = stats(bareReload)
  row("NOTIFY's answer to the LISTEN connection's notification", notify)
  row("  + the store's newest-version query on a 2nd connection", reload)
  // Delivery can beat the NOTIFY's own answer back to its sender, so a baseline may be ≤ 0.
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}×` : "n/a (baseline ≤ 0)")
  console.log(
    `\n  ratio Folio p95 / baseline p95: over the notification ${ratio(folio.p95, notify.p95)}, over notification + reload query ${ratio(folio.p95, reload.p95)}`,
  )
  console.log(
    `  target p95 ≤ 1 s (a change served by every one of ${instances} instances): ${ms(folio.p95)}, ${folio.p95 <= targetMs ? "met" : "MISSED"}`,
  )
} finally {
  await scratch.cleanUp()
}
