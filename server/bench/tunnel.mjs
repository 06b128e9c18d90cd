// The error tunnel on the real server — read, parse, check the DSN, file the event in PostgreSQL and
// forward the untouched bytes to a loopback stand-in for Sentry — against two bare node:http
// servers measured in the same run with the same load and envelopes: one that only reads the body,
// and the fair twin (tunnel-twin.mjs) that reads it and forwards it to the same stand-in.
// Usage: node server/bench/tunnel.mjs (after `npm run build`); BENCH_SECONDS=10 BENCH_CONNECTIONS=16
// BENCH_STORM_SECONDS=0.
import { randomBytes } from "node:crypto"
import { createEnvelope, serializeEnvelope } from "@sentry/core"
import autocannon from "autocannon"
import { cpuMs, processRun, rssMiB, startFolio, startNode } from "./processes.mjs"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16)
// BENCH_STORM_SECONDS=300: then a storm of that length on the tunnel alone, its RSS every 30 s.
const stormSeconds = Number(process.env.BENCH_STORM_SECONDS ?? 0)
const dsn = "https://benchkey@o1.ingest.sentry.io/7"
const tunnelPath = "/monitoring?o=1&p=7"

// One browser-like error event (stack of 12 frames, 30 breadcrumbs): about 5 KB serialised. Each
// request gets its own event id, as every real event does (the inbox keeps a repeated id once).
const idSlot = "0".repeat(32)
const event = {
  event_id: idSlot,
  timestamp: Date.now() / 1000,
  platform: "javascript",
  level: "error",
  release: "bench",
  request: { url: "https://folio.example/reports/42", headers: { "User-Agent": "Mozilla/5.0 Chrome/126.0" } },
  user: { id: "user-1" },
  contexts: { browser: { name: "Chrome", version: "126.0.0" }, os: { name: "Linux" } },
  exception: {
    values: [
      {
        type: "TypeError",
        value: "Cannot read properties of undefined (reading 'title')",
        stacktrace: {
          frames: Array.from({ length: 12 }, (_, i) => ({
            filename: `https://folio.example/assets/chunk-${i}-Dk3kx9aQ.js`,
            function: `frame${i}`,
            lineno: 10 + i,
            colno: 5,
            in_app: i > 6,
          })),
        },
      },
    ],
  },
  breadcrumbs: Array.from({ length: 30 }, (_, i) => ({
    timestamp: Date.now() / 1000 - 30 + i,
    category: "ui.click",
    message: `button#action-${i}`,
  })),
}
const template = serializeEnvelope(
  createEnvelope({ event_id: idSlot, sent_at: new Date().toISOString(), dsn }, [[{ type: "event" }, event]]),
)
const freshBody = () => template.replaceAll(idSlot, randomBytes(16).toString("hex"))

const load = (url, duration = seconds) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections,
        duration,
        pipelining: 1,
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8" },
        requests: [{ setupRequest: (request) => ({ ...request, body: freshBody() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  )

const measure = async (name, url, pid) => {
  await load(url).catch(() => {}) // warm-up (JIT, pools)
  const cpu = cpuMs(pid)
  const r = await load(url)
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  const total = r.requests.total
  const cpuPer = (cpuMs(pid) - cpu) / total
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total, cpuPer }
}

const run = processRun("folio-bench-tunnel-")
try {
  // The stand-in for Sentry runs in its own process, so the load generator does not slow it down.
  const ingest = await startNode((port) => [
    "-e",
    `let n=0;require("node:http").createServer((q,s)=>{q.resume();q.on("end",()=>{if(q.method==="POST")n++;s.writeHead(200,{"content-type":"application/json"});s.end(q.method==="POST"?'{"id":"bench"}':String(n))})}).listen(${port},"127.0.0.1")`,
  ])
  run.children.push(ingest.child)
  const ingestPort = ingest.port
  const folio = await startFolio(run.dataDir, {
    FOLIO_SEED: "none",
    SENTRY_DSN: dsn,
    SENTRY_INGEST_URL: `http://127.0.0.1:${ingestPort}`,
    // All the load comes from one address: the rate limit is checked on every request (that
    // cost is measured), set high enough that none is refused.
    FOLIO_TUNNEL_RATE_LIMIT: "1000000000",
  })
  run.children.push(folio.child)
  const folioPort = folio.port

  const { child: bare, port: barePort } = await startNode((port) => [
    "-e",
    `require("node:http").createServer((q,s)=>{q.resume();q.on("end",()=>{s.writeHead(200,{"content-type":"application/json"});s.end("{}")})}).listen(${port},"127.0.0.1")`,
  ])
  run.children.push(bare)

  const { child: twin, port: twinPort } = await startNode(
    [new URL("./tunnel-twin.mjs", import.meta.url).pathname],
    { env: { INGEST: `http://127.0.0.1:${ingestPort}` } },
  )
  run.children.push(twin)

  const rssBefore = rssMiB(folio.child.pid)
  const baseline = await measure("bare node:http", `http://127.0.0.1:${barePort}${tunnelPath}`, bare.pid)
  const forwarding = await measure("bare + forward", `http://127.0.0.1:${twinPort}${tunnelPath}`, twin.pid)
  const ours = await measure("folio tunnel", `http://127.0.0.1:${folioPort}${tunnelPath}`, folio.child.pid)
  const rssAfter = rssMiB(folio.child.pid)
  console.log(
    `POST ${tunnelPath} with a ${(Buffer.byteLength(template) / 1024).toFixed(1)} KB error envelope, ` +
      `${connections} connections, ${seconds} s each, after a warm-up run`,
  )
  for (const r of [baseline, forwarding, ours]) {
    console.log(
      `  ${r.name.padEnd(16)} ${r.rps.toFixed(0).padStart(7)} envelopes/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.cpuPer.toFixed(2)} ms CPU each`,
    )
  }
  console.log(
    `  ratio folio/bare + forward: ${(ours.rps / forwarding.rps).toFixed(3)} (the fair twin: the same forward, without parsing, checks or inbox)`,
  )
  console.log(
    `  ratio folio/bare: ${(ours.rps / baseline.rps).toFixed(3)} (parse + inbox in PostgreSQL + forward, against reading the body alone)`,
  )
  const forwarded = await (await fetch(`http://127.0.0.1:${ingestPort}/`)).text()
  console.log(`  forwarded to the loopback ingest: ${forwarded} envelopes (warm-up included)`)
  console.log(
    `  folio RSS: ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after (${(rssAfter - rssBefore).toFixed(0)} MiB)`,
  )
  // A long storm on the tunnel alone: is resident memory flat once V8 has sized its heap?
  if (stormSeconds > 0) {
    const samples = [rssMiB(folio.child.pid)]
    const timer = setInterval(() => samples.push(rssMiB(folio.child.pid)), 30_000)
    const storm = await load(`http://127.0.0.1:${folioPort}${tunnelPath}`, stormSeconds)
    clearInterval(timer)
    samples.push(rssMiB(folio.child.pid))
    console.log(
      `  storm: ${stormSeconds} s, ${storm.requests.total} envelopes (${storm.requests.average.toFixed(0)}/s, ${storm.non2xx} non-2xx, p99 ${storm.latency.p99} ms); folio RSS every 30 s: ${samples.map((x) => x.toFixed(0)).join(" → ")} MiB`,
    )
  }
} finally {
  await run.stop()
}
