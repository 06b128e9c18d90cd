// Readership analytics at 10 million events over two years (issue 17): the latency of
// GET /api/analytics through the real server (keep-alive, one request at a time, an editor's
// bearer session) for the last 90 days, alone and narrowed to one client company, against its
// bare twin measured in the same run, request by request in turn: the same SQL statements, with
// the same parameter values, sent straight to PostgreSQL with `pg` on a pool of the server's
// size (20), in the same order and with the same concurrency (the route's lookups first, then its
// questions at once, then the analysts' names). The statements are recorded from the server itself
// (a proxy in front of PostgreSQL reads them off the wire) before the measured run, so the twin
// cannot drift from the route. Also: readership_rollup() over a minute's worth of events.
// Usage: node server/bench/readership-query.mjs (after `npm run build`). BENCH_DATABASE_URL is
// the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres). The loaded database
// is kept as folio_bench_readership (folio_bench_readership_<n> for another BENCH_EVENTS) and
// reused by the next run, unless it was loaded by another version of this file or of the
// readership migration; BENCH_REBUILD=1 drops and loads it again (20–25 minutes at 10M here).
// BENCH_EVENTS (10,000,000), BENCH_REQUESTS (60 measured per scenario, after BENCH_WARMUP, 5),
// BENCH_PORT_BASE (3344: the server on +1, the recorder on +2).
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { Agent, request } from "node:http"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { ms, portBase, startRecorder, startServerOn, summary } from "./readership-support.mjs"
import {
  adminEmail,
  adminPassword,
  adminQuery,
  api,
  connect,
  databaseUrl,
  dropDatabase,
  onInterrupt,
  signIn,
} from "./reports-data.mjs"

const events = Number(process.env.BENCH_EVENTS ?? 10_000_000)
const requests = Number(process.env.BENCH_REQUESTS ?? 60)
const warmup = Number(process.env.BENCH_WARMUP ?? 5)
const rebuild = process.env.BENCH_REBUILD === "1"
const chunkSize = Number(process.env.BENCH_CHUNK ?? 1_000_000)
// Bump when the generated data changes, so a kept database from an older run is loaded again. The
// readership migration's own text is part of it: its tables and readership_rollup() are what the
// data was loaded through, and a migration changed in place does not reach a database made before.
const migration = createHash("sha256")
  .update(readFileSync(new URL("../src/db/migrations/0022_readership.ts", import.meta.url)))
  .digest("hex")
  .slice(0, 12)
const generation = `readership-query v1 (0022 ${migration})`
const dbName = events === 10_000_000 ? "folio_bench_readership" : `folio_bench_readership_${events}`
const shape = { companies: 150, teamsPerCompany: 4, readers: 3000, reports: 10_000, analysts: 40, days: 730 }
const editorEmail = "editor@bench-readership.example"
const serverPort = portBase + 1
const recorderPort = portBase + 2
const dir = mkdtempSync(join(tmpdir(), "folio-bench-readership-"))
const seconds = (t) => ((performance.now() - t) / 1000).toFixed(1)
const dayMs = 86_400_000

const markerOf = async () =>
  (
    await adminQuery(
      "select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1",
      [dbName],
    )
  ).rows[0]?.marker

/** The data: clients, teams, readers, analysts, reports, then the events in time order, a chunk at a time. */
const load = async () => {
  const started = performance.now()
  await dropDatabase(dbName)
  await adminQuery(`create database "${dbName}"`)
  const url = databaseUrl(dbName)
  // The server migrates the new database and makes its admin; raw events are kept for the whole
  // two years (the default, 400 days, would have housekeeping drop a year of them during a run).
  const seeder = await startServerOn(serverPort, url, dir)
  try {
    const token = await signIn(seeder.url, adminEmail, adminPassword)
    await api(seeder.url, token, "PATCH", "/config", {
      operations: [{ operation: "upsert", key: "readership.retentionDays", value: 3650 }],
      comment: "readership benchmark: keep two years of raw events",
    })
  } finally {
    await seeder.stop()
  }
  const db = await connect(url)
  const chunks = []
  try {
    await db.query("set synchronous_commit = off")
    await db.query(`
      -- The admin's sign-in just now is not part of the data.
      truncate readership_pending;
      create schema bench_gen;
      select setseed(0.17);
      create table bench_gen.params as
        select date_trunc('minute', now()) as t1, date_trunc('minute', now()) - interval '${shape.days} days' as t0;
      insert into companies (name, slug, kind)
        select format('%s %s', (array['Northwind', 'Harbor', 'Summit', 'Cedar', 'Granite', 'Bluewater', 'Ironwood',
                  'Lakeshore', 'Meridian', 'Oakridge', 'Pinecrest', 'Redwood', 'Silverline', 'Stonebridge', 'Tidewater',
                  'Westgate', 'Alder', 'Beacon', 'Crescent', 'Driftwood', 'Evergreen', 'Foxglove', 'Highland',
                  'Juniper', 'Kestrel'])[1 + c % 25],
                  (array['Capital', 'Partners', 'Pension Fund', 'Asset Management', 'Investors', 'Advisors'])[1 + c / 25]),
               format('bench-client-%s', c), 'client'
        from generate_series(0, ${shape.companies - 1}) c;
      create table bench_gen.companies as
        select substring(slug from 14)::int as n, id from companies where slug like 'bench-client-%';
      insert into teams (company_id, name)
        select c.id, (array['Global Equities', 'Fixed Income', 'Macro', 'Quant', 'Credit', 'Multi-Asset',
                            'Emerging Markets', 'Portfolio Management'])[1 + (c.n + k) % 8]
        from bench_gen.companies c, generate_series(0, ${shape.teamsPerCompany - 1}) k;
      create table bench_gen.teams as
        select c.n as company_n, row_number() over (partition by c.n order by t.id) - 1 as k, t.id
        from teams t join bench_gen.companies c on c.id = t.company_id;
      -- Two readers in every company, the rest spread unevenly (the largest client has ~190).
      create table bench_gen.readers as
        select n, case when n < ${2 * shape.companies} then n % ${shape.companies}
                       else floor(${shape.companies} * power(random(), 1.8))::int end as company_n,
               case when random() < 0.15 then null else floor(random() * ${shape.teamsPerCompany})::int end as k,
               random() < 0.1 as second_team
        from generate_series(0, ${shape.readers - 1}) n;
      insert into users (email, name, company_id, role, status)
        select format('reader%s@client%s.example', r.n, r.company_n), format('Reader %s', r.n), c.id, 'reader', 'active'
        from bench_gen.readers r join bench_gen.companies c on c.n = r.company_n;
      alter table bench_gen.readers add column id uuid, add column company_id uuid, add column team_id uuid;
      update bench_gen.readers r set id = u.id, company_id = u.company_id,
        team_id = (select t.id from bench_gen.teams t where t.company_n = r.company_n and t.k = r.k)
        from users u where u.email = format('reader%s@client%s.example', r.n, r.company_n);
      insert into team_members (team_id, user_id) select team_id, id from bench_gen.readers where team_id is not null;
      insert into team_members (team_id, user_id, created_at)
        select t.id, r.id, now() + interval '1 second' from bench_gen.readers r
        join bench_gen.teams t on t.company_n = r.company_n and t.k = (r.k + 1) % ${shape.teamsPerCompany}
        where r.second_team and r.team_id is not null;
      alter table bench_gen.readers add primary key (n);
      insert into users (email, name, company_id, role, status)
        select format('analyst%s@bench-readership.example', a), format('Analyst %s', a),
               (select id from companies where kind = 'publisher'), 'analyst', 'active'
        from generate_series(0, ${shape.analysts - 1}) a;
      insert into users (email, name, company_id, role, status, password_hash)
        select '${editorEmail}', 'Bench Editor', id, 'editor', 'active',
               (select password_hash from users where email = '${adminEmail}')
        from companies where kind = 'publisher';
      -- Reports published evenly over the two years, each by one or two analysts, to all clients.
      insert into reports (external_id, title, summary, body, type, sector, author_ids, rating, disclosures, status,
                           published_at, created_by, created_at, updated_at)
        select format('bench-readership-%s', n),
               format('%s: %s %s', s.sector, (array['Quarterly review', 'Estimates raised', 'Estimates cut',
                 'Initiation', 'Sector outlook', 'Flash note', 'Channel checks', 'Management meeting'])[1 + n % 8], n),
               'Summary.', 'Body.', (array['note', 'update', 'initiation', 'sector', 'flash'])[1 + n % 5], s.sector,
               case when n % 4 = 0 then array[a1.id, a2.id] else array[a1.id] end, 'not_rated',
               'Bench disclosures.', 'published', at, (select id from users where email = '${adminEmail}'), at, at
        from generate_series(0, ${shape.reports - 1}) n
        cross join lateral (select p.t0 + (n::float8 / ${shape.reports}) * (p.t1 - p.t0) as at from bench_gen.params p) t
        cross join lateral (select (array['Technology', 'Health Care', 'Financials', 'Energy', 'Industrials',
                 'Consumer Discretionary', 'Consumer Staples', 'Utilities', 'Materials', 'Real Estate',
                 'Communication Services'])[1 + (n * 7) % 11] as sector) s
        join lateral (select id from users where email = format('analyst%s@bench-readership.example', n % ${shape.analysts})) a1 on true
        join lateral (select id from users where email = format('analyst%s@bench-readership.example', (n + 7) % ${shape.analysts})) a2 on true;
      create table bench_gen.reports as
        select substring(external_id from 18)::int as n, id from reports where external_id like 'bench-readership-%';
      alter table bench_gen.reports add primary key (n);
      insert into report_audience (report_id, company_id, team_id, embargo_hours) select id, null, null, 0 from bench_gen.reports;
      select readership_make_months((select t0 from bench_gen.params)::date);
      analyze;`)
    console.log(`  directory and ${shape.reports.toLocaleString("en")} reports in ${seconds(started)} s`)

    // Events in time order, through readership_pending and readership_rollup() a chunk at a time.
    // Per event: 60% report views, 35% reads, 3.5% searches, 1.5% sign-ins; a report's reads
    // mostly in its first two weeks (80% at an exponential age of mean 3 days, 20% within a year),
    // every seventh report more read; readers and clients uneven; 85% console, 8% email, 4% API,
    // 3% feed.
    for (let lo = 0; lo < events; lo += chunkSize) {
      const hi = Math.min(events, lo + chunkSize)
      const t = performance.now()
      await db.query(`select setseed(${((lo / chunkSize) % 1000) / 1000 + 0.0005})`)
      await db.query(
        `with g as materialized (
           select i, random() r0, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7
           from generate_series($1::bigint, $2::bigint - 1) i
         ), e as (
           select g.*, p.t0 + ((i + r0) / $3::float8) * (p.t1 - p.t0) as at,
                  case when r1 < 0.60 then 'report_view' when r1 < 0.95 then 'report_read'
                       when r1 < 0.985 then 'search' else 'sign_in' end as kind,
                  floor(${shape.readers} * power(r6, 1.3))::int as reader_n
           from g, bench_gen.params p
         ), f as (
           select e.*,
                  case when kind in ('report_view', 'report_read') then least(${shape.reports - 1}, greatest(0, floor(
                    extract(epoch from (e.at - p.t0)) / extract(epoch from (p.t1 - p.t0)) * ${shape.reports}
                    - (case when r3 < 0.8 then -ln(1 - r4) * 3 else r4 * 365 end) * ${shape.reports / shape.days})))::int
                  end as report_n
           from e, bench_gen.params p
         )
         insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, subject, duration_ms)
         select f.at, u.id, u.company_id, u.team_id, f.kind,
                case when f.kind not in ('report_view', 'report_read') or r2 < 0.85 then 'console'
                     when r2 < 0.93 then 'email' when r2 < 0.97 then 'api' else 'feed' end,
                r.id,
                case when f.kind = 'search' then (array['gross margin', 'data center capex', 'guidance', 'buyback',
                  'GLP-1 pricing', 'rate cuts', 'free cash flow', 'inventory'])[1 + floor(r5 * 8)::int] end,
                case when f.kind = 'report_read' then 16000 + floor(r7 * 600000)::int end
         from f join bench_gen.readers u on u.n = f.reader_n
         left join bench_gen.reports r on r.n = case when r5 < 0.3 then f.report_n - f.report_n % 7 else f.report_n end`,
        [lo, hi, events],
      )
      const generated = (performance.now() - t) / 1000
      const r = performance.now()
      const moved = (await db.query("select readership_rollup() as moved")).rows[0].moved
      if (moved !== hi - lo) throw new Error(`readership_rollup() moved ${moved}, expected ${hi - lo}`)
      const rolled = (performance.now() - r) / 1000
      chunks.push({ events: hi - lo, rolled })
      console.log(
        `  events ${lo.toLocaleString("en")}–${hi.toLocaleString("en")}: generated in ${generated.toFixed(1)} s, readership_rollup() ${rolled.toFixed(1)} s`,
      )
    }
    const v = performance.now()
    await db.query("vacuum analyze")
    await db.query("checkpoint")
    console.log(`  vacuum analyze and checkpoint in ${seconds(v)} s`)
    const end = (await db.query("select t1 from bench_gen.params")).rows[0].t1
    const marker = `${generation}, ${events} events, end ${end.toISOString()}, complete`
    await db.query(`comment on database "${dbName}" is '${marker}'`)
    console.log(`  loaded ${dbName} in ${seconds(started)} s`)
    return { marker, chunks }
  } finally {
    await db.end()
  }
}

/** Rows and size (with indexes) of the raw events and of each rollup. */
const sizes = async (db) =>
  (
    await db.query(`
      select 'readership_events' as name, sum(c.reltuples)::bigint as rows, sum(pg_total_relation_size(c.oid)) as bytes
      from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'readership_events'::regclass
      union all
      select c.relname, c.reltuples::bigint, pg_total_relation_size(c.oid) from pg_class c
      where c.relname in ('readership_daily', 'readership_daily_report_totals', 'readership_daily_reports',
                          'readership_daily_readers') and c.relkind = 'r'`)
  ).rows.map((row) => ({ name: row.name, rows: Number(row.rows), bytes: Number(row.bytes) }))

const agent = new Agent({ keepAlive: true, maxSockets: 1 })
/** One GET through the keep-alive agent: [milliseconds, body]. */
const get = (base, path, token) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(`${base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const parts = []
      res.on("data", (d) => parts.push(d))
      res.on("end", () => {
        const body = Buffer.concat(parts).toString("utf8")
        if (res.statusCode !== 200) reject(new Error(`GET ${path}: ${res.statusCode} ${body.slice(0, 300)}`))
        else resolve([performance.now() - started, body])
      })
    })
    req.on("error", reject)
    req.end()
  })

/**
 * The statements one analytics request sent, in three steps as the route runs them: before the
 * questions (the session, the company), the questions (at once), after them (the analysts' names).
 * Anything else on the wire meanwhile (the job queue's polling) is left out.
 */
const stepsOf = (recorded) => {
  const mine = recorded.filter(
    (s) =>
      /from sessions s join users u/.test(s.text) ||
      /^\s*select id, name from companies where id = \$1\s*$/.test(s.text) ||
      /from teams t join companies c on c.id = t.company_id where t.id/.test(s.text) ||
      /readership_daily/.test(s.text) ||
      /select id, name from users where id = any/.test(s.text),
  )
  const before = mine.filter((s) => /from sessions s|from companies where id|from teams t join/.test(s.text))
  const after = mine.filter((s) => /select id, name from users where id = any/.test(s.text))
  const questions = mine.filter((s) => !before.includes(s) && !after.includes(s))
  return { before, questions, after, count: mine.length }
}

/** What a question of the route is, from its text. */
const labelOf = (text) =>
  [
    [/as feed_fetches/, "totals (readership_daily)"],
    [/count\(distinct user_id\)/, "readers: count(distinct user_id) (readership_daily_readers)"],
    [/generate_series/, "the chart: views and reads per day (readership_daily)"],
    [/select channel,/, "channels (readership_daily)"],
    [/x\.company_id as id/, "companies (readership_daily)"],
    [/x\.team_id as id/, "teams (readership_daily)"],
    [/u\.email/, "the company's readers (readership_daily_readers)"],
    [
      /r\.title/,
      `top reports (${/readership_daily_report_totals/.test(text) ? "readership_daily_report_totals" : "readership_daily_reports"})`,
    ],
  ].find(([re]) => re.test(text))?.[1] ?? text.replace(/\s+/g, " ").trim().slice(0, 100)

/** The twin: the same statements, the same values, straight to PostgreSQL, as the route orders them. */
const replay = async (pool, steps) => {
  const started = performance.now()
  for (const s of steps.before) await pool.query({ text: s.text, values: s.values })
  const answers = await Promise.all(
    steps.questions.map((s) => pool.query({ text: s.text, values: s.values })),
  )
  for (const s of steps.after) await pool.query({ text: s.text, values: s.values })
  return [performance.now() - started, answers]
}

/** readership_rollup() over `n` events of the last minute, in a transaction rolled back (the kept data stays as loaded). */
const timeRollup = async (db, n) => {
  await db.query("begin")
  try {
    // The bench editor's sign-ins of this run may still be pending: they go with the rest.
    const before = Number((await db.query("select count(*) as n from readership_pending")).rows[0].n)
    await db.query(
      `insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, duration_ms)
       select now() - interval '1 minute' + i * (interval '1 minute' / $1::int), u.id, u.company_id, u.team_id,
              case when random() < 0.63 then 'report_view' else 'report_read' end, 'console', r.id, null
       from generate_series(1, $1::int) i
       join bench_gen.readers u on u.n = (i * 7919) % ${shape.readers}
       join bench_gen.reports r on r.n = ${shape.reports - 1} - (i * 31) % 200`,
      [n],
    )
    const t = performance.now()
    const moved = (await db.query("select readership_rollup() as moved")).rows[0].moved
    const took = performance.now() - t
    if (moved !== n + before) throw new Error(`readership_rollup() moved ${moved}, expected ${n + before}`)
    return took
  } finally {
    await db.query("rollback")
  }
}

let server
let recorder
let pool
let loading = false
const cleanup = async () => {
  agent.destroy()
  if (server) await server.stop()
  if (recorder) await recorder.stop()
  if (pool) await pool.end().catch(() => {})
  // A load cut short leaves no marker: the next run loads again. Drop it now rather than keep gigabytes.
  if (loading)
    await dropDatabase(dbName).catch((error) => console.error(`could not drop ${dbName}: ${error.message}`))
  rmSync(dir, { recursive: true, force: true })
}
const cleanUpOnce = onInterrupt(cleanup)
try {
  console.log(
    `readership analytics: ${events.toLocaleString("en")} events over ${shape.days} days, ${cpus().length} cores, node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  )
  let marker = await markerOf()
  let chunks = []
  if (rebuild || !marker?.startsWith(`${generation}, ${events} events,`) || !marker.endsWith("complete")) {
    console.log(
      `  loading ${dbName} (${marker === undefined ? "missing" : rebuild ? "BENCH_REBUILD=1" : `made by another version: ${marker}`})`,
    )
    loading = true
    ;({ marker, chunks } = await load())
    loading = false
  } else console.log(`  reusing ${dbName} (${marker}); BENCH_REBUILD=1 loads it again`)
  const end = new Date(/end (\S+),/.exec(marker)[1])
  const url = databaseUrl(dbName)
  const db = await connect(url)
  // As the server's pool: 20 connections, pg's default idle timeout (10 s).
  pool = new pg.Pool({ connectionString: url, max: 20, application_name: "folio-bench-twin" })
  pool.on("error", () => {})
  try {
    const version = (await db.query("show server_version")).rows[0].server_version
    const shared = (await db.query("show shared_buffers")).rows[0].shared_buffers
    console.log(`  PostgreSQL ${version}, shared_buffers ${shared}`)
    for (const t of await sizes(db))
      console.log(
        `    ${t.name.padEnd(31)} ${t.rows.toLocaleString("en").padStart(11)} rows ${(t.bytes / 2 ** 20).toFixed(0).padStart(6)} MiB with indexes`,
      )

    // The last 90 days of the data (its end, not today: a kept database ages).
    const to = new Date(end.getTime() - dayMs).toISOString().slice(0, 10)
    const fromDays = (days) => new Date(Date.parse(to) - (days - 1) * dayMs).toISOString().slice(0, 10)
    const from90 = fromDays(90)
    // Clients by their reads over those 90 days: the largest, and ones further down.
    const ranked = (
      await db.query(
        `select d.company_id as id, c.name, sum(d.events)::int as events from readership_daily d
         join companies c on c.id = d.company_id
         where d.day between $1 and $2 and d.kind = 'report_read' group by 1, 2 order by 3 desc, 1`,
        [from90, to],
      )
    ).rows
    const picked = [0, 4, 19, 59, ranked.length - 1].map((i) => ranked[Math.min(i, ranked.length - 1)])
    const scenarios = [
      { name: "90 days, everyone", target: true, variants: [`from=${from90}&to=${to}`] },
      {
        name: "90 days, company= (5 clients)",
        target: true,
        variants: picked.map((c) => `from=${from90}&to=${to}&company=${c.id}`),
      },
      { name: "30 days, everyone", target: false, variants: [`from=${fromDays(30)}&to=${to}`] },
      { name: "365 days, everyone", target: false, variants: [`from=${fromDays(365)}&to=${to}`] },
    ]
    console.log(
      `  range ${from90} – ${to}; clients asked for (reads in the 90 days): ${picked.map((c) => `${c.name} ${c.events.toLocaleString("en")}`).join(", ")}`,
    )

    // 1. The route's statements, recorded off the wire, and the twin checked against the answer.
    recorder = await startRecorder(url, recorderPort)
    server = await startServerOn(serverPort, recorder.url, dir)
    const token = await signIn(server.url, editorEmail, adminPassword)
    for (const s of scenarios) {
      s.steps = []
      s.bytes = []
      for (const query of s.variants) {
        const path = `/api/analytics?${query}`
        await get(server.url, path, token)
        recorder.take()
        const [, body] = await get(server.url, path, token)
        const steps = stepsOf(recorder.take())
        const answer = JSON.parse(body)
        const [, rows] = await replay(pool, steps)
        const totals = rows.find((r) => r.fields.some((f) => f.name === "feed_fetches"))?.rows[0]
        const series = rows.find((r) => r.fields.some((f) => f.name === "day"))?.rows
        if (
          totals?.views !== answer.totals.views ||
          totals?.reads !== answer.totals.reads ||
          series?.length !== answer.series.length
        )
          throw new Error(
            `${s.name}: the twin's answer differs from the server's (${JSON.stringify(totals)} against ${JSON.stringify(answer.totals)})`,
          )
        s.steps.push(steps)
        s.bytes.push(Buffer.byteLength(body))
        s.statements = steps.count
        s.questions = steps.questions.length
        s.sample = answer
      }
    }
    await server.stop()
    server = undefined
    await recorder.stop()
    recorder = undefined

    // 2. Measured: the server straight on PostgreSQL, the twin, request by request in turn.
    server = await startServerOn(serverPort, url, dir)
    for (const s of scenarios) {
      s.folio = []
      s.twin = []
      for (const [i, query] of s.variants.entries())
        for (let w = 0; w < warmup; w++) {
          await get(server.url, `/api/analytics?${query}`, token)
          await replay(pool, s.steps[i])
        }
    }
    const t = performance.now()
    for (let round = 0; round < requests; round++)
      for (const s of scenarios) {
        const v = round % s.variants.length
        const [took] = await get(server.url, `/api/analytics?${s.variants[v]}`, token)
        s.folio.push(took)
        const [twinTook] = await replay(pool, s.steps[v])
        s.twin.push(twinTook)
      }
    console.log(`  ${requests} rounds in ${seconds(t)} s`)
    await server.stop()
    server = undefined

    console.log("")
    console.log(
      `  ${"GET /api/analytics".padEnd(31)} ${"stmts".padStart(5)} ${"KB".padStart(5)}   ${"Folio p50 / p95 / max".padStart(24)}   ${"twin p50 / p95 / max".padStart(24)}   p50 ratio  p95 ratio  (ms, ${requests} each)`,
    )
    for (const s of scenarios) {
      const f = summary(s.folio)
      const w = summary(s.twin)
      s.f = f
      const kb = s.bytes.reduce((a, b) => a + b, 0) / s.bytes.length / 1024
      console.log(
        `  ${s.name.padEnd(31)} ${String(s.statements).padStart(5)} ${kb.toFixed(1).padStart(5)}   ${`${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)}`.padStart(24)}   ${`${ms(w.p50)} / ${ms(w.p95)} / ${ms(w.max)}`.padStart(24)}   ${(f.p50 / w.p50).toFixed(2).padStart(9)}  ${(f.p95 / w.p95).toFixed(2).padStart(9)}`,
      )
    }
    const sample = scenarios[0].sample
    console.log(
      `  (90 days, everyone: ${sample.totals.views.toLocaleString("en")} views, ${sample.totals.reads.toLocaleString("en")} reads, ${sample.totals.readers.toLocaleString("en")} readers; ${sample.topReports.length} top reports, ${sample.byCompany.length} companies; the twin runs the same statements: the session (and with company=, the company), then ${scenarios[0].questions} questions at once (${scenarios[1].questions} with company=), then the analysts' names)`,
    )
    // Where the time goes: each question of the plain 90-day request alone, on one connection.
    console.log(`\n  the 90-day questions alone, one at a time on one connection (median of 5, ms):`)
    for (const st of scenarios[0].steps[0].questions) {
      const times = []
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now()
        await db.query({ text: st.text, values: st.values })
        times.push(performance.now() - t0)
      }
      times.sort((a, b) => a - b)
      console.log(`    ${ms(times[2]).padStart(6)}  ${labelOf(st.text)}`)
    }
    const missed = scenarios.filter((s) => s.target && s.f.p95 > 200)
    console.log(
      `  target p95 ≤ 200 ms for the 90-day questions: ${missed.length === 0 ? "met" : `MISSED by ${missed.map((s) => s.name).join(", ")}`}; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")}`,
    )

    // 3. readership_rollup() over a minute's worth of events, on the loaded rollups (rolled back).
    const perMinute = Math.max(1, Math.round(events / (shape.days * 1440)))
    const rollupSizes = (process.env.BENCH_ROLLUP_EVENTS ?? `${perMinute},1000,10000,100000`)
      .split(",")
      .map(Number)
    console.log("")
    for (const n of rollupSizes) {
      const times = []
      for (let i = 0; i < 3; i++) times.push(await timeRollup(db, n))
      times.sort((a, b) => a - b)
      console.log(
        `  readership_rollup() over ${n.toLocaleString("en")} events${n === perMinute ? " (a minute at this data's average rate)" : ` (a minute at ${Math.round(n / 60).toLocaleString("en")} events/s)`}: ${times.map(ms).join(", ")} ms (median ${ms(times[1])} ms${n >= 1000 ? `, ${Math.round(n / (times[1] / 1000)).toLocaleString("en")} events/s` : ""})`,
      )
    }
    for (const c of chunks.slice(-1))
      console.log(
        `  (while loading, the last chunk: readership_rollup() over ${c.events.toLocaleString("en")} events in ${c.rolled.toFixed(1)} s, ${Math.round(c.events / c.rolled).toLocaleString("en")} events/s)`,
      )
    console.log(`\n  kept ${dbName}: drop it with  psql -c 'drop database ${dbName}'`)
  } finally {
    await db.end()
  }
} finally {
  await cleanUpOnce()
}
