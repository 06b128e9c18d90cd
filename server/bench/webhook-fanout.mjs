// Webhook fan-out (issue 11): one report published to 10,000 webhook channels, so that its
// release creates 10,000 deliveries (one per report × channel × tier: one tier here), each sent
// by a `deliver` job as a Standard-Webhooks-signed POST to a loopback receiver (its own process).
// Deliveries/s from the first to the last `delivered_at` in SQL, against a bare loop of signed
// POSTs to the same receiver in the same run, with the job runner's concurrency (10 jobs at once
// per instance, server/src/jobs/worker.ts) and the same keep-alive agent settings (64 sockets):
// bare loop, Folio, bare loop again; the ratio is taken against the mean of the two loops.
// Usage: node server/bench/webhook-fanout.mjs (after `npm run build`). BENCH_DELIVERIES (10000),
// BENCH_INSTANCES (1), BENCH_DATABASE_URL, BENCH_CPU_PROF (a folder for the instances' CPU profiles).
import { spawn } from "node:child_process"
import { createHmac, randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import * as http from "node:http"
import { cpus, loadavg } from "node:os"
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

const total = Number(process.env.BENCH_DELIVERIES ?? 10_000)
const instances = Number(process.env.BENCH_INSTANCES ?? 1)
const target = 0.5
// The job runner's concurrency per instance, read from its source so the figure stays honest.
const perInstance = Number(
  /const concurrency = (\d+)/.exec(
    readFileSync(new URL("../src/jobs/worker.ts", import.meta.url), "utf8"),
  )?.[1],
)
if (!Number.isInteger(perInstance)) throw new Error("could not read the job runner's concurrency")
const concurrency = perInstance * instances
const scratch = scratchRun("folio-bench-fanout-", "folio_bench_fanout")
const { dir, dbName, dbUrl } = scratch
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

process.env.FOLIO_WEBHOOK_ALLOW_NETWORKS ??= "127.0.0.0/8"

// The receiver: its own process, answers 204 to a POST once it has read the body; GET counts.
const receiverSource = `
const http = require("node:http")
let received = 0
const server = http.createServer((req, res) => {
  if (req.method === "GET") return res.end(JSON.stringify({ received }))
  req.resume()
  req.on("end", () => { received++; res.writeHead(204).end() })
})
server.keepAliveTimeout = 60000
server.listen(0, "127.0.0.1", () => console.log(server.address().port))
`
const startReceiver = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", receiverSource], { stdio: ["ignore", "pipe", "inherit"] })
    child.once("error", reject)
    child.stdout.once("data", (d) => resolve({ child, url: `http://127.0.0.1:${Number(String(d))}` }))
  })

// Standard Webhooks, as server/src/channels/webhook.ts signWebhook does it.
const sign = (id, timestamp, body, secret) => {
  const seconds = Math.floor(timestamp.getTime() / 1000).toString()
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64")
  const signature = createHmac("sha256", key).update(`${id}.${seconds}.${body}`, "utf8").digest("base64")
  return { "webhook-id": id, "webhook-timestamp": seconds, "webhook-signature": `v1,${signature}` }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const post = (url, headers, body) =>
  new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent,
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body).toString(),
        "user-agent": "Folio-Webhooks/1",
      },
    })
    request.on("response", (response) => {
      response.resume()
      response.on("end", () =>
        response.statusCode >= 200 && response.statusCode < 300
          ? resolve()
          : reject(new Error(`HTTP ${response.statusCode}`)),
      )
    })
    request.on("error", reject)
    request.end(body)
  })

/**
 * The bare loop: for every channel, the delivery's JSON (the shape `deliver` sends, built from
 * one read of the report), signed with the channel's secret and POSTed, `concurrency` at once.
 * Returns deliveries/s from the first answer to the last, and the whole time.
 */
const bareLoop = async (channels, report) => {
  let next = 0
  let first
  let last
  const started = performance.now()
  const worker = async () => {
    while (next < channels.length) {
      const channel = channels[next++]
      const id = randomUUID()
      const body = JSON.stringify({
        type: "report.published",
        version: 1,
        deliveryId: id,
        occurredAt: new Date().toISOString(),
        report: { ...report, tier: { embargoHours: 0, audience: report.audience } },
      })
      await post(channel.url, sign(id, new Date(), body, channel.secret), body)
      last = performance.now()
      first ??= last
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return {
    rate: (channels.length - 1) / ((last - first) / 1000),
    seconds: (performance.now() - started) / 1000,
  }
}

/**
 * An instance on the scratch database, or, with BENCH_CPU_PROF=<dir>, the same server started
 * under `node --cpu-prof`, which writes a V8 CPU profile to that folder when it stops.
 */
const startInstance = () => {
  const profile = process.env.BENCH_CPU_PROF
  return startServer(dbUrl, dir, {
    nodeOptions: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
    onSpawn: (server) => scratch.children.push(server.child),
  })
}

const servers = []

try {
  await scratch.dropStale()
  console.log(
    `webhook fan-out: one report to ${total.toLocaleString("en")} webhook deliveries, ${instances} instance${instances === 1 ? "" : "s"} × ${perInstance} jobs at once, ${cpus().length} cores, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
  )
  const receiver = await startReceiver()
  scratch.children.push(receiver.child)
  await scratch.createDatabase()
  servers.push(await startInstance())
  const [first] = servers
  const token = await signIn(first.url, adminEmail, adminPassword)
  await seedReferenceData(first.url, token)
  const db = await scratch.connect()

  // One channel through the API; the rest copied in SQL with their own URL and secret (creating
  // 10,000 channels one request at a time is not what is measured).
  await api(first.url, token, "POST", "/channels", {
    name: "Hook 00000",
    kind: "webhook",
    url: `${receiver.url}/hooks/0`,
  })
  await db.query(
    `insert into channels (name, kind, enabled, url, secret)
     select 'Hook ' || lpad(g::text, 5, '0'), 'webhook', true, $1 || g,
            'whsec_' || encode(decode(md5(random()::text) || md5(random()::text), 'hex'), 'base64')
     from generate_series(1, $2) g`,
    [`${receiver.url}/hooks/`, total - 1],
  )
  const channels = (await db.query("select url, secret from channels where kind = 'webhook' order by name"))
    .rows

  const record = makeReport(rngOf(7), "fanout-0001")
  Object.assign(record, { status: "approved", audience: ["all"] })
  delete record.publishedAt
  await api(first.url, token, "POST", "/reports/import", {
    batchKey: `${dbName}-fanout`,
    rows: [{ file: "fanout.csv", line: 2, record }],
  })
  const reportId = (await db.query("select id from reports where external_id = 'fanout-0001'")).rows[0].id
  for (let i = 1; i < instances; i++) servers.push(await startInstance())

  // The report as a delivery carries it (deliver.ts payloadOf), for the bare loop.
  const row = (
    await db.query(
      `select r.id, r.external_id, r.title, r.summary, r.type, r.sector, r.tickers,
              coalesce((select json_agg(json_build_object('company', c.slug, 'team', t.name))
                        from report_audience a left join companies c on c.id = a.company_id
                        left join teams t on t.id = a.team_id where a.report_id = r.id), '[]') as audience
       from reports r where r.id = $1`,
      [reportId],
    )
  ).rows[0]
  const report = {
    id: row.id,
    externalId: row.external_id,
    title: row.title,
    summary: row.summary,
    type: row.type,
    sector: row.sector,
    tickers: row.tickers,
    publishedAt: new Date().toISOString(),
    url: `${first.url}/reports/${row.id}`,
    audience: row.audience,
  }

  // --- Bare loop, Folio, bare loop ---------------------------------------------------------------
  const bareBefore = await bareLoop(channels, report)
  console.log(
    `  bare loop (before): ${Math.round(bareBefore.rate).toLocaleString("en")} deliveries/s (${bareBefore.seconds.toFixed(1)} s)`,
  )

  // Transactions committed in the database while Folio delivers, per delivery (less the bench's
  // own polls); backends report their counts within a second of going idle.
  const commits = async () => {
    await sleep(1500)
    const { rows } = await db.query(
      "select xact_commit::bigint as n from pg_stat_database where datname = current_database()",
    )
    return Number(rows[0].n)
  }
  const commitsBefore = await commits()
  let polls = 0
  const publishStarted = performance.now()
  await api(first.url, token, "POST", `/reports/${reportId}/actions/publish`, {})
  const publishMs = performance.now() - publishStarted
  const created = (
    await db.query("select count(*)::int as n from deliveries where report_id = $1", [reportId])
  ).rows[0].n
  if (created !== total) throw new Error(`publishing created ${created} deliveries, not ${total}`)
  console.log(
    `  published through the API in ${(publishMs / 1000).toFixed(2)} s (${created} deliveries and jobs created)`,
  )
  const deadline = Date.now() + 600_000
  for (;;) {
    const { rows } = await db.query(
      `select count(*) filter (where status = 'delivered')::int as delivered,
              count(*) filter (where status in ('failed', 'dead'))::int as failed
       from deliveries where report_id = $1`,
      [reportId],
    )
    polls++
    if (rows[0].delivered === total) break
    if (rows[0].failed > 0) {
      const errors = await db.query(
        "select status, last_error, count(*)::int as n from deliveries where status in ('failed', 'dead') group by 1, 2",
      )
      throw new Error(`deliveries failed: ${JSON.stringify(errors.rows)}`)
    }
    if (Date.now() > deadline)
      throw new Error(`only ${rows[0].delivered} of ${total} delivered after 10 minutes`)
    await sleep(500)
  }
  const span = (
    await db.query(
      `select extract(epoch from max(d.delivered_at) - min(d.delivered_at)) as first_to_last,
              extract(epoch from max(d.delivered_at) - r.published_at) as from_publish,
              max(d.attempts) as attempts
       from deliveries d join reports r on r.id = d.report_id where r.id = $1 group by r.published_at`,
      [reportId],
    )
  ).rows[0]
  const perDelivery = ((await commits()) - commitsBefore - polls - 3) / total
  const folioRate = (total - 1) / Number(span.first_to_last)
  console.log(
    `  Folio: ${Math.round(folioRate).toLocaleString("en")} deliveries/s, first to last delivered_at (${Number(span.first_to_last).toFixed(1)} s; ${Number(span.from_publish).toFixed(1)} s from published_at; at most ${span.attempts} attempt a delivery)`,
  )
  console.log(`  ${perDelivery.toFixed(1)} transactions committed per delivery (pg_stat_database)`)

  const bareAfter = await bareLoop(channels, report)
  console.log(
    `  bare loop (after):  ${Math.round(bareAfter.rate).toLocaleString("en")} deliveries/s (${bareAfter.seconds.toFixed(1)} s)`,
  )
  const received = await fetch(receiver.url).then((r) => r.json())
  if (received.received !== 3 * total)
    throw new Error(`the receiver got ${received.received} POSTs, not ${3 * total}`)

  const ratio = folioRate / ((bareBefore.rate + bareAfter.rate) / 2)
  console.log(
    `\n  ratio Folio / bare loop: ${ratio.toFixed(3)} (against the loop before ${(folioRate / bareBefore.rate).toFixed(3)}, after ${(folioRate / bareAfter.rate).toFixed(3)})`,
  )
  console.log(
    `  target ≥ ${target}: ${ratio >= target ? "met" : `missed (${(ratio / target).toFixed(2)} of the target)`}`,
  )
} finally {
  agent.destroy()
  await scratch.cleanUp()
}
