// GET /api/health on the real server (database ping included) against a bare node:http server
// answering the same JSON, both measured here with the same load, in separate processes.
// Usage: npm run bench -w @folio/server   (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 to change)
import autocannon from "autocannon"
import { processRun, startFolio, startNode } from "./processes.mjs"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)

const load = (url) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  )

const measure = async (name, url) => {
  await load(url).catch(() => {}) // warm-up (JIT, pools)
  const r = await load(url)
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 }
}

const run = processRun("folio-bench-")
try {
  const folio = await startFolio(run.dataDir)
  run.children.push(folio.child)
  const folioPort = folio.port
  const body = await (await fetch(`http://127.0.0.1:${folioPort}/api/health`)).text()

  const bare = await startNode((port) => [
    "-e",
    `const body=${JSON.stringify(body)};require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json"});s.end(body)}).listen(${port},"127.0.0.1")`,
  ])
  run.children.push(bare.child)
  const barePort = bare.port

  const baseline = await measure("bare node:http", `http://127.0.0.1:${barePort}/`)
  const ours = await measure("folio /api/health", `http://127.0.0.1:${folioPort}/api/health`)
  console.log(`GET /api/health, ${connections} connections, ${seconds} s each, after a warm-up run`)
  for (const r of [baseline, ours]) {
    console.log(
      `  ${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`,
    )
  }
  console.log(
    `  ratio folio/bare: ${(ours.rps / baseline.rps).toFixed(3)} (includes a PostgreSQL round trip per request)`,
  )
} finally {
  await run.stop()
}
