// How long Folio takes to refuse a hostile body (POST /api/session with an email nested a million
// deep, 1.9 MB), against a bare node:http server that reads the same body and answers a constant
// 400, both measured here, in separate processes; and how long a health request waits meanwhile.
// Usage: npm run build && node server/bench/hostile.mjs   (BENCH_ROUNDS=40 to change)
import { request } from "node:http"
import { processRun, startFolio, startNode } from "./processes.mjs"

const rounds = Number(process.env.BENCH_ROUNDS ?? 40)
const depth = 1_000_000
const hostile = `{"email":${"[".repeat(depth)}${"]".repeat(depth)},"password":"x"}`

/** Milliseconds from the last byte of the body written to the whole answer read, and its status. */
const send = (url, body, method = "POST") =>
  new Promise((resolve, reject) => {
    let sentAt = 0
    const req = request(url, {
      method,
      agent: false,
      headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
    })
    req.on("response", (res) => {
      res.resume()
      res.on("end", () => resolve({ ms: performance.now() - sentAt, status: res.statusCode }))
    })
    req.on("error", reject)
    req.end(body, () => {
      sentAt = performance.now()
    })
    if (!body) sentAt = performance.now()
  })

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] }
}

const measure = async (name, base, path, expected) => {
  await send(`${base}${path}`, hostile) // warm-up
  const rejections = []
  const healthWaits = []
  for (let i = 0; i < rounds; i++) {
    const answer = await send(`${base}${path}`, hostile)
    if (answer.status !== expected)
      throw new Error(`${name}: answered ${answer.status}, expected ${expected}`)
    rejections.push(answer.ms)
    // Three hostile requests in flight, then a health request: how long does it wait?
    const inFlight = [1, 2, 3].map(() => send(`${base}${path}`, hostile))
    healthWaits.push((await send(`${base}/api/health`, undefined, "GET")).ms)
    await Promise.all(inFlight)
  }
  return { name, rejection: stats(rejections), health: stats(healthWaits) }
}

const run = processRun("folio-bench-")
try {
  const folio = await startFolio(run.dataDir)
  run.children.push(folio.child)
  const folioPort = folio.port

  const bare = await startNode(
    (port) => [
      "-e",
      `require("node:http").createServer((q,s)=>{const c=[];q.on("data",(d)=>c.push(d));q.on("end",()=>{Buffer.concat(c).toString("utf8");` +
        `s.writeHead(q.method==="GET"?200:400,{"content-type":"application/json"});s.end('{"message":"bad"}')})}).listen(${port},"127.0.0.1")`,
    ],
    { path: "/api/health" },
  )
  run.children.push(bare.child)
  const barePort = bare.port

  const baseline = await measure("bare node:http", `http://127.0.0.1:${barePort}`, "/api/session", 400)
  const ours = await measure("folio", `http://127.0.0.1:${folioPort}`, "/api/session", 400)
  console.log(
    `POST /api/session with an email nested ${depth.toLocaleString("en")} deep (${(hostile.length / 1e6).toFixed(2)} MB), ${rounds} rounds`,
  )
  const f = (n) => `${n.toFixed(1).padStart(6)} ms`
  for (const r of [baseline, ours]) {
    console.log(
      `  ${r.name.padEnd(16)} refused in p50 ${f(r.rejection.p50)}  p95 ${f(r.rejection.p95)}  max ${f(r.rejection.max)}` +
        `   health beside 3 in flight: p50 ${f(r.health.p50)}  max ${f(r.health.max)}`,
    )
  }
  console.log(
    `  ratio folio/bare (p50 refusal): ${(ours.rejection.p50 / baseline.rejection.p50).toFixed(2)}; target: folio p95 ≤ 50 ms`,
  )
} finally {
  await run.stop()
}
