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
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import autocannon from "autocannon"
import { freePort, waitFor } from "./processes.mjs"
import { adminPassword, adminQuery, databaseUrl, signIn, startServer } from "./reports-data.mjs"
import { normalizeSql, startSqlCapture } from "./sql-capture.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const only = process.env.BENCH_ONLY?.split(",")
const dbName = `folio_bench_reports_${total}`
const reader = "grace.liu@northwind.example" // Northwind Capital: all sectors, one team

const rssMiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

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

const load = (url, token, rate) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(rate ? { overallRate: rate } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  )

const measure = async (base, s, rate) => {
  const r = await load(`${base}${s.path}`, s.token, rate)
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(`${s.name} on ${base}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, n: r.requests.total }
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
    await measure(folio.url, s).catch(() => {}) // warm-up: JIT, pools, caches
    await measure(twin.url, s).catch(() => {})
    s.folio = { rps: 0 }
    s.twin = { rps: 0 }
    for (let i = 0; i < rounds; i++) {
      const f = await measure(folio.url, s)
      const t = await measure(twin.url, s)
      if (f.rps > s.folio.rps) s.folio = f
      if (t.rps > s.twin.rps) s.twin = t
    }
    const rate = Math.max(1, Math.round(s.twin.rps / 2))
    s.half = rate
    s.folioHalf = await measure(folio.url, s, rate)
    s.twinHalf = await measure(twin.url, s, rate)
    rss.folio.push(rssMiB(folio.child.pid))
    rss.twin.push(rssMiB(twin.child.pid))
    const x = s
    console.log(
      `  ${x.name.padEnd(7)} folio ${x.folio.rps.toFixed(0).padStart(6)}/s p50 ${x.folio.p50} p99 ${x.folio.p99} ms | twin ${x.twin.rps.toFixed(0).padStart(6)}/s p50 ${x.twin.p50} p99 ${x.twin.p99} ms | ratio ${(x.folio.rps / x.twin.rps).toFixed(2)} | at ${rate}/s: folio p50 ${x.folioHalf.p50} p99 ${x.folioHalf.p99} ms, twin p99 ${x.twinHalf.p99} ms`,
    )
  }

  console.log("")
  console.log(
    `  ${"scenario".padEnd(8)}${"stmts".padStart(6)}${"KB".padStart(7)}${"folio/s".padStart(9)}${"twin/s".padStart(9)}${"ratio".padStart(7)}${"p50 f/t ms".padStart(13)}${"p99 f/t ms".padStart(13)}${"half rate".padStart(11)}${"p99 f/t ms".padStart(13)}`,
  )
  for (const s of scenarios)
    console.log(
      `  ${s.name.padEnd(8)}${String(s.statements).padStart(6)}${(s.bytes / 1024).toFixed(1).padStart(7)}${s.folio.rps.toFixed(0).padStart(9)}${s.twin.rps.toFixed(0).padStart(9)}${(s.folio.rps / s.twin.rps).toFixed(2).padStart(7)}${`${s.folio.p50}/${s.twin.p50}`.padStart(13)}${`${s.folio.p99}/${s.twin.p99}`.padStart(13)}${`${s.half}/s`.padStart(11)}${`${s.folioHalf.p99}/${s.twinHalf.p99}`.padStart(13)}`,
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
