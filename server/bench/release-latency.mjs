// Release latency (issue 11): 500 approved reports scheduled with one `POST /api/schedule/apply`
// for the same instant, released by the `release` jobs of two server instances on one database,
// with a webhook channel (a loopback receiver) and an RSS channel. Per report: when the bench
// first saw it published, and first saw all its deliveries (a poll every 50 ms), minus its
// release_at; from SQL, published_at and the newest delivery's created_at minus release_at (both
// are the publishing transaction's start, not its commit); and the first tier's webhook
// delivered_at. Baseline in the same run, with the instances stopped: a bare `pg` script that, at
// the release instant of a second set of 500 reports, runs the release job's statements (claim
// with SKIP LOCKED in batches of 50, the batch's block checks, publish, create the deliveries with
// their jobs, audit) on two connections, one per instance.
// Usage: node server/bench/release-latency.mjs (after `npm run build`). BENCH_REPORTS (500),
// BENCH_RELEASE_AT (`offset`: 20 s ahead, off the minute; `minute`: the start of a minute at
// least 20 s ahead), FOLIO_JOB_POLL_MS (passed to the instances; unset, their default, 250 ms),
// BENCH_BARE_CONNECTIONS (2), BENCH_DATABASE_URL.
import { createServer } from "node:http"
import { cpus, loadavg } from "node:os"
import {
  adminEmail,
  adminPassword,
  api,
  connect,
  makeReport,
  rngOf,
  scratchRun,
  seedReferenceData,
  signIn,
  startServer,
  summary as stats,
} from "./reports-data.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 500)
const bareConnections = Number(process.env.BENCH_BARE_CONNECTIONS ?? 2)
const releaseMode = process.env.BENCH_RELEASE_AT ?? "offset"
const pollMs = process.env.FOLIO_JOB_POLL_MS
const targetMs = 1000
const releaseBatch = 50 // releases/service.ts
const lateAfterSeconds = 60 // releases/publish.ts
const seen = 50 // how often the bench looks for newly published reports, ms
const scratch = scratchRun("folio-bench-release-", "folio_bench_release")
const { dir, dbName, dbUrl } = scratch
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)))

// Loopback webhook targets are refused unless the operator allows them.
process.env.FOLIO_WEBHOOK_ALLOW_NETWORKS ??= "127.0.0.0/8"

/** The release instant: 20 s ahead (a whole second, moved off minute boundaries so that the
 * per-minute `release` cron sweep does not coincide), or the start of a minute at least 20 s ahead;
 * the apply of 500 entries itself takes seconds. */
const releaseInstant = () => {
  if (releaseMode === "minute") return new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
  let at = Math.ceil((Date.now() + 20_000) / 1000) * 1000
  const second = new Date(at).getUTCSeconds()
  if (second >= 57 || second <= 2) at += ((62 - second) % 60) * 1000 + 3000
  return new Date(at)
}

const ms = (v) => (v === undefined ? "–" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
const row = (label, s) =>
  console.log(
    `  ${label.padEnd(52)} p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}  (n=${s.n})`,
  )

// The webhook receiver: answers 204 to any POST once it has read the body.
let received = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on("end", () => {
    received++
    res.writeHead(204).end()
  })
})

const servers = []
let db
/** An instance on the scratch database, stopped by the clean-up whatever happens. */
const startInstance = () =>
  startServer(dbUrl, dir, { onSpawn: (server) => scratch.children.push(server.child) })

/** The records of `n` approved reports, as the import takes them. */
const records = (prefix, n, seed) => {
  const r = rngOf(seed)
  return Array.from({ length: n }, (_, i) => {
    const record = makeReport(r, `${prefix}-${String(i).padStart(4, "0")}`)
    record.status = "approved"
    delete record.publishedAt
    return record
  })
}

const importAll = async (url, token, prefix, list) => {
  for (let i = 0; i < list.length; i += 250) {
    const rows = list
      .slice(i, i + 250)
      .map((record, j) => ({ file: `${prefix}.csv`, line: i + j + 2, record }))
    const result = await api(url, token, "POST", "/reports/import", {
      batchKey: `${dbName}-${prefix}-${i}`,
      rows,
    })
    if (result.issues?.length) throw new Error(`import: ${JSON.stringify(result.issues.slice(0, 3))}`)
  }
}

/** Per report of a set: its release, publish and newest delivery times, and its delivery count. */
const measured = async (prefix) =>
  (
    await db.query(
      `select r.id, extract(epoch from r.release_at) * 1000 as release_ms,
              extract(epoch from r.published_at) * 1000 as published_ms,
              extract(epoch from max(d.created_at)) * 1000 as deliveries_ms,
              count(d.id)::int as deliveries,
              (select count(distinct a.embargo_hours)::int from report_audience a where a.report_id = r.id) as tiers,
              extract(epoch from max(d.delivered_at) filter (where c.kind = 'webhook' and d.tier_hours = 0)) * 1000 as webhook_ms
       from reports r left join deliveries d on d.report_id = r.id left join channels c on c.id = d.channel_id
       where r.external_id like $1 group by r.id`,
      [`${prefix}-%`],
    )
  ).rows.map((x) => ({
    id: x.id,
    releaseMs: Number(x.release_ms),
    publishedMs: Number(x.published_ms),
    deliveriesMs: Number(x.deliveries_ms),
    webhookMs: x.webhook_ms === null ? null : Number(x.webhook_ms),
    deliveries: x.deliveries,
    tiers: Math.max(1, x.tiers),
  }))

/**
 * Watches a set from just before `at` until every report of it is published with all its
 * deliveries: for each report, when the bench first saw it published and first saw all its
 * deliveries (a poll every 50 ms; the time the poll was sent, so up to one interval late). This is
 * when readers can see it: SQL's published_at is the start of the publishing transaction.
 */
const watch = async (prefix, at) => {
  const published = new Map()
  const delivered = new Map()
  const deadline = at.getTime() + 180_000
  await sleep(at.getTime() - Date.now() - 200)
  while (delivered.size < total) {
    if (Date.now() > deadline)
      throw new Error(`${prefix}: only ${published.size} of ${total} published after 180 s`)
    const asked = Date.now()
    const { rows } = await db.query(
      `select r.id,
              (select count(*)::int from deliveries d where d.report_id = r.id) as deliveries,
              (select count(*)::int from channels where enabled)
                * greatest(1, (select count(distinct embargo_hours)::int from report_audience a where a.report_id = r.id)) as expected
       from reports r where r.external_id like $1 and r.status = 'published'`,
      [`${prefix}-%`],
    )
    for (const r of rows) {
      if (!published.has(r.id)) published.set(r.id, asked)
      if (!delivered.has(r.id) && r.deliveries >= r.expected) delivered.set(r.id, asked)
    }
    await sleep(seen - (Date.now() - asked))
  }
  return { published, delivered }
}

// The release job's statements, copied from releases/service.ts releaseDue, releases/blocks.ts
// releaseBlocks, releases/publish.ts publishReports and createDeliveries, and audit/audit.ts
// recordSystem: one transaction per batch of 50, a fixed number of statements per batch.
const claimSql = `select id, tickers, release_at from reports
  where status = 'scheduled' and held_reason is null and release_at <= now()
  order by release_at, id limit $1 for update skip locked`
const restrictedSql = `select symbol, reason from restricted_tickers where symbol = any($1::text[]) order by symbol`
const blackoutSql = `select ticker, reason, ends_at from blackouts
  where starts_at <= now() and ends_at > now() and (ticker is null or ticker = any($1::text[]))
  order by ticker nulls first, ends_at desc`
const publishSql = `update reports set
    status = 'published',
    published_at = coalesce(published_at, now()),
    disclosures = coalesce(disclosures, $2),
    released_late = coalesce(held_reason is not null or release_at < now() - make_interval(secs => $3), false),
    held_reason = null,
    updated_at = now()
  where id = any($1::uuid[])
  returning id, released_late as late, release_at, published_at`
const deliveriesSql = `with r as (select id, channels, published_at from reports where id = any($1::uuid[])),
  tiers as (
    select r.id as report_id, t.hours from r
    cross join lateral (
      select distinct a.embargo_hours as hours from report_audience a where a.report_id = r.id
      union select 0 where not exists (select 1 from report_audience a where a.report_id = r.id)) t),
  targets as (
    select r.id as report_id, c.id as channel_id from r
    join channels c on c.enabled
      and (cardinality(r.channels) = 0 or lower(c.name) = any(select lower(x) from unnest(r.channels) x))),
  inserted as (
    insert into deliveries (report_id, channel_id, event, report_version, tier_hours, next_attempt_at, change_note)
    select r.id, targets.channel_id, 'report.published', 0, tiers.hours,
           greatest(now(), r.published_at + make_interval(hours => tiers.hours)), null
    from r
    join targets on targets.report_id = r.id
    join tiers on tiers.report_id = r.id
    on conflict (report_id, channel_id, tier_hours, event, report_version) where report_id is not null
    do nothing
    returning id, next_attempt_at)
  select inserted.id from inserted,
    lateral graphile_worker.add_job('deliver', json_build_object('deliveryId', inserted.id),
      run_at => inserted.next_attempt_at, max_attempts => 25, job_key => 'deliver:' || inserted.id) job`
const auditSql = `insert into audit_log (action, target_type, target_id, before, after)
  select * from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[])`

/** Milliseconds the baseline spent in each statement, summed over its connections and batches. */
const spent = { claim: 0, blocks: 0, publish: 0, deliveries: 0, audit: 0, commit: 0 }
const batches = { n: 0 }
const timed = async (what, run) => {
  const started = performance.now()
  try {
    return await run()
  } finally {
    spent[what] += performance.now() - started
  }
}

const bareRelease = async (client, disclosures) => {
  for (;;) {
    await client.query("begin")
    const due = (await timed("claim", () => client.query(claimSql, [releaseBatch]))).rows
    const symbols = [...new Set(due.flatMap((r) => r.tickers))]
    const [restricted, blackouts] = await timed("blocks", async () => [
      symbols.length === 0 ? { rows: [] } : await client.query(restrictedSql, [symbols]),
      await client.query(blackoutSql, [symbols]),
    ])
    if (restricted.rows.length > 0 || blackouts.rows.length > 0) throw new Error("unexpected block")
    const ids = due.map((r) => r.id)
    const published =
      ids.length === 0
        ? []
        : (await timed("publish", () => client.query(publishSql, [ids, disclosures, lateAfterSeconds]))).rows
    if (ids.length > 0) await timed("deliveries", () => client.query(deliveriesSql, [ids]))
    const releaseAtOf = new Map(due.map((r) => [r.id, r.release_at.toISOString()]))
    if (published.length > 0)
      await timed("audit", () =>
        client.query(auditSql, [
          published.map((p) => (p.late ? "report.release_late" : "report.release")),
          published.map(() => "report"),
          published.map((p) => p.id),
          published.map((p) => JSON.stringify({ status: "scheduled", releaseAt: releaseAtOf.get(p.id) })),
          published.map((p) =>
            JSON.stringify({ status: "published", publishedAt: p.published_at.toISOString(), late: p.late }),
          ),
        ]),
      )
    await timed("commit", () => client.query("commit"))
    if (due.length > 0) batches.n++
    if (due.length < releaseBatch) return
  }
}

try {
  await scratch.dropStale()
  console.log(
    `release latency: ${total} reports due together, 2 instances, ${cpus().length} cores, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
  )
  console.log(
    `  job poll interval: ${pollMs === undefined ? "250 ms (the server's default; FOLIO_JOB_POLL_MS unset)" : `${pollMs} ms (FOLIO_JOB_POLL_MS)`}`,
  )
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r))
  const hookUrl = `http://127.0.0.1:${receiver.address().port}/hooks/folio`

  await scratch.createDatabase()
  servers.push(await startInstance())
  const [first] = servers
  const token = await signIn(first.url, adminEmail, adminPassword)
  await seedReferenceData(first.url, token)
  await api(first.url, token, "POST", "/channels", { name: "Hook", kind: "webhook", url: hookUrl })
  await api(first.url, token, "POST", "/channels", { name: "Feed", kind: "rss" })
  await importAll(first.url, token, "folio", records("folio", total, 11))
  await importAll(first.url, token, "bare", records("bare", total, 12))
  servers.push(await startInstance())
  db = await scratch.connect()
  const serverVersion = (await db.query("show server_version")).rows[0].server_version
  console.log(
    `  PostgreSQL ${serverVersion}; 2 sets of ${total} approved reports imported, channels Hook (webhook) and Feed (rss)`,
  )

  // --- Folio: one apply, then the job runners of both instances ---------------------------------
  const at = releaseInstant()
  const entries = Array.from({ length: total }, (_, i) => ({
    report: `folio-${String(i).padStart(4, "0")}`,
    releaseAt: at.toISOString(),
  }))
  const applyStarted = performance.now()
  const plan = await api(first.url, token, "POST", "/schedule/apply", { entries })
  const applyMs = performance.now() - applyStarted
  if (!plan.applied || plan.steps.length !== total)
    throw new Error(`apply: ${JSON.stringify(plan).slice(0, 300)}`)
  const headroom = at.getTime() - Date.now()
  console.log(
    `  scheduled with one apply in ${ms(applyMs)} for ${at.toISOString()} (${releaseMode === "minute" ? "the start of a minute" : "20 s ahead, off the minute"}), ${ms(headroom)} ahead`,
  )
  if (headroom < 1000)
    throw new Error("the apply ended less than 1 s before the release instant; nothing measured")

  const folioSeen = await watch("folio", at)
  // The first tier's webhooks, for the figure to the receiver (not a target). A report whose
  // whole audience is embargoed has no tier at release.
  const webhooksDue = (
    await db.query(
      `select count(*)::int as n from deliveries d join channels c on c.id = d.channel_id
       where c.kind = 'webhook' and d.tier_hours = 0`,
    )
  ).rows[0].n
  const hooksDeadline = Date.now() + 120_000
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as n from deliveries d join channels c on c.id = d.channel_id
       where c.kind = 'webhook' and d.tier_hours = 0 and d.status = 'delivered'`,
    )
    if (rows[0].n >= webhooksDue || Date.now() > hooksDeadline) break
    await sleep(200)
  }
  const hookStatus = (
    await db.query(
      `select d.status, d.attempts, left(d.last_error, 120) as error, count(*)::int as n
       from deliveries d join channels c on c.id = d.channel_id
       where c.kind = 'webhook' and d.tier_hours = 0 group by 1, 2, 3 order by n desc`,
    )
  ).rows
  const folio = await measured("folio")
  const counts = (
    await db.query(
      `select
         (select count(*)::int from audit_log a join reports r on r.id::text = a.target_id
           where r.external_id like 'folio-%' and a.action in ('report.release', 'report.release_late')) as releases,
         (select count(*)::int from (select report_id from deliveries group by report_id, channel_id, tier_hours, event
           having count(*) > 1) t) as duplicates,
         (select count(*)::int from reports where external_id like 'folio-%' and released_late) as late`,
    )
  ).rows[0]
  const expected = folio.reduce((n, r) => n + 2 * r.tiers, 0)
  const created = folio.reduce((n, r) => n + r.deliveries, 0)
  if (counts.releases !== total || counts.duplicates !== 0 || created !== expected)
    throw new Error(`counts: ${JSON.stringify({ ...counts, created, expected })}`)
  const sameTransaction = folio.every((r) => r.deliveriesMs === r.publishedMs)
  for (const server of servers.splice(0)) await server.stop()

  // --- Baseline: the same statements from a bare script, one connection per instance -------------
  const disclosures = (await db.query("select disclosures from reports where external_id = 'folio-0000'"))
    .rows[0].disclosures
  /** Schedules a fresh set for 3 s ahead, runs `release` on `bareConnections` connections at that instant. */
  const releaseBare = async (prefix, release) => {
    const clients = await Promise.all(Array.from({ length: bareConnections }, () => connect(dbUrl)))
    const at = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000)
    await db.query("update reports set status = 'scheduled', release_at = $1 where external_id like $2", [
      at,
      `${prefix}-%`,
    ])
    const watching = watch(prefix, at)
    await sleep(at.getTime() - Date.now())
    const started = performance.now()
    await Promise.all(clients.map((client) => release(client, disclosures)))
    const elapsed = performance.now() - started
    const seenTimes = await watching
    for (const client of clients) await client.end()
    const set = await measured(prefix)
    if (set.some((r) => !r.publishedMs) || set.some((r) => r.deliveries !== 2 * r.tiers))
      throw new Error(`${prefix}: not every report was published with its deliveries`)
    return { seen: seenTimes, set, elapsed }
  }
  const { seen: bareSeen, set: bare, elapsed: bareMs } = await releaseBare("bare", bareRelease)

  // --- Figures ---------------------------------------------------------------------------------
  const since = (times, set) => stats(set.map((r) => times.get(r.id) - r.releaseMs))
  const transactions = (set) => new Set(set.map((r) => r.publishedMs)).size
  const folioPublished = since(folioSeen.published, folio)
  const folioDelivered = since(folioSeen.delivered, folio)
  const barePublished = since(bareSeen.published, bare)
  const bareDelivered = since(bareSeen.delivered, bare)
  const hooks = folio.filter((r) => r.webhookMs !== null)
  console.log(
    `\n  Folio (2 instances, job runner): ${total} published once each in ${transactions(folio)} transactions, ${created} deliveries created once each (${counts.late} flagged late)`,
  )
  row("published (seen), − release_at", folioPublished)
  row("every delivery created (seen), − release_at", folioDelivered)
  row(
    "published_at − release_at (SQL: transaction start)",
    stats(folio.map((r) => r.publishedMs - r.releaseMs)),
  )
  row("newest delivery created_at − release_at (SQL)", stats(folio.map((r) => r.deliveriesMs - r.releaseMs)))
  row("first-tier webhook delivered_at − release_at", stats(hooks.map((r) => r.webhookMs - r.releaseMs)))
  if (sameTransaction)
    console.log(
      "  (deliveries are created in the publishing transaction: their created_at equals published_at)",
    )
  if (hookStatus.some((h) => h.status !== "delivered"))
    console.log(`  first-tier webhooks 120 s after the last release: ${JSON.stringify(hookStatus)}`)
  console.log(
    `\n  Baseline (bare pg, the release job's statements, ${bareConnections} connections): all ${total} in ${ms(bareMs)}, ${transactions(bare)} transactions`,
  )
  row("published (seen), − release_at", barePublished)
  row("every delivery created (seen), − release_at", bareDelivered)
  row(
    "published_at − release_at (SQL: transaction start)",
    stats(bare.map((r) => r.publishedMs - r.releaseMs)),
  )
  console.log(
    `  baseline time per batch of ${releaseBatch}, by statement (${batches.n} batches; the empty last claims included): ${Object.entries(
      spent,
    )
      .map(([what, t]) => `${what} ${(t / batches.n).toFixed(1)} ms`)
      .join(", ")}`,
  )
  const met = (p) => (p <= targetMs ? "met" : `missed by ${ms(p - targetMs)}`)
  console.log(
    `\n  ratio Folio p95 / baseline p95: published ${(folioPublished.p95 / barePublished.p95).toFixed(2)}, every delivery created ${(folioDelivered.p95 / bareDelivered.p95).toFixed(2)}`,
  )
  console.log(
    `  target p95 ≤ 1 s: published ${ms(folioPublished.p95)}, ${met(folioPublished.p95)}; every delivery created ${ms(folioDelivered.p95)}, ${met(folioDelivered.p95)}`,
  )
  console.log(`  webhook requests received: ${received}`)
} finally {
  await scratch.cleanUp()
  await new Promise((r) => receiver.close(r))
}
