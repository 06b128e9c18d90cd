// Search relevance against its bound (issue 15). A search ranks only a bounded set of candidates,
// the newest matches the caller may read (server/src/search), to stay fast at 1M reports. This
// measures what that costs in relevance, and what a larger bound costs in time:
// - 200 queries built from the generator's vocabulary (server/bench/reports-data.mjs, seeded):
//   company names, tickers, sector names, phrases from the reports, quoted phrases, negations,
//   rare terms (places, programmes, technical words) and mixes of them; the mix is printed.
// - For each query and user (a Northwind Capital reader, an editor), the top 10 the search shows
//   first (the candidates ordered as search/candidates.ts orders them: ts_rank_cd, then newest,
//   then id) against the exhaustive top 10: the same ordering over every match the user may read.
//   Overlap: the share of the exhaustive top 10 that the search's top 10 holds (of the matches,
//   when fewer than 10); "≥ rank": the share of the search's top 10 ranked at least as high as the
//   exhaustive 10th (ties at the boundary count).
// - The same for bounds of 200, 500, 1000, 2000 and 5000 newest candidates, and for the server's
//   own rule (search/service.ts, copied below), with the p50/p95/p99 latency of the candidate
//   statements: the service's SQL sent straight to PostgreSQL on one connection, one statement
//   after another as the service sends them, plus the ordering and facets in JS (not highlights,
//   not HTTP), as the "SQL search" rows of reports-query.mjs do.
// Usage: node server/bench/search-relevance.mjs, on the database kept by
// `BENCH_KEEP_DB=1 node server/bench/reports-query.mjs` (folio_bench_reports_<BENCH_REPORTS>),
// which this reads only (every statement runs in a read-only session). Env: BENCH_REPORTS (default
// 1,000,000), BENCH_DATABASE_URL (the server), BENCH_QUERIES (200), BENCH_ROUNDS (timed rounds
// over every query and bound, default 3), BENCH_SIZES (default 200,500,1000,2000,5000),
// BENCH_USERS (default reader,editor; latency is timed for the first), BENCH_SEED (15),
// BENCH_ALL_LIMITS (the server's rule at these allMatchesLimit values, default 1000,2000,5000).
// BENCH_SERVER=1 also runs the real server (server/dist/main.js: `npm run build` first) on the
// database and sends every query to GET /api/search as each user: the overlap of what it shows
// first, and the timed user's request latency. That signs the two users in (a session row each)
// and lets the server's housekeeping run, as reports-query.mjs does on the same database.
import { mkdtempSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import {
  adminPassword,
  adminQuery,
  connect,
  databaseUrl,
  drivers,
  facilities,
  headwinds,
  places,
  programmes,
  quantile,
  rngOf,
  sectors,
  signIn,
  startServer,
  techTerms,
  tickers,
} from "./reports-data.mjs"
import { matchesWithin, searchReachOf, searchWindows, tsq } from "./search-sql.mjs"

const total = Number(process.env.BENCH_REPORTS ?? 1_000_000)
const queryCount = Number(process.env.BENCH_QUERIES ?? 200)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const sizes = (process.env.BENCH_SIZES ?? "200,500,1000,2000,5000").split(",").map(Number)
// The server's rule (search/service.ts: allMatchesLimit) at these values; the server's own is 1000.
const allLimits = (process.env.BENCH_ALL_LIMITS ?? "1000,2000,5000").split(",").map(Number)
const userNames = (process.env.BENCH_USERS ?? "reader,editor").split(",")
const seed = Number(process.env.BENCH_SEED ?? 15)
const dbName = `folio_bench_reports_${total}`
const readerEmail = "grace.liu@northwind.example"
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")
const seconds = (t) => ((performance.now() - t) / 1000).toFixed(1)

// ---------------------------------------------------------------------------------------------
// The queries

/** A company as people type it: the name without its legal suffix. */
const companyWord = (name) =>
  name
    .replace(/\b(Inc|Corp|Co|plc|SE|Holding|Group|Communications|Systems|International)\b\.?/g, "")
    .replace(/&/g, "and")
    .replace(/\s+/g, " ")
    .trim()
/** A phrase's content words (without a leading article). */
const words = (phrase) => phrase.replace(/^(the|a|an) /, "").split(" ")
const allDrivers = Object.values(drivers).flat()

/**
 * Query makers by kind, each with its share of the mix. Each returns a query from the seeded
 * generator; rare words come from the whole of the long-tailed lists, not from their common head.
 */
const kinds = [
  ["company", 30, (r) => companyWord(r.pick(tickers).name)],
  ["ticker", 20, (r) => r.pick(tickers).symbol],
  ["sector", 10, (r) => r.pick(sectors)],
  ["phrase", 30, (r) => words(r.pick(allDrivers)).join(" ")],
  [
    "quoted",
    20,
    (r) => {
      const quoted = `"${words(r.pick(allDrivers)).join(" ")}"`
      return r.chance(0.5)
        ? quoted
        : `${quoted} ${r.pick(["capex", "guidance", "margin", "pricing", "growth"])}`
    },
  ],
  [
    "negation",
    15,
    (r) => `${words(r.pick(allDrivers)).slice(0, 2).join(" ")} -${r.pick(words(r.pick(headwinds)))}`,
  ],
  [
    "rare",
    40,
    (r) =>
      r.pick([
        () => `${r.pick(places)} ${r.pick(facilities)}`,
        () => r.pick(techTerms),
        () => `project ${r.pick(programmes)}`,
        () => `${r.pick(places)} ${r.pick(techTerms)}`,
        () => r.pick(places),
      ])(),
  ],
  [
    "company + words",
    20,
    (r) => {
      const t = r.pick(tickers)
      const d = drivers[t.sector] ?? allDrivers
      return `${r.chance(0.5) ? companyWord(t.name) : t.symbol} ${words(r.pick(d)).slice(0, 2).join(" ")}`
    },
  ],
  ["headwind", 15, (r) => words(r.pick(headwinds)).join(" ")],
]

/**
 * The query mix: `queryCount` queries in the kinds' shares, each matching at least one report the
 * reader may read (a query with none is replaced by the kind's next one), without duplicates.
 * `matches(q)` counts them.
 */
const buildQueries = async (matches) => {
  const r = rngOf(seed)
  const share = kinds.reduce((sum, [, n]) => sum + n, 0)
  const out = []
  const seen = new Set()
  for (const [kind, n, make] of kinds) {
    const want = Math.round((n * queryCount) / share)
    let made = 0
    for (let tries = 0; made < want && tries < want * 20; tries++) {
      const q = make(r).replace(/\s+/g, " ").trim()
      if (seen.has(q.toLowerCase())) continue
      seen.add(q.toLowerCase())
      if ((await matches(q)) === 0) continue
      out.push({ kind, q })
      made++
    }
  }
  return out.slice(0, queryCount)
}

// ---------------------------------------------------------------------------------------------
// The service's statements (server/src/search/repo.ts and service.ts, in search-sql.mjs; keep in
// step)

/** searchReachClause for a client reader of all sectors, in one team or more. */
const readerReach = searchReachOf("$2", "$3")
/** Reads windows from `state.next` on, newest first, until more than `limit` candidates. */
const readUpTo = async (db, user, q, state, limit) => {
  const bounds = state.bounds
  for (; state.next < bounds.length + 1 && state.found.length <= limit; state.next++) {
    state.whole = state.found.length
    const i = state.next
    const sql = matchesWithin(
      user.reach,
      "$1",
      bounds[i] ?? null,
      i === 0 ? null : bounds[i - 1],
      limit + 1 - state.found.length,
    )
    state.found.push(...(await db.query(sql, [q, ...user.params])).rows)
  }
}
/** The newest `limit` + 1 matches, a window at a time (the service before issue 15). */
const newestMatches = async (db, user, q, limit) => {
  const state = { bounds: searchWindows(new Date()), found: [], next: 0, whole: 0 }
  await readUpTo(db, user, q, state, limit)
  return state.found
}
/** service.ts estimatedMatches: as many as the newest span, for every such span in the history. */
const estimatedMatches = (newest, start, end) => {
  const span = end.getTime() - newest[newest.length - 1].at.getTime()
  return span <= 0 ? Number.POSITIVE_INFINITY : newest.length * Math.max(1, (end - start) / span)
}
/**
 * Search.candidatesOf (service.ts): every match when at most 200, or at most `all` by the
 * estimate from the newest 201; else the newest 200.
 */
const serverCandidates = async (db, user, q, all) => {
  const now = new Date()
  const state = { bounds: searchWindows(now), found: [], next: 0, whole: 0 }
  await readUpTo(db, user, q, state, 200)
  if (state.found.length <= 200) return { kept: state.found, capped: false }
  const newest = state.found.slice(0, 201)
  const latest = newest[0].at > now ? newest[0].at : now
  if (estimatedMatches(newest, user.oldest ?? now, latest) > all)
    return { kept: newest.slice(0, 200), capped: true }
  state.found.length = state.whole
  state.next -= 1
  await readUpTo(db, user, q, state, all)
  return state.found.length <= all
    ? { kept: state.found, capped: false }
    : { kept: state.found.slice(0, 200), capped: true }
}

/** search/candidates.ts: most relevant first; among equals the newest, then by id. */
const byRelevance = (a, b) =>
  b.rank - a.rank || b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const counts = (values) => {
  const m = new Map()
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1)
  return [...m].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
}
/** search/candidates.ts: the first page by relevance and the facets, as the service computes them. */
const pageAndFacets = (kept) => {
  const page = [...kept].sort(byRelevance).slice(0, 21)
  const facets = [
    counts(kept.flatMap((c) => c.tickers)).slice(0, 12),
    counts(kept.map((c) => c.sector)).slice(0, 12),
    counts(kept.map((c) => c.type)),
    counts(kept.map((c) => c.status)),
    counts(kept.map((c) => String(c.at.getUTCFullYear()))),
  ]
  return { page, facets }
}

/** A search bounded to the newest `n` candidates: what the service does with candidateLimit = n. */
const newestBound = (n) => ({
  name: `newest ${n}`,
  n,
  run: async (db, user, q) => {
    const found = await newestMatches(db, user, q, n)
    const kept = found.slice(0, n)
    return { kept, capped: found.length > n, ...pageAndFacets(kept) }
  },
})

/** The server's rule with allMatchesLimit = `all`. */
const serverRule = (all) => ({
  name: `200, all if ≤ ${all}`,
  run: async (db, user, q) => {
    const { kept, capped } = await serverCandidates(db, user, q, all)
    return { kept, capped, ...pageAndFacets(kept) }
  },
})

// ---------------------------------------------------------------------------------------------
// The exhaustive ranking

/** Every match the user may read, ranked as search ranks its candidates: the count and the top 10. */
const exhaustive = async (db, user, q) => {
  const { rows } = await db.query(
    `with m as materialized (
       select r.id, r.at, ts_rank_cd(r.search, ${tsq("$1")}) as rank from report_search r
       where r.search @@ ${tsq("$1")} and ${user.reach})
     select id, at, rank, count(*) over ()::int as n from m order by rank desc, at desc, id limit 10`,
    [q, ...user.params],
  )
  return { matches: rows[0]?.n ?? 0, top: rows }
}

/** How much of the exhaustive top 10 the search's first 10 hold; and how many rank as high. */
const agreement = (ours, exact) => {
  const k = exact.top.length
  if (k === 0) return undefined
  const mine = [...ours].sort(byRelevance).slice(0, k)
  const wanted = new Set(exact.top.map((c) => c.id))
  const floor = exact.top[k - 1].rank
  return {
    overlap: mine.filter((c) => wanted.has(c.id)).length / k,
    asHigh: mine.filter((c) => c.rank >= floor).length / k,
  }
}

// ---------------------------------------------------------------------------------------------

const marker = (
  await adminQuery(
    "select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1",
    [dbName],
  )
).rows[0]?.marker
if (!marker?.endsWith("complete")) {
  console.error(
    `${dbName} is missing or incomplete (${marker ?? "no database"}): make it with BENCH_KEEP_DB=1 BENCH_REPORTS=${total} node server/bench/reports-query.mjs`,
  )
  process.exit(1)
}
const db = await connect(databaseUrl(dbName))
try {
  await db.query("set default_transaction_read_only = on")
  const info = (
    await db.query(
      `select current_setting('server_version') as version, current_setting('shared_buffers') as buffers,
              (select count(*) from report_search)::int as rows,
              (select id from companies where slug = 'northwind-capital') as northwind,
              (select min(at) from report_search where status = 'published') as oldest_published,
              (select min(at) from report_search) as oldest,
              (select coalesce(array_agg(m.team_id), '{}') from team_members m join users u on u.id = m.user_id
               where u.email = $1) as teams`,
      [readerEmail],
    )
  ).rows[0]
  const users = Object.fromEntries(
    [
      [
        "reader",
        {
          name: "reader",
          reach: readerReach,
          params: [info.northwind, info.teams],
          oldest: info.oldest_published,
        },
      ],
      ["editor", { name: "editor", reach: "true", params: [], oldest: info.oldest }],
    ].filter(([name]) => userNames.includes(name)),
  )
  const timed = users[userNames[0]]
  console.log(
    `search relevance: ${dbName} (${info.rows.toLocaleString("en")} reports in the search index), PostgreSQL ${info.version}, shared_buffers ${info.buffers}; ${queryCount} queries, users ${Object.keys(users).join(", ")}, bounds ${sizes.join(", ")}, ${rounds} timed rounds; load average ${load()}`,
  )

  // The queries, and every user's exhaustive top 10 for each.
  let t = performance.now()
  const exact = new Map() // `${user}\0${q}` -> { matches, top }
  const exactOf = async (user, q) => {
    const key = `${user.name}\0${q}`
    if (!exact.has(key)) exact.set(key, await exhaustive(db, user, q))
    return exact.get(key)
  }
  const reader = users.reader ?? timed
  const queries = await buildQueries(async (q) => (await exactOf(reader, q)).matches)
  for (const user of Object.values(users)) for (const { q } of queries) await exactOf(user, q)
  console.log(`  exhaustive rankings in ${seconds(t)} s; load average ${load()}`)

  // The mix: per kind, how many and how common (the reader's matches).
  const buckets = [
    ["≤ 200", 200],
    ["201–1,000", 1000],
    ["1,001–5,000", 5000],
    ["5,001–50,000", 50_000],
    ["> 50,000", Number.POSITIVE_INFINITY],
  ]
  const bucketOf = (m) => buckets.find(([, hi]) => m <= hi)[0]
  for (const query of queries) {
    query.matches = Object.fromEntries(
      Object.values(users).map((u) => [u.name, exact.get(`${u.name}\0${query.q}`).matches]),
    )
    query.bucket = bucketOf(query.matches[reader.name])
  }
  console.log(`  the mix (matches for the ${reader.name}):`)
  console.log(
    `    ${"kind".padEnd(18)}${"n".padStart(4)}  ${buckets.map(([b]) => b.padStart(13)).join("")}  examples`,
  )
  for (const [kind] of kinds) {
    const mine = queries.filter((x) => x.kind === kind)
    console.log(
      `    ${kind.padEnd(18)}${String(mine.length).padStart(4)}  ${buckets.map(([b]) => String(mine.filter((x) => x.bucket === b).length).padStart(13)).join("")}  ${mine
        .slice(0, 3)
        .map((x) => `${x.q} (${x.matches[reader.name].toLocaleString("en")})`)
        .join(", ")}`,
    )
  }
  console.log(
    `    ${"all".padEnd(18)}${String(queries.length).padStart(4)}  ${buckets.map(([b]) => String(queries.filter((x) => x.bucket === b).length).padStart(13)).join("")}`,
  )

  // Relevance: every strategy's top 10 for every query and user.
  const strategies = [...sizes.map(newestBound), ...allLimits.map(serverRule)]
  t = performance.now()
  for (const s of strategies) s.agreement = Object.fromEntries(Object.keys(users).map((u) => [u, []]))
  for (const user of Object.values(users))
    for (const query of queries) {
      const ex = exact.get(`${user.name}\0${query.q}`)
      // The newest bounds are prefixes of the newest max(sizes): one fetch serves them all.
      const widest = Math.max(...sizes)
      const found = await newestMatches(db, user, query.q, widest)
      for (const s of strategies) {
        const { kept, capped } =
          s.n === undefined
            ? await s.run(db, user, query.q)
            : { kept: found.slice(0, s.n), capped: found.length > s.n }
        s.agreement[user.name].push({ query, capped, ...agreement(kept, ex) })
      }
    }
  console.log(`  search top 10s in ${seconds(t)} s`)

  // Latency: every query with every strategy in turn, round after round, as the timed user.
  t = performance.now()
  for (const s of strategies) s.samples = []
  for (const s of strategies) for (const { q } of queries.slice(0, 3)) await s.run(db, timed, q) // warm-up
  const loads = [load()]
  for (let round = 0; round < rounds; round++) {
    for (const query of queries)
      for (const s of strategies) {
        const started = performance.now()
        await s.run(db, timed, query.q)
        s.samples.push({ query, ms: performance.now() - started })
      }
    loads.push(load())
  }
  console.log(`  timed ${rounds} rounds in ${seconds(t)} s; load average after each: ${loads.join(" | ")}`)

  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  const ms = (x) => `${x.toFixed(1)} ms`.padStart(10)
  const pct = (x) => x.toFixed(2).padStart(8)
  console.log(
    `  ${"candidates".padEnd(22)}${Object.keys(users)
      .map(
        (u) =>
          `${`${u} overlap`.padStart(16)}${"≥ rank".padStart(8)}${"≥ 0.9".padStart(8)}${"all".padStart(6)}`,
      )
      .join("")}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}  slowest (p50)`,
  )
  for (const s of strategies) {
    const sorted = s.samples.map((x) => x.ms).sort((a, b) => a - b)
    const perQuery = new Map()
    for (const x of s.samples) perQuery.set(x.query.q, [...(perQuery.get(x.query.q) ?? []), x.ms])
    const slowest = [...perQuery]
      .map(([q, xs]) => [
        q,
        quantile(
          xs.sort((a, b) => a - b),
          0.5,
        ),
      ])
      .sort((a, b) => b[1] - a[1])[0]
    console.log(
      `  ${s.name.padEnd(22)}${Object.keys(users)
        .map((u) => {
          const a = s.agreement[u]
          return `${pct(mean(a.map((x) => x.overlap))).padStart(16)}${pct(mean(a.map((x) => x.asHigh)))}${pct(a.filter((x) => x.overlap >= 0.9).length / a.length)}${(a.filter((x) => !x.capped).length / a.length).toFixed(2).padStart(6)}`
        })
        .join(
          "",
        )}${ms(quantile(sorted, 0.5))}${ms(quantile(sorted, 0.95))}${ms(quantile(sorted, 0.99))}  ${slowest[0]} ${slowest[1].toFixed(1)} ms`,
    )
  }
  console.log(`  overlap by how many match (${reader.name}, mean overlap; n queries):`)
  console.log(`    ${"candidates".padEnd(20)}${buckets.map(([b]) => b.padStart(14)).join("")}`)
  for (const s of strategies) {
    const a = s.agreement[reader.name]
    console.log(
      `    ${s.name.padEnd(20)}${buckets
        .map(([b]) => {
          const xs = a.filter((x) => x.query.bucket === b)
          return `${xs.length === 0 ? "–" : mean(xs.map((x) => x.overlap)).toFixed(2)} (${xs.length})`.padStart(
            14,
          )
        })
        .join("")}`,
    )
  }
  console.log(
    `  overlap: share of the exhaustive top 10 in the search's top 10, mean over queries; ≥ rank: share of the search's top 10 ranked at least as high as the exhaustive 10th; ≥ 0.9: share of queries with overlap ≥ 0.9; all: share of searches that ranked every match (not capped). Latency: the ${timed.name}'s candidate statements and the page's ordering and facets, pooled over ${queries.length} queries × ${rounds} rounds.`,
  )

  // Through the real server (BENCH_SERVER=1): what /api/search shows first, and its latency.
  if (process.env.BENCH_SERVER === "1") {
    const dir = mkdtempSync(join(tmpdir(), "folio-bench-relevance-"))
    const server = await startServer(databaseUrl(dbName), dir)
    try {
      const emails = { reader: readerEmail, editor: "rosa.alvarez@research.folio.example" }
      const tokens = {}
      for (const name of Object.keys(users))
        tokens[name] = await signIn(server.url, emails[name], adminPassword)
      const search = async (name, q) => {
        const started = performance.now()
        const response = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`, {
          headers: { authorization: `Bearer ${tokens[name]}` },
        })
        const body = await response.json()
        if (!response.ok) throw new Error(`search ${q}: ${response.status} ${JSON.stringify(body)}`)
        return { ms: performance.now() - started, body }
      }
      const health = []
      const shown = Object.fromEntries(Object.keys(users).map((u) => [u, []]))
      for (const name of Object.keys(users))
        for (const query of queries) {
          const { body } = await search(name, query.q)
          const ex = exact.get(`${name}\0${query.q}`)
          const first = new Set(body.reports.slice(0, ex.top.length).map((h) => h.report.id))
          shown[name].push({
            query,
            capped: body.capped,
            overlap: ex.top.filter((c) => first.has(c.id)).length / ex.top.length,
          })
        }
      const samples = []
      const plain = [] // searches that list no ticker, company or person beside the reports
      for (let round = 0; round < rounds; round++)
        for (const query of queries) {
          const { ms, body } = await search(timed.name, query.q)
          samples.push(ms)
          if (body.tickers.length + body.companies.length + body.users.length === 0) plain.push(ms)
          const started = performance.now()
          await fetch(`${server.url}/api/health`).then((r) => r.text())
          health.push(performance.now() - started)
        }
      const sorted = samples.sort((a, b) => a - b)
      plain.sort((a, b) => a - b)
      health.sort((a, b) => a - b)
      console.log(
        `  through the server (GET /api/search?q=…, 20 hits with snippets and facets, one request at a time): ${Object.keys(
          users,
        )
          .map(
            (u) =>
              `${u} overlap ${mean(shown[u].map((x) => x.overlap)).toFixed(2)} (≥ 0.9 for ${shown[u].filter((x) => x.overlap >= 0.9).length} of ${shown[u].length}, all matches ranked for ${shown[u].filter((x) => !x.capped).length})`,
          )
          .join(
            "; ",
          )}; ${timed.name} p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms over ${sorted.length} requests (of which the ${plain.length} listing no ticker, company or person beside the reports: p50 ${quantile(plain, 0.5).toFixed(1)} ms, p95 ${quantile(plain, 0.95).toFixed(1)} ms, p99 ${quantile(plain, 0.99).toFixed(1)} ms); GET /api/health p50 ${quantile(health, 0.5).toFixed(1)} ms; load average ${load()}`,
      )
    } finally {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
} finally {
  await db.end()
}
