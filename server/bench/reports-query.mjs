// Latency of a filtered reports list page and of a search over 1M reports, through the real HTTP
// API (keep-alive, one request at a time) as a client reader and as an editor, against baselines
// measured in the same run: GET /api/health (one SQL round trip through the same server) and the
// bare SQL of the same list and search queries sent straight to PostgreSQL.
// Usage: node server/bench/reports-query.mjs (after `npm run build`).
// BENCH_REPORTS (default 1,000,000), BENCH_REQUESTS (default 300 per scenario) and
// BENCH_SCENARIO_SECONDS (default 60: a scenario stops taking samples after that long) change the
// load; BENCH_DATABASE_URL the PostgreSQL server. The database is generated, measured and dropped
// (also on failure and Ctrl-C). BENCH_KEEP_DB=1 keeps it as folio_bench_reports_<n> and reuses it
// on the next run with BENCH_KEEP_DB=1, unless it was made by an older version of this file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, request } from "node:http"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import {
  adminEmail,
  adminPassword,
  adminQuery,
  api,
  connect,
  databaseUrl,
  dropDatabase,
  dropDatabaseOrWarn,
  dropStaleDatabases,
  makeReport,
  onInterrupt,
  psqlCopy,
  quantile,
  rngOf,
  scratchDatabaseName,
  seedReferenceData,
  signIn,
  startServer,
} from "./reports-data.mjs"
import { matchesWithin, searchReachOf, searchWindows, tsq } from "./search-sql.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 1_000_000)
const requests = Number(process.env.BENCH_REQUESTS ?? 300)
// A slow scenario stops early rather than holding the run for an hour; its sample count is shown.
const budgetMs = Number(process.env.BENCH_SCENARIO_SECONDS ?? 60) * 1000
const warmup = 20
// Bump when the generated data changes, so a cached database from an older run is rebuilt.
const generation = "reports-query v2"
const keep = process.env.BENCH_KEEP_DB === "1"
const dbPrefix = "folio_bench_query"
const dbName = keep ? `folio_bench_reports_${total}` : scratchDatabaseName(dbPrefix)
const marker = `${generation}, ${total} reports, complete`
const poolSize = 20_000
const readers = [
  {
    email: "grace.liu@northwind.example",
    name: "Grace Liu",
    company: "northwind-capital",
    team: "Global Equities",
  },
  {
    email: "miguel.santos@harborpension.example",
    name: "Miguel Santos",
    company: "harbor-pension",
    team: null,
  },
]
const editor = { email: "rosa.alvarez@research.folio.example", name: "Rosa Alvarez" }
const dir = mkdtempSync(join(tmpdir(), "folio-bench-query-"))
let seeder // the server that migrates and seeds a new database, while it runs
const seconds = (t) => ((performance.now() - t) / 1000).toFixed(1)

const csv = (value) => {
  if (value === null || value === undefined) return ""
  const text = Array.isArray(value)
    ? `{${value.map((x) => `"${String(x).replace(/["\\]/g, "\\$&")}"`).join(",")}}`
    : String(value)
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text
}

const cachedMarker = async () => {
  const rows = await adminQuery(
    "select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1",
    [dbName],
  )
  return rows.rows.length === 0 ? undefined : (rows.rows[0].marker ?? "")
}

/**
 * A fresh database: migrated and given its admin by the real server, reference data through the
 * API, then `total` reports composed in SQL (generate_series) from a pool of generated ones, with
 * their audience rows; indexes rebuilt after the load, then VACUUM ANALYZE.
 */
const generate = async () => {
  const started = performance.now()
  await dropDatabase(dbName)
  await adminQuery(`create database "${dbName}"`)
  const url = databaseUrl(dbName)
  const server = await startServer(url, dir)
  seeder = server
  let refs
  try {
    const token = await signIn(server.url, adminEmail, adminPassword)
    refs = await seedReferenceData(server.url, token)
    for (const reader of readers) {
      const company = refs.companies.find((c) => c.slug === reader.company)
      const user = await api(server.url, token, "POST", "/users/invite", {
        email: reader.email,
        name: reader.name,
        companyId: company.id,
        role: "reader",
      })
      const team = company.teams.find((t) => t.name === reader.team)
      if (team) await api(server.url, token, "POST", `/teams/${team.id}/members`, { userId: user.id })
    }
    await api(server.url, token, "POST", "/users/invite", {
      email: editor.email,
      name: editor.name,
      companyId: refs.publisherId,
      role: "editor",
    })
  } finally {
    await server.stop()
    seeder = undefined
  }
  const db = await connect(url)
  try {
    // Readers and the editor sign in with the admin's password (the invitation mail is not part
    // of the bench).
    await db.query(
      `update users set status = 'active', password_hash = (select password_hash from users where email = $1)
       where email = any($2::text[])`,
      [adminEmail, [...readers.map((r) => r.email), editor.email]],
    )
    const disclosures =
      "Bench disclosures: analyst certification, conflicts of interest and ratings distribution."

    // The pool: generated reports cut in a head (title, summary, first sections) and a tail.
    const r = rngOf(7)
    const authorId = new Map(refs.analysts.map((a) => [a.email, a.id]))
    const bySlug = new Map(refs.companies.map((c) => [c.slug, c]))
    const perSector = new Map()
    const poolLines = []
    const audienceLines = []
    for (let i = 0; i < poolSize; i++) {
      const report = makeReport(r, `pool-${i}`)
      const cut = report.body.indexOf("\n## Results and estimates")
      const k = (perSector.get(report.sector) ?? 0) + 1
      perSector.set(report.sector, k)
      poolLines.push(
        `${[
          i,
          report.sector,
          k,
          report.title,
          report.summary,
          report.body.slice(0, cut),
          report.body.slice(cut + 1),
          report.type,
          report.tickers,
          report.tags,
          report.authors.map((e) => authorId.get(e)),
          report.rating,
          report.targetPrice,
          report.targetCurrency,
          report.status,
        ]
          .map(csv)
          .join(",")}\n`,
      )
      for (const ref of report.audience) {
        const m = /^([^/+]+)(?:\/([^+]+?))?(?:\+(\d+)h)?$/.exec(ref)
        const company = m[1] === "all" ? null : bySlug.get(m[1])
        const team = company && m[2] ? company.teams.find((t) => t.name === m[2]) : null
        audienceLines.push(
          `${[i, company?.id ?? null, team?.id ?? null, Number(m[3] ?? 0)].map(csv).join(",")}\n`,
        )
      }
    }
    writeFileSync(join(dir, "pool.csv"), poolLines.join(""))
    writeFileSync(join(dir, "pool_audience.csv"), audienceLines.join(""))
    await db.query(`
      create schema bench_gen;
      create unlogged table bench_gen.pool (
        i int primary key, sector text, k int, title text, summary text, head text, tail text, type text,
        tickers text[], tags text[], author_ids uuid[], rating text, target_price float8, target_currency text,
        status text);
      create unlogged table bench_gen.pool_audience (i int, company_id uuid, team_id uuid, embargo_hours int);`)
    await psqlCopy(url, "bench_gen.pool", join(dir, "pool.csv"))
    await psqlCopy(url, "bench_gen.pool_audience", join(dir, "pool_audience.csv"))
    await db.query(`
      create unlogged table bench_gen.sector_count as select sector, count(*)::int as n from bench_gen.pool group by sector;
      create index on bench_gen.pool (sector, k);
      create index on bench_gen.pool_audience (i);
      analyze bench_gen.pool; analyze bench_gen.pool_audience; analyze bench_gen.sector_count;`)

    // Load without the secondary indexes (kept: primary key and the externalId unique constraint).
    const indexes = (
      await db.query(`
        select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in ('reports', 'report_audience')
          and indexname not in (select conname from pg_constraint)`)
    ).rows
    for (const index of indexes) await db.query(`drop index "${index.indexname}"`)
    const t = performance.now()
    // A uniform number in [0, 1) from g: deterministic, so one row's picks agree with each other.
    const u = (salt) => `((hashint4extended(g, ${salt}) & 1073741823)::float8 / 1073741824)`
    const load = async (from, to) => {
      const c = await connect(url)
      try {
        await c.query("set session_replication_role = replica")
        await c.query(
          `insert into reports (external_id, title, summary, body, type, sector, tickers, tags, author_ids, rating,
                                target_price, target_currency, disclosures, status, published_at, created_by,
                                created_at, updated_at)
           select 'bench-' || g, p.title, p.summary, p.head || e'\\n' || t.tail, p.type, p.sector, p.tickers, p.tags,
                  p.author_ids, p.rating, p.target_price, p.target_currency,
                  case when p.status in ('published', 'archived') then $3 end,
                  p.status, x.published_at, $4::uuid, x.updated_at - interval '5 days' * ${u(5)}, x.updated_at
           from generate_series($1::int, $2::int) g
           join bench_gen.pool p on p.i = (hashint4extended(g, 1) & 1073741823) % ${poolSize}
           join bench_gen.sector_count c on c.sector = p.sector
           join bench_gen.pool t on t.sector = p.sector and t.k = 1 + floor(${u(2)} * c.n)::int
           cross join lateral (
             select case when p.status in ('published', 'archived')
                         then now() - interval '1095 days' * ${u(3)} end as published_at) pub
           cross join lateral (
             select least(now(), coalesce(pub.published_at + interval '2 days' * ${u(4)},
                                          now() - interval '90 days' * ${u(4)})) as updated_at,
                    pub.published_at) x`,
          [from, to, disclosures, refs.adminId],
        )
      } finally {
        await c.end()
      }
    }
    const half = Math.floor(total / 2)
    await Promise.all([load(1, half), load(half + 1, total)])
    console.log(`  inserted ${total.toLocaleString("en")} reports in ${seconds(t)} s (2 connections)`)
    let t2 = performance.now()
    await db.query("set session_replication_role = replica")
    await db.query(
      `insert into report_audience (report_id, company_id, team_id, embargo_hours)
       select r.id, a.company_id, a.team_id, a.embargo_hours
       from reports r
       join bench_gen.pool_audience a
         on a.i = (hashint4extended(substr(r.external_id, 7)::int, 1) & 1073741823) % ${poolSize}`,
    )
    await db.query("set session_replication_role = origin")
    console.log(`  inserted audience rows in ${seconds(t2)} s`)
    t2 = performance.now()
    // The GIN index on one connection, every other index on another.
    const build = async (defs) => {
      const c = await connect(url)
      try {
        await c.query("set maintenance_work_mem = '1GB'")
        for (const def of defs) await c.query(def)
      } finally {
        await c.end()
      }
    }
    const gin = indexes.filter((i) => i.indexname === "reports_search").map((i) => i.indexdef)
    const rest = indexes.filter((i) => i.indexname !== "reports_search").map((i) => i.indexdef)
    await Promise.all([build(gin), build(rest)])
    console.log(`  built ${indexes.length} indexes in ${seconds(t2)} s`)
    t2 = performance.now()
    await db.query("drop schema bench_gen cascade")
    await db.query("vacuum analyze reports")
    await db.query("vacuum analyze report_audience")
    // The reports went in with triggers off: fill the monthly search index (0010_report_search).
    await db.query("set maintenance_work_mem = '1GB'")
    await db.query("select report_search_rebuild()")
    console.log(`  vacuum analyze in ${seconds(t2)} s`)
  } finally {
    await db.end()
  }
  await adminQuery(`comment on database "${dbName}" is '${marker}'`)
  console.log(`  generated ${dbName} in ${seconds(started)} s`)
}

// ---------------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const get = (base, token, path) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(
      `${base}${path}`,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        const chunks = []
        res.on("data", (c) => chunks.push(c))
        res.on("end", () => {
          const ms = performance.now() - started
          const body = Buffer.concat(chunks).toString()
          if (res.statusCode !== 200)
            reject(new Error(`GET ${path}: ${res.statusCode} ${body.slice(0, 300)}`))
          else resolve({ ms, body })
        })
      },
    )
    req.on("error", reject)
    req.end()
  })

// The bare SQL baselines: the statements server/src/reports/repo.ts (list), reach.ts (a client's
// reach) and search/service.ts (hits page and facets) send, with the same parameters, sent here
// straight to PostgreSQL on one connection (the search's own in search-sql.mjs). Keep in step with
// those files.
const listSelect = (where, tail) => `
  select r.id, r.external_id, r.title, r.summary, null::text as body,
         r.type, r.sector, r.tickers, r.tags, r.channels, r.rating, r.target_price, r.target_currency,
         r.disclosures, r.status, r.release_at, r.published_at, r.version, r.created_by, r.created_at, r.updated_at,
         to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_key,
         to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_key,
         coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email)
                                   order by array_position(r.author_ids, u.id))
                   from users u where u.id = any(r.author_ids)), '[]') as authors,
         coalesce((select json_agg(json_build_object(
                            'companyId', a.company_id, 'companySlug', c.slug, 'companyName', c.name,
                            'teamId', a.team_id, 'teamName', t.name, 'embargoHours', a.embargo_hours)
                            order by c.name nulls first, t.name nulls first)
                   from report_audience a
                   left join companies c on c.id = a.company_id
                   left join teams t on t.id = a.team_id
                   where a.report_id = r.id), '[]') as audience,
         exists (select 1 from report_favorites f where f.user_id = $1 and f.report_id = r.id) as favorite
  from reports r
  where ${where}
  ${tail}`
/** reachClause for a client reader of all sectors, in one team or more. */
const clientReachOf = (company, teams) => `r.status = 'published' and true and exists (
  select 1 from report_audience a
  where a.report_id = r.id
    and (a.company_id is null or (a.company_id = ${company} and (a.team_id is null or a.team_id = any(${teams}::uuid[]))))
    and r.published_at + make_interval(hours => a.embargo_hours) <= now())`
const byUpdated = "order by r.updated_at desc, r.id desc"
/** ReportsRepo.list: the page's ids from the filters, then those rows. */
const listPage = (where) =>
  listSelect(`r.id = any(array(select r.id from reports r where ${where} ${byUpdated} limit 51))`, byUpdated)
/** Search.highlights (search/snippets.ts): the page's titles and snippets, marked. */
const searchHighlights = (param, wantedParam, idsParam) => `
  with words as (
    select '(' || string_agg(
             case when l ~ '^[[:alnum:]]' then '\\m' else '' end
             || regexp_replace(case when length(l) > 4 then left(l, -1) else l end, '([^[:alnum:]])', '\\\\\\1', 'g'),
             '|') || ')' as pattern
    from unnest(tsvector_to_array(to_tsvector('english', ${wantedParam}))) l
  )
  select r.id,
         ts_headline('english', r.title, ${tsq(param)}, 'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)) as title,
         ts_headline('english', regexp_replace(coalesce(
             (select string_agg(case when prev is null then '' when n = prev + 1 then ' ' else ' … ' end || s, '' order by n)
              from (select s, n, lag(n) over (order by n) as prev
                    from regexp_split_to_table(r.summary || chr(10) || left(r.body, 20000), '(?<=[.!?])\\s+|\\n+') with ordinality as t(s, n)
                    where s ~* words.pattern) kept),
             left(r.summary || chr(10) || r.body, 600)), '[#*_>\`\\[\\]|]+|\\(https?://[^)]*\\)', ' ', 'g'), ${tsq(param)},
           'MaxFragments=2, MaxWords=28, MinWords=12, FragmentDelimiter=" … ", StartSel=' || chr(1) || ', StopSel=' || chr(2)) as snippet
  from reports r, words where r.id = any(${idsParam}::uuid[])`
/**
 * Search.searchReports' statements: a window at a time until 201 candidates; then (in the server,
 * search/candidates.ts) the page by relevance, and its highlights.
 */
const searchStatements = async (db, reach, params) => {
  const found = []
  const bounds = searchWindows(new Date())
  for (let i = 0; i < bounds.length + 1 && found.length <= 200; i++) {
    const sql = matchesWithin(
      reach,
      "$1",
      bounds[i] ?? null,
      i === 0 ? null : bounds[i - 1],
      201 - found.length,
    )
    found.push(...(await db.query(sql, params)).rows)
  }
  if (found.length === 0) return 0
  const page = found
    .slice(0, 200)
    .sort((a, b) => b.rank - a.rank || b.at - a.at || (a.id < b.id ? -1 : 1))
    .slice(0, 20)
    .map((c) => c.id)
  const wanted = params[0].replace(/(^|\s)-("[^"]*"?|\S*)/g, " ").replace(/"/g, " ")
  await db.query(searchHighlights("$1", "$2", "$3"), [params[0], wanted, page])
  return found.length
}

/** Every match the caller may read: counted once per search scenario, to show what a search is up against. */
const searchCount = (reach, param) =>
  `select count(*)::int as count from report_search r where r.search @@ ${tsq(param)} and ${reach}`

let server
let db
let complete = false // the database holds every report and its marker
const cleanup = async () => {
  agent.destroy()
  if (db) await db.end().catch(() => {})
  if (seeder) await seeder.stop()
  if (server) await server.stop()
  if (!keep || !complete) await dropDatabaseOrWarn(dbName)
  rmSync(dir, { recursive: true, force: true })
}
const cleanUpOnce = onInterrupt(cleanup)
try {
  console.log(
    `reports list and search: ${total.toLocaleString("en")} reports, ${requests} requests per scenario, ${cpus().length} cores, node ${process.version}`,
  )
  await dropStaleDatabases(dbPrefix)
  const found = keep ? await cachedMarker() : undefined
  if (found === marker) console.log(`  using the kept database ${dbName} (drop it to regenerate)`)
  else {
    console.log(
      `  generating ${dbName}${found === undefined ? "" : " (the kept one is stale or incomplete)"}`,
    )
    await generate()
  }
  complete = true
  const url = databaseUrl(dbName)
  server = await startServer(url, dir)
  const [northwind, harbor, editorToken] = [
    await signIn(server.url, readers[0].email, adminPassword),
    await signIn(server.url, readers[1].email, adminPassword),
    await signIn(server.url, editor.email, adminPassword),
  ]
  db = await connect(url)
  const stats = (
    await db.query(
      `select (select count(*) from reports)::int as reports, (select count(*) from report_audience)::int as audience,
            pg_size_pretty(pg_total_relation_size('reports')) as size, current_setting('server_version') as version,
            (select string_agg(status || ' ' || n, ', ' order by n desc) from
              (select status, count(*) as n from reports group by status) s) as statuses`,
    )
  ).rows[0]
  const ids = (
    await db.query(
      `select (select id from users where email = $1) as northwind_user, (select id from users where email = $2) as editor_user,
              (select id from companies where slug = 'northwind-capital') as northwind,
              (select coalesce(array_agg(m.team_id), '{}') from team_members m join users u on u.id = m.user_id
               where u.email = $1) as northwind_teams`,
      [readers[0].email, editor.email],
    )
  ).rows[0]
  console.log(
    `  PostgreSQL ${stats.version}; ${stats.reports.toLocaleString("en")} reports (${stats.size} with indexes and TOAST), ${stats.audience.toLocaleString("en")} audience rows; ${stats.statuses}`,
  )
  const q = (text) => `/api/search?q=${encodeURIComponent(text)}`
  const reader = [ids.northwind_user, ids.northwind, ids.northwind_teams]
  const scenarios = [
    { group: "baseline", name: "GET /api/health", token: null, path: "/api/health" },
    { group: "list", name: "reader  ?ticker=AAPL", token: northwind, path: "/api/reports?ticker=AAPL" },
    {
      group: "list",
      name: "reader  ?status=published&sector=…",
      token: northwind,
      path: `/api/reports?status=published&sector=${encodeURIComponent("Information Technology")}`,
    },
    { group: "list", name: "reader* (sector-entitled) first page", token: harbor, path: "/api/reports" },
    {
      group: "list",
      name: "reader  dashboard: latest published",
      token: northwind,
      path: "/api/reports?status=published&sort=-publishedAt&limit=5",
    },
    { group: "list", name: "editor  ?status=draft", token: editorToken, path: "/api/reports?status=draft" },
    {
      group: "list",
      name: "editor  ?ticker=NVDA&status=published",
      token: editorToken,
      path: "/api/reports?ticker=NVDA&status=published",
    },
    {
      group: "search",
      name: "reader  q=gross margin",
      token: northwind,
      path: q("gross margin"),
      text: "gross margin",
    },
    {
      group: "search",
      name: 'reader  q="data center" capex',
      token: northwind,
      path: q('"data center" capex'),
      text: '"data center" capex',
    },
    {
      group: "search",
      name: "reader  q=GLP-1 pricing -biosimilar",
      token: northwind,
      path: q("GLP-1 pricing -biosimilar"),
      text: "GLP-1 pricing -biosimilar",
    },
    {
      group: "search",
      name: "reader  q=Nagoya fab",
      token: northwind,
      path: q("Nagoya fab"),
      text: "Nagoya fab",
    },
    {
      group: "search",
      name: "editor  q=buyback -dividend",
      token: editorToken,
      path: q("buyback -dividend"),
      text: "buyback -dividend",
      editor: true,
    },
    // The same statements the server sends for two of the scenarios above, straight to PostgreSQL.
    {
      group: "sql",
      name: "SQL list: reader ticker=AAPL",
      sql: [
        [listPage(`${clientReachOf("$2", "$3")} and r.tickers @> array[$4]::text[]`), [...reader, "AAPL"]],
      ],
    },
    {
      group: "sql",
      name: "SQL list: editor status=draft",
      sql: [[listPage("true and r.status = $2"), [ids.editor_user, "draft"]]],
    },
    ...["gross margin", "Nagoya fab"].map((text) => ({
      group: "sql",
      name: `SQL search: reader ${text}`,
      sql: (db) =>
        searchStatements(db, searchReachOf("$2", "$3"), [text, ids.northwind, ids.northwind_teams]),
    })),
  ]
  const run = async (s) => {
    if (!s.sql) {
      const { ms, body } = await get(server.url, s.token, s.path)
      return { ms, json: JSON.parse(body) }
    }
    const started = performance.now()
    if (typeof s.sql === "function") {
      const rows = await s.sql(db)
      return { ms: performance.now() - started, rows }
    }
    let rows // of the first statement
    for (const [text, params] of s.sql) {
      const result = await db.query(text, params)
      rows ??= result.rows.length
    }
    return { ms: performance.now() - started, rows }
  }
  // Warm-up, then every scenario in turn, round after round, so machine noise hits them alike.
  for (const s of scenarios) {
    s.samples = []
    s.spent = 0
    for (let i = 0; i < (s.group === "search" || s.name.startsWith("SQL search") ? 3 : warmup); i++) {
      const { json, rows } = await run(s)
      s.shown = json ? (json.items?.length ?? json.reports?.length) : rows
      s.total = json?.total
      s.capped = json?.capped
    }
    // What the search is up against: every match the caller may read, counted once.
    if (s.text !== undefined) {
      const [reach, params] = s.editor
        ? ["true", [s.text]]
        : [clientReachOf("$2", "$3"), [s.text, ids.northwind, ids.northwind_teams]]
      s.matches = (await db.query(searchCount(reach, "$1"), params)).rows[0].count
    }
  }
  for (let i = 0; i < requests; i++)
    for (const s of scenarios) {
      if (s.spent > budgetMs) continue
      const { ms } = await run(s)
      s.samples.push(ms)
      s.spent += ms
    }

  const summary = (samples) => {
    const sorted = [...samples].sort((a, b) => a - b)
    return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) }
  }
  for (const s of scenarios) s.summary = summary(s.samples)
  const base = scenarios[0].summary
  const ms = (x) => `${x.toFixed(1)} ms`.padStart(10)
  console.log(
    `  ${"scenario".padEnd(40)}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}${"p50 × health".padStart(14)}${"n".padStart(6)}  rows`,
  )
  for (const group of ["baseline", "list", "search", "sql"]) {
    const members = scenarios.filter((s) => s.group === group)
    for (const s of members) {
      const x = s.summary
      const rows =
        s.shown === undefined
          ? ""
          : `${s.shown}${s.total === undefined ? "" : ` of ${s.total.toLocaleString("en")}${s.capped ? "+" : ""}`}${s.matches === undefined ? "" : ` (${s.matches.toLocaleString("en")} match)`}`
      console.log(
        `  ${s.name.padEnd(40)}${ms(x.p50)}${ms(x.p95)}${ms(x.p99)}${(x.p50 / base.p50).toFixed(1).padStart(14)}${String(s.samples.length).padStart(6)}  ${rows}`,
      )
    }
    if (group === "list" || group === "search") {
      const x = summary(members.flatMap((s) => s.samples))
      const n = members.reduce((sum, s) => sum + s.samples.length, 0)
      console.log(
        `  ${`all ${group} requests`.padEnd(40)}${ms(x.p50)}${ms(x.p95)}${ms(x.p99)}${(x.p50 / base.p50).toFixed(1).padStart(14)}${String(n).padStart(6)}`,
      )
    }
  }
  // A target holds only when it holds for every scenario: pooling would let a slow scenario, which
  // takes fewer samples within its time budget, hide behind the fast ones.
  const worst = (group, key) =>
    scenarios.filter((s) => s.group === group).reduce((w, s) => (s.summary[key] > w.summary[key] ? s : w))
  const list = worst("list", "p99")
  const search = worst("search", "p95")
  console.log(
    `  targets (worst scenario): list p99 ≤ 25 ms: ${list.summary.p99 <= 25 ? "met" : "MISSED"} (${list.summary.p99.toFixed(1)} ms, ${list.name.trim()}); search p95 ≤ 30 ms: ${search.summary.p95 <= 30 ? "met" : "MISSED"} (${search.summary.p95.toFixed(1)} ms, ${search.name.trim()})`,
  )
  console.log(
    "  * harbor-pension is entitled to three sectors only; the other reader belongs to Northwind Capital (all sectors, one team)",
  )
} finally {
  await cleanUpOnce()
}
