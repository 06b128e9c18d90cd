// Readership ingest (issue 17): events per second through the real server's POST /api/events,
// against a bare `INSERT INTO readership_pending … SELECT … FROM unnest(…)` of the same batches
// in the same run: the same rows, the same number of batches in flight, the same statement shape
// the endpoint ends with (server/src/readership/record.ts), sent with `pg` on a pool of that many
// connections. For each batch size, bare, then the server, then bare again; the ratio is taken
// against the mean of the two bare runs, so a change in the machine's load shows as their gap.
// The server is a client reader's console: a cookie session with the CSRF header, in two teams,
// posting report views and reads of 20 reports addressed to all clients, the company or one team,
// so every step of the endpoint runs (session, reach, the reports check, teams, the team a report
// is addressed to, the insert). The rows each side stored are compared before they are cleared.
// The readership_rollup job is held off during the runs (the bench holds its lock), so neither side
// shares the machine with it; readership_rollup() over the server's rows is timed after its run.
// Usage: node server/bench/readership-ingest.mjs (after `npm run build`). BENCH_EVENTS (500,000 a
// run), BENCH_BATCHES ("200,500": events a batch), BENCH_CONNECTIONS (4 batches in flight),
// BENCH_DATABASE_URL (the PostgreSQL server; the bench creates its own database and drops it at
// the end, also on failure and Ctrl-C), BENCH_PORT_BASE (3344: the server's port; a statement
// recorder on +3), BENCH_SERVER_MAIN (another build of the server to measure).
// Last, where a batch's time goes: the endpoint's statements for one batch, recorded off the wire
// and replayed one by one, with PostgreSQL's CPU time for each.
import { Agent, request } from "node:http"
import { cpus, loadavg } from "node:os"
import pg from "pg"
import { cpuMs, portBase, startRecorder, startServerOn } from "./readership-support.mjs"
import { adminEmail, adminPassword, connect, rngOf, scratchRun } from "./reports-data.mjs"

const eventsPerRun = Number(process.env.BENCH_EVENTS ?? 500_000)
const batchSizes = (process.env.BENCH_BATCHES ?? "200,500").split(",").map(Number)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4)
const warmupBatches = 40
const readerEmail = "reader@bench-ingest.example"
const rollupLock = "select pg_advisory_lock(hashtext('readership_rollup'))"

/** The statement record.ts sends, with its parameters in the same order. */
const insertSql = `
      insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, duration_ms)
      select e.at, $1, $2, e.team_id, e.kind, $3, e.report_id, e.duration_ms
      from unnest($4::timestamptz[],
                  $5::text[],
                  $6::uuid[],
                  $7::uuid[],
                  $8::int[])
        as e(at, kind, report_id, team_id, duration_ms)`

/** What is stored, as one digest: the same rows, in any order, give the same one. */
const fingerprint = async (db) =>
  (
    await db.query(`
      select count(*)::int as n, md5(coalesce(string_agg(x, ',' order by x), '')) as digest from (
        select concat_ws('|', at, user_id, company_id, team_id, kind, channel, report_id, subject, duration_ms) as x
        from readership_pending) rows`)
  ).rows[0]

/** CPU time used so far by each PostgreSQL backend on the bench's database: pid → ms. */
const backendsCpu = async (db) => {
  const { rows } = await db.query("select pid from pg_stat_activity where datname = current_database()")
  return new Map(rows.map((row) => [row.pid, cpuMs(row.pid)]))
}
/** The backends' CPU since `start` (a backend that ended meanwhile is left out; a new one counts whole). */
const backendsCpuSince = async (db, start) => {
  let sum = 0
  for (const [pid, now] of await backendsCpu(db)) sum += now - (start.get(pid) ?? 0)
  return sum
}

/** Sets the scene: a client company with two teams, its reader in both, and 20 published reports. */
const arrange = async (db) => {
  await db.query(
    `insert into companies (name, slug, kind) values ('Bench Capital', 'bench-capital', 'client');
     insert into teams (company_id, name) select id, 'Global Equities' from companies where slug = 'bench-capital';
     insert into teams (company_id, name) select id, 'Macro' from companies where slug = 'bench-capital';
     insert into users (email, name, company_id, role, status, password_hash)
       select '${readerEmail}', 'Bench Reader', c.id, 'reader', 'active', a.password_hash
       from companies c, users a where c.slug = 'bench-capital' and a.email = '${adminEmail}';
     insert into team_members (team_id, user_id, created_at)
       select t.id, u.id, now() - case when t.name = 'Global Equities' then interval '2 days' else interval '1 day' end
       from teams t, users u where u.email = '${readerEmail}';
     insert into reports (external_id, title, summary, body, type, sector, author_ids, rating, disclosures, status,
                          published_at, created_by)
       select format('bench-ingest-%s', n), format('Bench report %s', n), 'Summary.', 'Body.', 'note', 'Technology',
              array[a.id], 'not_rated', 'Bench disclosures.', 'published', now() - interval '2 days', a.id
       from generate_series(0, 19) n, users a where a.email = '${adminEmail}';`,
  )
  const ids = (await db.query("select u.id, u.company_id from users u where u.email = $1", [readerEmail]))
    .rows[0]
  const teams = Object.fromEntries(
    (await db.query("select name, id from teams where company_id = $1", [ids.company_id])).rows.map((r) => [
      r.name,
      r.id,
    ]),
  )
  const reports = (
    await db.query(
      "select id, substring(external_id from 14)::int as n from reports where external_id like 'bench-ingest-%' order by 2",
    )
  ).rows
  // 0–7 to all clients, 8–13 to the company, 14–19 to its Macro team (counted for Macro; the rest
  // for Global Equities, the reader's first team).
  for (const r of reports) {
    const [company, team] =
      r.n < 8 ? [null, null] : r.n < 14 ? [ids.company_id, null] : [ids.company_id, teams.Macro]
    await db.query(
      "insert into report_audience (report_id, company_id, team_id, embargo_hours) values ($1, $2, $3, 0)",
      [r.id, company, team],
    )
    r.teamId = r.n >= 14 ? teams.Macro : teams["Global Equities"]
  }
  return { userId: ids.id, companyId: ids.company_id, reports }
}

/** A console sign-in: the session cookie and the CSRF token. */
const consoleSession = async (base) => {
  const response = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: readerEmail, password: adminPassword }),
  })
  if (!response.ok) throw new Error(`POST /api/session: ${response.status} ${await response.text()}`)
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ")
  const me = await fetch(`${base}/api/session`, { headers: { cookie } }).then((r) => r.json())
  if (!me.csrfToken) throw new Error(`GET /api/session gave no CSRF token: ${JSON.stringify(me)}`)
  return { cookie, csrf: me.csrfToken }
}

/**
 * `count` batches of `size` events each: the request bodies and the rows the bare insert sends.
 * Each event has a time of its own, in the `slot`-th stretch of the last 24 hours, so that none
 * is the same event twice (same person, kind, report and time), which the rollup would keep once.
 */
const makeBatches = (scene, size, count, seed, slot) => {
  const r = rngOf(seed)
  const slots = batchSizes.length + 1
  const stretch = Math.floor((22 * 3600_000) / slots)
  const step = Math.max(1, Math.floor(stretch / (size * count)))
  const start = Date.now() - 23 * 3600_000 + slot * stretch
  let k = 0
  const batches = []
  for (let b = 0; b < count; b++) {
    const events = []
    const rows = { at: [], kind: [], report: [], team: [], duration: [] }
    for (let i = 0; i < size; i++) {
      const report = scene.reports[r.int(scene.reports.length)]
      const read = r.next() < 0.37
      const at = new Date(start + k++ * step + r.int(step)).toISOString()
      const durationMs = read ? 16_000 + r.int(600_000) : undefined
      events.push({
        kind: read ? "report_read" : "report_view",
        reportId: report.id,
        at,
        ...(read ? { durationMs } : {}),
        userId: scene.userId,
      })
      rows.at.push(at)
      rows.kind.push(read ? "report_read" : "report_view")
      rows.report.push(report.id)
      rows.team.push(report.teamId)
      rows.duration.push(durationMs ?? null)
    }
    batches.push({ body: JSON.stringify({ events }), rows, size })
  }
  return batches
}

/** Runs `send` over every batch, `connections` at a time; resolves with the seconds it took. */
const drive = async (batches, send) => {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < batches.length) await send(batches[next++])
    }),
  )
  return (performance.now() - started) / 1000
}

const postTo = (base, session, agent) => (batch) =>
  new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/events`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(batch.body),
          cookie: session.cookie,
          "x-folio-csrf": session.csrf,
        },
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (d) => {
          text += d
        })
        res.on("end", () => {
          if (res.statusCode !== 200)
            return reject(new Error(`POST /api/events: ${res.statusCode} ${text.slice(0, 300)}`))
          if (JSON.parse(text).accepted !== batch.size)
            return reject(new Error(`POST /api/events answered ${text}`))
          resolve()
        })
      },
    )
    req.on("error", reject)
    req.end(batch.body)
  })

const insertWith = (pool, scene) => (batch) =>
  pool.query(insertSql, [
    scene.userId,
    scene.companyId,
    "console",
    batch.rows.at,
    batch.rows.kind,
    batch.rows.report,
    batch.rows.team,
    batch.rows.duration,
  ])

/**
 * Where a batch's time goes: the statements the endpoint sent for one batch (recorded off the
 * wire), each replayed `times` times on one connection, with that backend's CPU time.
 */
const statementCosts = async (url, recorded, times) => {
  const client = await connect(url)
  try {
    const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid
    const costs = []
    for (const s of recorded) {
      for (let i = 0; i < 20; i++) await client.query({ text: s.text, values: s.values })
      const cpu = cpuMs(pid)
      const started = performance.now()
      for (let i = 0; i < times; i++) await client.query({ text: s.text, values: s.values })
      costs.push({
        statement: s.text.replace(/\s+/g, " ").trim(),
        ms: (performance.now() - started) / times,
        cpu: (cpuMs(pid) - cpu) / times,
      })
    }
    await client.query("truncate readership_pending")
    return costs
  } finally {
    await client.end()
  }
}

let server
let recorder
let db
let lock
let pool
const agent = new Agent({ keepAlive: true, maxSockets: connections })
const scratch = scratchRun("folio-bench-rdingest-", "folio_bench_rdingest", {
  before: async () => {
    agent.destroy()
    if (server) await server.stop()
    if (recorder) await recorder.stop()
    if (pool) await pool.end().catch(() => {})
    if (lock) await lock.end().catch(() => {})
    if (db) await db.end().catch(() => {})
  },
})
const { dir, dbUrl: url } = scratch
try {
  await scratch.dropStale()
  console.log(
    `readership ingest: ${eventsPerRun.toLocaleString("en")} events a run, batches of ${batchSizes.join(" and ")}, ${connections} in flight, ${cpus().length} cores, node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  )
  await scratch.createDatabase()
  server = await startServerOn(portBase, url, dir)
  db = await connect(url)
  const scene = await arrange(db)
  const session = await consoleSession(server.url)
  const version = (await db.query("show server_version")).rows[0].server_version
  pool = new pg.Pool({
    connectionString: url,
    max: connections,
    idleTimeoutMillis: 0,
    application_name: "folio-bench-bare",
  })
  pool.on("error", () => {})
  // The minute job's readership_rollup() waits for this lock until the end of the run.
  lock = await connect(url)
  await lock.query(rollupLock)
  const post = postTo(server.url, session, agent)
  const insert = insertWith(pool, scene)
  const clear = async () => {
    await db.query("truncate readership_pending")
    await db.query("checkpoint")
  }

  // Warm-up: the server's code paths and both sides' connections.
  const warm = makeBatches(scene, batchSizes[0], warmupBatches, 1, batchSizes.length)
  await drive(warm, post)
  await drive(warm, insert)
  await clear()

  console.log(
    `  PostgreSQL ${version}; a client reader's cookie session (in two teams), 20 reports; the bare side: ${connections} pg connections, the endpoint's insert`,
  )
  const results = []
  for (const [k, size] of batchSizes.entries()) {
    const count = Math.ceil(eventsPerRun / size)
    const batches = makeBatches(scene, size, count, 100 + k, k)
    const events = count * size
    const bareRun = async () => {
      await clear()
      const pgCpu = await backendsCpu(db)
      const seconds = await drive(batches, insert)
      return { seconds, pgCpu: await backendsCpuSince(db, pgCpu), stored: await fingerprint(db) }
    }
    const before = await bareRun()
    await clear()
    const cpu = cpuMs(server.child.pid)
    const pgCpu = await backendsCpu(db)
    const folioSeconds = await drive(batches, post)
    const serverCpu = cpuMs(server.child.pid) - cpu
    const serverPgCpu = await backendsCpuSince(db, pgCpu)
    const stored = await fingerprint(db)
    if (stored.n !== events || stored.digest !== before.stored.digest)
      throw new Error(
        `batches of ${size}: the server stored ${stored.n} rows (${stored.digest}), the bare insert ${before.stored.n} (${before.stored.digest})`,
      )
    const r = performance.now()
    const moved = (await lock.query("select readership_rollup() as moved")).rows[0].moved
    const rollupSeconds = (performance.now() - r) / 1000
    if (moved !== events) {
      const seen = await db.query(
        `select (select count(*) from readership_events)::int as events, (select count(*) from readership_pending)::int as pending,
                (select json_agg(l) from (select l.pid, l.granted, l.locktype, l.objid, a.application_name, left(a.query, 60) as q
                 from pg_locks l join pg_stat_activity a using (pid) where l.locktype = 'advisory') l) as locks`,
      )
      throw new Error(
        `readership_rollup() moved ${moved}, expected ${events}: ${JSON.stringify(seen.rows[0])}`,
      )
    }
    const after = await bareRun()
    if (after.stored.digest !== before.stored.digest)
      throw new Error("the two bare runs stored different rows")
    const rates = {
      before: events / before.seconds,
      folio: events / folioSeconds,
      after: events / after.seconds,
    }
    const bare = (rates.before + rates.after) / 2
    results.push({ size, events, rates, bare, ratio: rates.folio / bare })
    const line = (name, seconds, rate, note = "") =>
      console.log(
        `  ${name.padEnd(22)} ${seconds.toFixed(2).padStart(7)} s ${Math.round(rate).toLocaleString("en").padStart(9)} events/s${note}`,
      )
    console.log(
      `\n  batches of ${size}: ${count} batches, ${events.toLocaleString("en")} events, the same rows stored by both`,
    )
    const cpuNote = (pgMs, nodeMs) =>
      `   CPU a batch: ${nodeMs === undefined ? "" : `server ${(nodeMs / count).toFixed(2)} ms + `}PostgreSQL ${(pgMs / count).toFixed(2)} ms`
    line("bare insert (before)", before.seconds, rates.before, cpuNote(before.pgCpu))
    line("POST /api/events", folioSeconds, rates.folio, cpuNote(serverPgCpu, serverCpu))
    line("bare insert (after)", after.seconds, rates.after, cpuNote(after.pgCpu))
    console.log(
      `  ratio server / bare: ${(rates.folio / bare).toFixed(2)} against the mean bare rate (${(rates.folio / rates.before).toFixed(2)} before, ${(rates.folio / rates.after).toFixed(2)} after); readership_rollup() over the server's ${events.toLocaleString("en")} rows: ${rollupSeconds.toFixed(2)} s (${Math.round(events / rollupSeconds).toLocaleString("en")} events/s)`,
    )
  }
  // Where the time goes: one batch of the largest size through a server that PostgreSQL sees
  // through a recorder, its statements replayed one by one.
  const size = Math.max(...batchSizes)
  await server.stop()
  server = undefined
  recorder = await startRecorder(url, portBase + 3)
  server = await startServerOn(portBase, recorder.url, dir)
  const recordedSession = await consoleSession(server.url)
  const [probe, probe2] = makeBatches(scene, size, 2, 7, batchSizes.length)
  const postRecorded = postTo(server.url, recordedSession, new Agent({ keepAlive: true }))
  await postRecorded(probe)
  recorder.take()
  await postRecorded(probe2)
  const statements = recorder
    .take()
    .filter((st) =>
      /from sessions s join users|from companies c|from reports r|team_members|report_audience|readership_pending/.test(
        st.text,
      ),
    )
  await server.stop()
  server = undefined
  await recorder.stop()
  recorder = undefined
  // The bare side's statement is the endpoint's own, checked here against what it sent.
  const sent = statements.find((st) => /insert into readership_pending/.test(st.text))
  const words = (text) => text.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim()
  if (!sent || words(sent.text) !== words(insertSql))
    throw new Error(`the endpoint's insert is not the bare side's:\n${sent?.text}\n${insertSql}`)
  const costs = await statementCosts(url, statements, 500)
  const bareInsert = await statementCosts(
    url,
    [
      {
        text: insertSql,
        values: [
          scene.userId,
          scene.companyId,
          "console",
          probe2.rows.at,
          probe2.rows.kind,
          probe2.rows.report,
          probe2.rows.team,
          probe2.rows.duration,
        ],
      },
    ],
    500,
  )
  console.log(
    `\n  where a batch of ${size} goes in PostgreSQL: the endpoint's ${costs.length} statements, recorded off the wire and each replayed 500 times on one connection`,
  )
  for (const c of costs)
    console.log(
      `    ${c.cpu.toFixed(3).padStart(6)} ms CPU ${c.ms.toFixed(3).padStart(6)} ms  ${c.statement.slice(0, 110)}`,
    )
  const total = costs.reduce((sum, c) => sum + c.cpu, 0)
  console.log(
    `    ${total.toFixed(3).padStart(6)} ms CPU in all; the bare insert of the same rows ${bareInsert[0].cpu.toFixed(3)} ms CPU, ${bareInsert[0].ms.toFixed(3)} ms`,
  )

  const missed = results.filter((r) => r.ratio < 0.5)
  console.log(
    `\n  target ≥ 0.5 of the bare rate: ${missed.length === 0 ? "met" : `MISSED for batches of ${missed.map((r) => r.size).join(" and ")}`} (${results.map((r) => `${r.size}: ${r.ratio.toFixed(2)}`).join(", ")}); load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  )
} finally {
  await scratch.cleanUp()
}
