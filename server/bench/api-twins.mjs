// Folio's API against its bare twin (api-twin.mjs: node:http + pg, a pool of the same size, the same
// SQL, the same JSON) on the 1,000,000-report database, from one run: requests/s at saturation, p50
// and p99 there, p99 at half the twin's maximum rate, and resident memory, for four reads —
// health, a client reader's filtered reports list page, a report's page, and a search.
// Before any load, each scenario is sent once to each server through a recording proxy
// (sql-capture.mjs): the bench stops unless both sent the same statements with the same values
// and answered the same bytes (health: all but its timing fields).
// Usage: node server/bench/api-twins.mjs (after `npm run build`), on the database that
// `BENCH_KEEP_DB=1 node server/bench/reports-query.mjs` keeps (folio_bench_reports_<n>).
// BENCH_REPORTS (1,000,000) picks that database, BENCH_SECONDS (10) the length of each load run,
// BENCH_CONNECTIONS (16) the concurrent connections, BENCH_ROUNDS (2) the runs per server at
// saturation (the best is kept), BENCH_ONLY a comma-separated subset of scenario names.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { Agent, request } from "node:http"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import autocannon from "autocannon"
import { cpuMs, freePort, rssMiB, waitFor } from "./processes.mjs"
import { adminPassword, adminQuery, databaseUrl, signIn, startServer } from "./reports-data.mjs"
import { normalizeSql, startSqlCapture } from "./sql-capture.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const only = process.env.BENCH_ONLY?.split(",")
const dbName = `folio_bench_reports_${total}`
const reader = "grace.liu@northwind.example" // Northwind Capital: all sectors, one team

const startTwin = async (dbUrl) => {
  const port = await freePort()
  const child = spawn(process.execPath, [new URL("./api-twin.mjs", import.meta.url).pathname], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl, ...twinEnv },
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`, child)
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", resolve)
        child.kill("SIGTERM")
      }),
  }
}
let twinEnv = {}

const fetchText = async (base, path, token) => {
  const response = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`)
  return text
}

/** What a health answer says apart from its timing (latency and uptime differ call to call). */
const healthShape = (text) => JSON.stringify({ ...JSON.parse(text), database: null, uptimeSeconds: null })

const load = (url, token) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  )

/**
 * Requests at a steady `rate` for `seconds` (open loop: each is sent at its time, whatever the
 * answers before it did; autocannon's rate sends each second's share in a burst), over up to
 * `connections` keep-alive connections. Latency counts from the time a request was due, so time
 * spent waiting for a free connection counts too.
 */
const paced = (server, s, rate) =>
  new Promise((resolve, reject) => {
    const agent = new Agent({ keepAlive: true, maxSockets: connections })
    const total = Math.round(rate * seconds)
    const latencies = []
    const cpu = cpuMs(server.child.pid)
    const t0 = performance.now() + 20
    const dueAt = (i) => t0 + (i * 1000) / rate
    let sent = 0
    const finish = () => {
      agent.destroy()
      if (latencies.length < total)
        return reject(
          new Error(`${s.name} on ${server.url}: ${total - latencies.length} failed at ${rate}/s`),
        )
      latencies.sort((a, b) => a - b)
      const at = (q) => Math.round(latencies[Math.min(total - 1, Math.floor(q * total))] * 10) / 10
      resolve({
        rps: rate,
        p50: at(0.5),
        p99: at(0.99),
        n: total,
        cpu: (cpuMs(server.child.pid) - cpu) / total,
      })
    }
    let answered = 0
    const send = (due) => {
      const req = request(
        `${server.url}${s.path}`,
        { agent, headers: s.token ? { authorization: `Bearer ${s.token}` } : {} },
        (res) => {
          res.resume()
          res.on("end", () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due)
            if (++answered === total) finish()
          })
        },
      )
      req.on("error", () => {
        if (++answered === total) finish()
      })
      req.end()
    }
    const tick = () => {
      while (sent < total && dueAt(sent) <= performance.now()) send(dueAt(sent++))
      if (sent < total) setTimeout(tick, Math.max(0, dueAt(sent) - performance.now()))
    }
    setTimeout(tick, 20)
  })

/** One load run against `server`; with its CPU time per request (the server's process only). */
const measure = async (server, s) => {
  const cpu = cpuMs(server.child.pid)
  const r = await load(`${server.url}${s.path}`, s.token)
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(
      `${s.name} on ${server.url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
    )
  const n = r.requests.total
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    n,
    cpu: (cpuMs(server.child.pid) - cpu) / n,
  }
}

const servers = []
const dir = mkdtempSync(join(tmpdir(), "folio-bench-twins-"))
let capture
try {
  const marker = (
    await adminQuery(
      "select shobj_description(oid, 'pg_database') as m from pg_database where datname = $1",
      [dbName],
    )
  ).rows[0]?.m
  if (!marker?.endsWith("complete"))
    throw new Error(
      `${dbName} is missing or incomplete: make it with BENCH_KEEP_DB=1 BENCH_REPORTS=${total} node server/bench/reports-query.mjs`,
    )
  const url = databaseUrl(dbName)
  console.log(
    `Folio against its bare twin: ${dbName} (${marker}), ${connections} connections, ${seconds} s a run, ${cpus().length} cores, node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  )

  // 1. Both servers through the recording proxy: same statements, same values, same bodies.
  capture = await startSqlCapture(url)
  let folio = await startServer(capture.url, dir)
  servers.push(folio)
  const token = await signIn(folio.url, reader, adminPassword)
  const health = JSON.parse(await fetchText(folio.url, "/api/health"))
  twinEnv = { TWIN_VERSION: health.version, TWIN_DEPLOYMENT: health.deploymentId }
  let twin = await startTwin(capture.url)
  servers.push(twin)
  const listed = JSON.parse(await fetchText(folio.url, "/api/reports?ticker=AAPL", token))
  const reportId = listed.items[0].id
  const scenarios = [
    { name: "health", path: "/api/health", token: null },
    { name: "list", path: "/api/reports?ticker=AAPL", token, what: "reader ?ticker=AAPL (50 rows)" },
    { name: "report", path: `/api/reports/${reportId}`, token, what: "reader, one report with its body" },
    {
      name: "search",
      path: `/api/search?q=${encodeURIComponent("gross margin")}`,
      token,
      what: "reader q=gross margin (20 hits, snippets, facets)",
    },
  ].filter((s) => !only || only.includes(s.name))
  for (const s of scenarios) {
    // Warm both (Folio writes a session's last use at most once a minute; caches fill).
    await fetchText(folio.url, s.path, s.token)
    await fetchText(twin.url, s.path, s.token)
    capture.take()
    const ours = await fetchText(folio.url, s.path, s.token)
    const ourSql = capture.take()
    const theirs = await fetchText(twin.url, s.path, s.token)
    const theirSql = capture.take()
    const key = (st) => `${normalizeSql(st.text)}\n  values: ${JSON.stringify(st.values)}`
    const a = ourSql.map(key).sort()
    const b = theirSql.map(key).sort()
    const onlyOurs = a.filter((x) => !b.includes(x))
    const onlyTheirs = b.filter((x) => !a.includes(x))
    if (onlyOurs.length > 0 || onlyTheirs.length > 0 || a.length !== b.length)
      throw new Error(
        `${s.name}: the twin does not send Folio's statements (${a.length} against ${b.length}).\nOnly Folio:\n${onlyOurs.join("\n")}\nOnly the twin:\n${onlyTheirs.join("\n")}`,
      )
    const same = s.name === "health" ? healthShape(ours) === healthShape(theirs) : ours === theirs
    if (!same) {
      const at = [...ours].findIndex((c, i) => c !== theirs[i])
      throw new Error(
        `${s.name}: the bodies differ at byte ${at}:\n  Folio: …${ours.slice(Math.max(0, at - 120), at + 120)}\n  twin:  …${theirs.slice(Math.max(0, at - 120), at + 120)}`,
      )
    }
    s.statements = a.length
    s.bytes = Buffer.byteLength(ours)
    console.log(
      `  ${s.name}: ${s.statements} statements, ${(s.bytes / 1024).toFixed(1)} KB, the same in both`,
    )
  }
  for (const server of servers.splice(0)) await server.stop()
  await capture.stop()
  capture = undefined

  // 2. Load, straight to PostgreSQL: saturation (best of `rounds`, alternating), then half the twin's rate.
  folio = await startServer(url, dir)
  twin = await startTwin(url)
  servers.push(folio, twin)
  const rss = { folio: [rssMiB(folio.child.pid)], twin: [rssMiB(twin.child.pid)] }
  for (const s of scenarios) {
    await measure(folio, s).catch(() => {}) // warm-up: JIT, pools, caches
    await measure(twin, s).catch(() => {})
    s.folio = { rps: 0 }
    s.twin = { rps: 0 }
    for (let i = 0; i < rounds; i++) {
      const f = await measure(folio, s)
      const t = await measure(twin, s)
      if (f.rps > s.folio.rps) s.folio = f
      if (t.rps > s.twin.rps) s.twin = t
    }
    const rate = Math.max(1, Math.round(s.twin.rps / 2))
    s.half = rate
    s.folioHalf = await paced(folio, s, rate)
    s.twinHalf = await paced(twin, s, rate)
    rss.folio.push(rssMiB(folio.child.pid))
    rss.twin.push(rssMiB(twin.child.pid))
    console.log(
      `  ${s.name.padEnd(7)} folio ${s.folio.rps.toFixed(0)}/s p50 ${s.folio.p50} p99 ${s.folio.p99} ms ${s.folio.cpu.toFixed(2)} ms CPU | twin ${s.twin.rps.toFixed(0)}/s p50 ${s.twin.p50} p99 ${s.twin.p99} ms ${s.twin.cpu.toFixed(2)} ms CPU | ratio ${(s.folio.rps / s.twin.rps).toFixed(2)} | at ${rate}/s: folio p50 ${s.folioHalf.p50} p99 ${s.folioHalf.p99} ms, twin p50 ${s.twinHalf.p50} p99 ${s.twinHalf.p99} ms`,
    )
  }

  console.log("")
  const cols = [
    ["scenario", 8, (s) => s.name],
    ["stmts", 6, (s) => s.statements],
    ["KB", 6, (s) => (s.bytes / 1024).toFixed(1)],
    ["folio/s", 8, (s) => s.folio.rps.toFixed(0)],
    ["twin/s", 8, (s) => s.twin.rps.toFixed(0)],
    ["ratio", 6, (s) => (s.folio.rps / s.twin.rps).toFixed(2)],
    ["p50 f/t", 10, (s) => `${s.folio.p50}/${s.twin.p50}`],
    ["p99 f/t", 10, (s) => `${s.folio.p99}/${s.twin.p99}`],
    ["CPU ms/req f/t", 15, (s) => `${s.folio.cpu.toFixed(2)}/${s.twin.cpu.toFixed(2)}`],
    ["half rate", 10, (s) => `${s.half}/s`],
    ["p50 f/t", 11, (s) => `${s.folioHalf.p50}/${s.twinHalf.p50}`],
    ["p99 f/t", 12, (s) => `${s.folioHalf.p99}/${s.twinHalf.p99}`],
  ]
  console.log(`  ${cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join(" ")}  (ms)`)
  for (const s of scenarios)
    console.log(
      `  ${cols.map(([, w, f], i) => (i === 0 ? String(f(s)).padEnd(w) : String(f(s)).padStart(w))).join(" ")}`,
    )
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(" → ")
  console.log(
    `  resident memory (MiB, at start and after each scenario): folio ${fmt(rss.folio)}; twin ${fmt(rss.twin)}`,
  )
  const missed = scenarios.filter((s) => s.folio.rps / s.twin.rps < 0.6 || s.folioHalf.p99 > 25)
  console.log(
    `  targets (≥ 0.6 of the twin's requests/s, p99 ≤ 25 ms at half its rate): ${missed.length === 0 ? "met" : `MISSED by ${missed.map((s) => s.name).join(", ")}`}; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  )
} finally {
  for (const server of servers) await server.stop()
  if (capture) await capture.stop()
  rmSync(dir, { recursive: true, force: true })
}
