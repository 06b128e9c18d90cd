// The configuration read on the request path (issue 12): what a request costs with the two store
// reads every API request makes (the missing-configuration gate in app.ts, the maintenance gate run
// by authentication) against the same request without them. Two builds of the same sources, made
// here with the options of scripts/build.mjs: "with" as they are, "without" with http/siteGate.ts's
// two gates replaced by pass-throughs (nothing else differs; the server has no switch for this and
// gets none). Both run on one scratch database, started afresh for each of several pairs (with one
// pair per run, the difference went from −12% to +20% and back between runs: a process's own
// luck, JIT and memory layout, weighs more than the gates), pinned to one shared CPU; each round loads both at the same time with the same request,
// so whatever else the machine does weighs on both alike. Figures: requests/s and the server's CPU
// time per request (/proc/<pid>/stat); the cost, averaged per pair, with its interval over pairs.
// Then, in one process, the gates themselves on the real ConfigStore: ns per call against the
// pass-throughs, and their share of a request's CPU time.
// Usage: node server/bench/config-read.mjs (about 10 minutes). BENCH_PAIRS (5), BENCH_ROUNDS (3
// per pair and request), BENCH_SECONDS (10 a round), BENCH_CONNECTIONS (10 per instance),
// BENCH_REPORTS (400), BENCH_CPU (the CPU both instances share, 0; empty: not pinned),
// BENCH_DATABASE_URL.
import { execFileSync, spawnSync } from "node:child_process"
import { readFile } from "node:fs/promises"
import { cpus, loadavg } from "node:os"
import autocannon from "autocannon"
import { build } from "esbuild"
import {
  adminEmail,
  adminPassword,
  api,
  makeReport,
  rngOf,
  scratchRun,
  seedReferenceData,
  signIn,
  startServer,
} from "./reports-data.mjs"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const pairs = Number(process.env.BENCH_PAIRS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const reportCount = Number(process.env.BENCH_REPORTS ?? 400)
// Both measured instances share one CPU (taskset), so neither gets a better place on the machine.
const pinTo = process.env.BENCH_CPU ?? "0"
const pinned = pinTo !== "" && spawnSync("taskset", ["--version"]).status === 0
const targetPercent = 2
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100

// --- The builds --------------------------------------------------------------------------------
// Beside dist/main.js, so that they find the same packages and the console's files the same way.
const root = new URL("../", import.meta.url)
const outfileOf = (name) => new URL(`dist/bench-config-read-${name}.js`, root).pathname
const withFile = outfileOf("with")
const withoutFile = outfileOf("without")
const gatesFile = outfileOf("gates")
const scratch = scratchRun("folio-bench-configread-", "folio_bench_configread", {
  files: [withFile, withoutFile, gatesFile],
})
const { dir, dbName, dbUrl } = scratch
const options = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  alias: { "@folio/core": new URL("../core/src/index.ts", root).pathname },
  define: { __FOLIO_VERSION__: '"0.1.0"', __FOLIO_BUILD_ID__: '"bench-config-read"' },
  logLevel: "warning",
}
const siteGate = /[\\/]src[\\/]http[\\/]siteGate\.ts$/
let replaced = 0
/** siteGate.ts's exports, without the store: what "without" runs in their place. */
const withoutReads = {
  name: "site-gate-without-reads",
  setup(b) {
    b.onLoad({ filter: siteGate }, () => {
      replaced++
      return {
        loader: "ts",
        resolveDir: new URL("src/http/", root).pathname,
        contents: `import { HttpMiddleware } from "@effect/platform"
import { Effect } from "effect"
export const configMissingGate = (_store: unknown) => HttpMiddleware.make((app) => app)
export const maintenanceGate = (_store: unknown, _actor: unknown) => Effect.void`,
      }
    })
  },
}

// The gates on the real store, in one process: each against what "without" runs in its place,
// alternating, the median of the rounds. The missing gate wraps the app once (as app.ts does) and
// runs per request; the maintenance gate is made and run per request (as authentication.ts does).
const gatesSource = `
import { HttpServerResponse } from "@effect/platform"
import { tokenScopes } from "@folio/core"
import { Effect, Layer } from "effect"
import { AppConfigLive } from "./config.js"
import { ConfigRepo } from "./config/repo.js"
import { SecretBox } from "./config/secrets.js"
import { ConfigStore } from "./config/store.js"
import { DatabaseLive } from "./db/database.js"
import { configMissingGate, maintenanceGate } from "./http/siteGate.js"

const iterations = 50_000
const rounds = 11
const StoreLive = ConfigStore.Default.pipe(
  Layer.provide(Layer.mergeAll(ConfigRepo.Default, SecretBox.Default)),
  Layer.provide(DatabaseLive),
  Layer.provide(AppConfigLive),
)
const app = Effect.succeed(HttpServerResponse.empty())
/** ns per iteration of \`make()\` run \`iterations\` times in one fiber. */
const timed = (make) =>
  Effect.gen(function* () {
    const started = performance.now()
    for (let i = 0; i < iterations; i++) yield* make()
    return ((performance.now() - started) * 1e6) / iterations
  })
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const program = Effect.gen(function* () {
  const store = yield* ConfigStore
  const state = store.current()
  if (state.status !== "ready") throw new Error("the store did not load: " + JSON.stringify(state))
  const reader = { user: { role: "reader" }, scopes: tokenScopes }
  const gated = configMissingGate(store)(app)
  const pairs = {
    missingGate: [() => gated, () => app],
    maintenanceGate: [
      () => Effect.as(maintenanceGate(store, reader), reader),
      () => Effect.as(Effect.void, reader),
    ],
  }
  const out = {}
  for (const [name, [withRead, without]] of Object.entries(pairs)) {
    const a = []
    const b = []
    for (let round = 0; round < rounds + 2; round++) {
      const first = round % 2 === 0
      const x = yield* timed(first ? withRead : without)
      const y = yield* timed(first ? without : withRead)
      if (round < 2) continue // warm-up
      a.push(first ? x : y)
      b.push(first ? y : x)
    }
    out[name] = { with: median(a), without: median(b), diffs: a.map((x, i) => x - b[i]) }
  }
  // The reads alone, outside Effect: a property access each.
  let sink = 0
  const started = performance.now()
  for (let i = 0; i < 10 * iterations; i++) {
    if (store.current().status === "ready") sink++
    if (store.settings()["maintenance.enabled"]) sink++
  }
  out.readsNs = ((performance.now() - started) * 1e6) / (10 * iterations)
  out.sink = sink
  return out
})
const result = await Effect.runPromise(program.pipe(Effect.provide(StoreLive), Effect.scoped))
process.stdout.write(JSON.stringify(result))
process.exit(0)
`

const builds = async () => {
  const entryPoints = [new URL("src/main.ts", root).pathname]
  await build({ ...options, entryPoints, outfile: withFile })
  await build({ ...options, entryPoints, outfile: withoutFile, plugins: [withoutReads] })
  if (replaced !== 1) throw new Error(`siteGate.ts was replaced ${replaced} times in "without", not once`)
  await build({
    ...options,
    stdin: { contents: gatesSource, resolveDir: new URL("src/", root).pathname, loader: "ts" },
    outfile: gatesFile,
  })
}

// --- Servers -----------------------------------------------------------------------------------
const servers = []
/**
 * Starts a build on the scratch database (`pin`: on CPU `pinTo`, with taskset); resolves once
 * /api/health answers, each probe given 2 s.
 */
const startBuild = (name, file, pin = false) =>
  startServer(dbUrl, dir, {
    main: file,
    prefix: pin ? ["taskset", "-c", pinTo] : [],
    name,
    tries: 1200,
    probeMs: 2000,
    onSpawn: (server) => {
      servers.push(server)
      scratch.children.push(server.child)
    },
  })

/** CPU seconds (user + system) the process has used so far. */
const cpuSeconds = async (pid) => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

const load = (url, token, duration) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections, duration, pipelining: 1, headers: { authorization: `Bearer ${token}` } },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  )

/**
 * One round: both builds loaded at the same time, for the same seconds, so whatever else the
 * machine does in that round weighs on both; per build, requests/s and its CPU µs per request.
 */
const round = async (builds, path, token) => {
  const before = await Promise.all(builds.map((server) => cpuSeconds(server.child.pid)))
  const loads = await Promise.all(builds.map((server) => load(`${server.url}${path}`, token, seconds)))
  const after = await Promise.all(builds.map((server) => cpuSeconds(server.child.pid)))
  return loads.map((r, i) => {
    const { name } = builds[i]
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
      throw new Error(`${name} ${path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
    return { rps: r.requests.total / r.duration, cpuUs: ((after[i] - before[i]) * 1e6) / r.requests.total }
  })
}

// --- Statistics --------------------------------------------------------------------------------
// Two-sided 95% quantiles of Student's t for 1–30 degrees of freedom.
const t95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
]
/** Mean and 95% confidence interval of paired values. */
const interval = (xs) => {
  const n = xs.length
  const mean = xs.reduce((s, x) => s + x, 0) / n
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1))
  const half = (t95[Math.min(n - 2, t95.length - 1)] ?? 1.96) * (sd / Math.sqrt(n))
  return { mean, lo: mean - half, hi: mean + half }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const pct = (x) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}%`

// --- Run ---------------------------------------------------------------------------------------
try {
  await scratch.dropStale()
  console.log(
    `config read on the request path: ${cpus().length} cores, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
  )
  await builds()
  await scratch.createDatabase()
  // A seeding instance migrates, creates the admin and takes the data, then stops: the two
  // measured instances start afresh, with the same history.
  const seeder = await startBuild("seed", withFile)
  const admin = await signIn(seeder.url, adminEmail, adminPassword)
  const refs = await seedReferenceData(seeder.url, admin)
  const r = rngOf(21)
  const rows = Array.from({ length: reportCount }, (_, i) => ({
    file: "bench.csv",
    line: i + 2,
    record: makeReport(r, `configread-${String(i).padStart(4, "0")}`),
  }))
  for (let i = 0; i < rows.length; i += 200) {
    const result = await api(seeder.url, admin, "POST", "/reports/import", {
      batchKey: `${dbName}-${i}`,
      rows: rows.slice(i, i + 200),
    })
    if (result.issues?.length) throw new Error(`import: ${JSON.stringify(result.issues.slice(0, 3))}`)
  }
  // A client reader of Northwind Capital (every sector, one team), signed in with the admin's
  // password: the invitation mail is not part of the bench.
  const northwind = refs.companies.find((c) => c.slug === "northwind-capital")
  const reader = await api(seeder.url, admin, "POST", "/users/invite", {
    email: "grace.liu@northwind.example",
    name: "Grace Liu",
    companyId: northwind.id,
    role: "reader",
  })
  await api(seeder.url, admin, "POST", `/teams/${northwind.teams[0].id}/members`, { userId: reader.id })
  const db = await scratch.connect()
  await db.query(
    `update users set status = 'active', password_hash = (select password_hash from users where email = $1)
     where email = $2`,
    [adminEmail, "grace.liu@northwind.example"],
  )
  const token = await signIn(seeder.url, "grace.liu@northwind.example", adminPassword)
  // The jobs the import queued run on the seeder, not during a measured round.
  for (let i = 0; i < 600; i++) {
    const { rows: due } = await db.query(
      "select count(*)::int as n from graphile_worker.jobs where run_at <= now() and attempts < max_attempts",
    )
    if (due[0].n === 0) break
    await sleep(100)
  }
  const list = await api(seeder.url, token, "GET", "/reports?limit=20")
  const shown = list.items.length
  await seeder.stop()
  servers.splice(servers.indexOf(seeder), 1)
  console.log(
    `  ${pairs} pairs of fresh instances (with, without; started in turn first), each pinned ${pinned ? `to CPU ${pinTo} (taskset)` : "nowhere (no taskset)"}; per pair and request a warm-up round and ${rounds} rounds of ${seconds} s with both loaded at once (${connections} connections each); a reader's bearer session`,
  )
  const requests = [
    { name: "GET /api/reports?limit=20", path: "/api/reports?limit=20" },
    { name: "GET /api/session", path: "/api/session" },
  ]
  const results = requests.map((request) => ({ request, a: [], b: [], pairCost: [], pairCpu: [] }))
  let during
  for (let pair = 0; pair < pairs; pair++) {
    // Fresh processes each pair: a process's own luck (JIT, memory layout) is part of the noise
    // the interval over pairs has to show, not a difference between the builds.
    const started = {}
    for (const name of pair % 2 === 0 ? ["with", "without"] : ["without", "with"])
      started[name] = await startBuild(name, name === "with" ? withFile : withoutFile, pinned)
    const builds = [started.with, started.without]
    for (const result of results) {
      await round(builds, result.request.path, token) // warm-up
      const cost = []
      const cpu = []
      for (let i = 0; i < rounds; i++) {
        const [x, y] = await round(builds, result.request.path, token)
        result.a.push(x)
        result.b.push(y)
        cost.push((1 - x.rps / y.rps) * 100)
        cpu.push((x.cpuUs / y.cpuUs - 1) * 100)
      }
      result.pairCost.push(cost.reduce((t, c) => t + c, 0) / rounds)
      result.pairCpu.push(cpu.reduce((t, c) => t + c, 0) / rounds)
    }
    if (pair === pairs - 1) {
      // The builds differ where they should: with maintenance on, "with" turns the reader away and
      // "without" (no gate) lets them through. Checked after the last rounds, so that neither
      // build has met a refusal (code the other never runs) before it is measured.
      const setMaintenance = (enabled) =>
        api(started.with.url, admin, "PATCH", "/config", {
          operations: [{ operation: "upsert", key: "maintenance.enabled", value: enabled }],
        })
      const statusFor = (server) =>
        fetch(`${server.url}/api/reports?limit=20`, { headers: { authorization: `Bearer ${token}` } }).then(
          (res) => res.status,
        )
      await setMaintenance(true)
      during = [await statusFor(started.with), await statusFor(started.without)]
      await setMaintenance(false)
      if (during[0] !== 503 || during[1] !== 200)
        throw new Error(
          `maintenance on: "with" answered ${during[0]}, "without" ${during[1]} (expected 503, 200)`,
        )
    }
    for (const server of servers.splice(0)) await server.stop()
  }
  console.log(
    `  builds "with" and "without" (siteGate.ts's gates as pass-throughs) of the same sources, one database with ${reportCount} reports (the reader's list shows ${shown}); with maintenance on, a reader got ${during[0]} from "with" and ${during[1]} from "without"`,
  )

  // The gates in one process, on the real store of the same database (no load running now).
  const gates = JSON.parse(
    execFileSync(process.execPath, [gatesFile], {
      env: { ...process.env, DATABASE_URL: dbUrl, FOLIO_DATA_DIR: dir, LOG_LEVEL: "warn" },
      maxBuffer: 1 << 20,
    }).toString(),
  )

  // --- Figures -----------------------------------------------------------------------------------
  console.log(
    `\n  ${"request".padEnd(48)}${"with req/s".padStart(12)}${"without".padStart(10)}${"cost of the reads, mean [95% CI]".padStart(36)}`,
  )
  const verdicts = []
  for (const { request, a, b, pairCost, pairCpu } of results) {
    // Cost: how much slower "with" is than "without", a pair's rounds averaged; the interval is
    // over the pairs.
    const rps = interval(pairCost)
    const cpu = interval(pairCpu)
    console.log(
      `  ${request.name.padEnd(48)}${median(a.map((x) => x.rps))
        .toFixed(0)
        .padStart(12)}${median(b.map((x) => x.rps))
        .toFixed(0)
        .padStart(10)}${`${pct(rps.mean)} [${pct(rps.lo)}, ${pct(rps.hi)}]`.padStart(36)}`,
    )
    console.log(
      `  ${"  server CPU µs per request".padEnd(48)}${median(a.map((x) => x.cpuUs))
        .toFixed(0)
        .padStart(12)}${median(b.map((x) => x.cpuUs))
        .toFixed(0)
        .padStart(10)}${`${pct(cpu.mean)} [${pct(cpu.lo)}, ${pct(cpu.hi)}]`.padStart(36)}`,
    )
    const spread = (xs) => {
      const v = xs.map((x) => x.rps)
      return `${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)}`
    }
    console.log(
      `  ${"  req/s range over the rounds".padEnd(48)}${spread(a).padStart(12)}${spread(b).padStart(10)}`,
    )
    console.log(`  ${"  cost per pair (req/s)".padEnd(48)}${pairCost.map(pct).join(", ").padStart(58)}`)
    verdicts.push({ request, rps, cpuUs: median(a.map((x) => x.cpuUs)) })
  }
  const gateNs =
    gates.missingGate.with -
    gates.missingGate.without +
    gates.maintenanceGate.with -
    gates.maintenanceGate.without
  console.log(`\n  the gates in one process, real ConfigStore, 50,000 calls a round, median of 11 rounds:`)
  for (const [name, label] of [
    ["missingGate", "missing-configuration gate (app.ts), per request"],
    ["maintenanceGate", "maintenance gate (authentication), per request"],
  ]) {
    const g = gates[name]
    const d = interval(g.diffs)
    console.log(
      `    ${label.padEnd(50)} ${g.with.toFixed(0).padStart(5)} ns, pass-through ${g.without.toFixed(0).padStart(5)} ns: +${(g.with - g.without).toFixed(0)} ns [${d.lo.toFixed(0)}, ${d.hi.toFixed(0)}]`,
    )
  }
  console.log(
    `    the two reads alone (current() and settings()), outside Effect: ${gates.readsNs.toFixed(1)} ns`,
  )
  for (const v of verdicts)
    console.log(
      `    share of ${v.request.path}'s server CPU time (${v.cpuUs.toFixed(0)} µs): ${((gateNs / (v.cpuUs * 1000)) * 100).toFixed(3)}%`,
    )
  console.log("")
  // The in-process share decides, unless the A/B measures a cost above the target (its whole
  // interval above 2%); an interval wider than ±2% is the machine's noise, said as such.
  for (const v of verdicts) {
    const share = (gateNs / (v.cpuUs * 1000)) * 100
    const half = (v.rps.hi - v.rps.lo) / 2
    const ab =
      v.rps.lo > targetPercent
        ? `the A/B measures a cost above it: ${pct(v.rps.mean)} [${pct(v.rps.lo)}, ${pct(v.rps.hi)}]`
        : v.rps.hi <= targetPercent && half <= targetPercent
          ? `the A/B agrees (${pct(v.rps.mean)} ± ${half.toFixed(2)}%)`
          : `the A/B cannot resolve ${targetPercent}% on this machine (± ${half.toFixed(2)}% at 95%) and finds no cost above that`
    const met = share <= targetPercent && v.rps.lo <= targetPercent
    console.log(
      `  target ≤ ${targetPercent}%, ${v.request.path}: ${met ? "met" : "MISSED"}: the gates are ${share.toFixed(2)}% of its CPU time; ${ab}`,
    )
  }
} finally {
  await scratch.cleanUp()
}
