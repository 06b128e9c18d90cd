// Folio's bare twin for server/bench/api-twins.mjs: a node:http server with a `pg` pool of the same
// size (20) that answers four of Folio's reads with exactly the SQL Folio's routes send (copied from
// server/src: users/repo.ts, reports/reach.ts, reports/repo.ts, search/repo.ts, tickers/repo.ts,
// db/migrations.ts) and the same JSON, byte for byte. No framework, no schema, no logging: the
// least a server must do to answer the same request. The bench checks both claims on every run
// (sql-capture.mjs records what each server sends; the bodies are compared).
// Only what the bench asks is handled: a signed-in client reader or staff member (bearer session
// token); a company reader's sectors and teams, no cursor, no prefix search.
// Usage: PORT=… DATABASE_URL=… node server/bench/api-twin.mjs
import { createHash } from "node:crypto"
import { createServer } from "node:http"
import pg from "pg"

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 20,
  application_name: "folio-twin",
})
pool.on("error", () => {})
const startedAt = Date.now()
// Folio's default FOLIO_SESSION_IDLE_MINUTES (a week), in seconds.
const idleSeconds = Number(process.env.FOLIO_SESSION_IDLE_MINUTES ?? 60 * 24 * 7) * 60

// --- statements, as Folio's routes send them ------------------------------------------------------

const sessionSql = `
          select 
      u.id, u.email, u.name, u.company_id, u.role, u.status, u.timezone, u.last_sign_in_at, u.password_hash,
      json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as company, s.id as session_id, s.csrf_token as session_csrf_token,
                 s.last_seen_at as session_last_seen_at
          from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
          where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(secs => $2)`

const clientReachSql = `
      select c.status, c.entitled_sectors as sectors,
             coalesce((select array_agg(m.team_id) from team_members m join teams t on t.id = m.team_id
                       where m.user_id = $1 and t.company_id = c.id), '{}') as team_ids
      from companies c where c.id = $2`

const healthSql = `
    select current_setting('server_version') as version, m.migration_id, m.name
    from (select 1) one
    left join lateral (
      select migration_id, name from folio_migrations order by migration_id desc limit 1
    ) m on true`

/** Builds a statement's text and parameters as @effect/sql does: `$n` in order of appearance. */
const statement = () => {
  const values = []
  const p = (value) => {
    values.push(value)
    return `$${values.length}`
  }
  return { values, p }
}

/** reports/reach.ts reachClause; `p` adds a parameter. */
const reachClause = (reach, p) => {
  if (reach.kind === "staff") return "true"
  if (reach.kind === "publisher") return "r.status = 'published'"
  if (reach.suspended) return "false"
  return `r.status = 'published' and ${sectorsAllowed(reach, p)} and ${audienceAllows(reach, p)}`
}
const sectorsAllowed = (reach, p) =>
  reach.sectors === null ? "true" : `r.sector = any(${p(reach.sectors)}::text[])`
const audienceAllows = (reach, p) => {
  const company = p(reach.companyId)
  const teams =
    reach.teamIds.length === 0
      ? "a.team_id is null"
      : `(a.team_id is null or a.team_id = any(${p(reach.teamIds)}::uuid[]))`
  return `exists (
    select 1 from report_audience a
    where a.report_id = r.id
      and (a.company_id is null or (a.company_id = ${company} and ${teams}))
      and r.published_at + make_interval(hours => a.embargo_hours) <= now())`
}
const allClients = "00000000-0000-0000-0000-000000000000"
/** reports/reach.ts searchReachClause. */
const searchReachClause = (reach, p) => {
  if (reach.kind !== "client" || reach.suspended) return reachClause(reach, p)
  const sectors = sectorsAllowed(reach, p)
  const readers = p([allClients, reach.companyId, ...reach.teamIds])
  return `r.status = 'published' and ${sectors} and (
    (r.audience && ${readers}::uuid[] and r.published_at <= now())
    or (r.embargoed and ${audienceAllows(reach, p)}))`
}

/** reports/repo.ts select. */
const reportSelect = (me, where, tail, withBody) => `
        select r.id, r.external_id, r.title, r.summary,
               ${withBody ? "r.body" : "null::text"} as body,
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
               exists (select 1 from report_favorites f where f.user_id = ${me} and f.report_id = r.id) as favorite
        from reports r
        where ${where}
        ${tail}`

// --- rows to JSON, as the API's schemas encode them ---------------------------------------------------

const iso = (d) => (d === null ? null : d.toISOString())
/** A report as the API answers it (core's Report / ReportListItem, in the schema's key order). */
const reportJson = (r, withBody) => {
  const out = {
    id: r.id,
    externalId: r.external_id,
    title: r.title,
    summary: r.summary,
  }
  if (withBody) out.body = r.body ?? ""
  out.type = r.type
  out.sector = r.sector
  out.tickers = r.tickers
  out.tags = r.tags
  out.channels = r.channels
  out.rating = r.rating
  out.targetPrice = r.target_price
  out.targetCurrency = r.target_currency
  out.disclosures = r.disclosures
  out.authors = r.authors
  out.audience = r.audience
  out.status = r.status
  out.releaseAt = iso(r.release_at)
  out.publishedAt = iso(r.published_at)
  out.version = r.version
  out.favorite = r.favorite
  out.createdBy = r.created_by
  out.createdAt = iso(r.created_at)
  out.updatedAt = iso(r.updated_at)
  return out
}

/** core/src/schema/pagination.ts encodeCursor. */
const encodeCursor = (value) => Buffer.from(JSON.stringify(value)).toString("base64url")

// --- the routes ----------------------------------------------------------------------------------

const hash = (token) => createHash("sha256").update(token).digest()

/** The caller behind the bearer session token, with their reach (reports/reach.ts reportReachOf). */
const caller = async (request) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]
  if (!token) return undefined
  const rows = (await pool.query(sessionSql, [hash(token), idleSeconds])).rows
  const user = rows[0]
  if (user?.status !== "active") return undefined
  const staff = user.company.kind === "publisher" && ["admin", "editor", "analyst"].includes(user.role)
  if (staff) return { user, reach: { kind: "staff" } }
  if (user.company.kind === "publisher") return { user, reach: { kind: "publisher" } }
  const row = (await pool.query(clientReachSql, [user.id, user.company_id])).rows[0]
  return {
    user,
    reach: {
      kind: "client",
      companyId: user.company_id,
      teamIds: row?.team_ids ?? [],
      sectors: row?.sectors ?? null,
      suspended: row?.status !== "active",
    },
  }
}

const health = async () => {
  const started = performance.now()
  const row = (await pool.query(healthSql)).rows[0]
  const latencyMs = Math.round((performance.now() - started) * 100) / 100
  return {
    status: "ok",
    version: process.env.TWIN_VERSION ?? "0.0.0",
    deploymentId: process.env.TWIN_DEPLOYMENT ?? "local",
    database: { ok: true, latencyMs, engine: `PostgreSQL ${row.version}`, embedded: false },
    migration: {
      current: `${String(row.migration_id).padStart(4, "0")}_${row.name}`,
      latest: `${String(row.migration_id).padStart(4, "0")}_${row.name}`,
    },
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  }
}

/** reports/repo.ts list, for the filters the bench uses. */
const list = async ({ user, reach }, params) => {
  const limit = Number(params.get("limit") ?? 50)
  const sort = params.get("sort") === "-publishedAt" ? "published" : "updated"
  const { values, p } = statement()
  const me = p(user.id)
  const clauses = [reachClause(reach, p)]
  const status = params.getAll("status")
  if (status.length === 1) clauses.push(`r.status = ${p(status[0])}`)
  if (params.get("ticker"))
    clauses.push(`r.tickers @> array[${p(params.get("ticker").toUpperCase())}]::text[]`)
  if (params.get("sector")) clauses.push(`r.sector = ${p(params.get("sector"))}`)
  if (sort === "published") clauses.push("r.published_at is not null")
  const order =
    sort === "published" ? "order by r.published_at desc, r.id desc" : "order by r.updated_at desc, r.id desc"
  const page = `select r.id from reports r where (${clauses.join(" AND ")}) ${order} limit ${p(limit + 1)}`
  const rows = (await pool.query(reportSelect(me, `r.id = any(array(${page}))`, order, false), values)).rows
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  const key = (row) => (sort === "published" ? row.published_key : row.updated_key) ?? row.updated_key
  return {
    items: items.map((r) => reportJson(r, false)),
    nextCursor: rows.length > limit && last ? encodeCursor([key(last), last.id]) : null,
  }
}

/** reports/repo.ts find. */
const get = async ({ user, reach }, id) => {
  const { values, p } = statement()
  const me = p(user.id)
  const where = `(r.id = ${p(id)} AND ${reachClause(reach, p)})`
  const row = (await pool.query(reportSelect(me, where, "", true), values)).rows[0]
  return row && reportJson(row, true)
}

// search/service.ts, search/repo.ts, search/candidates.ts, search/snippets.ts
const candidateLimit = 200
const searchWindows = (now) =>
  [0, 3, 12].map((back) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)))
const wantedWords = (q) => q.replace(/(^|\s)-("[^"]*"?|\S*)/g, " ").replace(/"/g, " ")
const matchesSql = (reach, q, from, to, limit) => {
  const { values, p } = statement()
  const rank = `websearch_to_tsquery('english', ${p(q)})`
  const clauses = [`r.search @@ websearch_to_tsquery('english', ${p(q)})`, searchReachClause(reach, p)]
  const text = `
        select s.id, s.at, s.status, s.sector, s.type, s.tickers, ts_rank_cd(s.search, ${rank}) as rank
        from (
          select r.id, r.at, r.status, r.sector, r.type, r.tickers, r.search from report_search r
          where (${clauses.join(" AND ")})
            ${from === null ? "" : `and r.at >= ${p(from)}`}
            ${to === null ? "" : `and r.at < ${p(to)}`}
            and (select folio_serial_plan())
          order by r.at desc, r.id desc
          limit ${p(limit)}
        ) s`
  return [text, values]
}
const highlightsSql = `
    with words as (
      select '(' || string_agg(
               case when l ~ '^[[:alnum:]]' then '\\m' else '' end
               || regexp_replace(case when length(l) > 4 then left(l, -1) else l end, '([^[:alnum:]])', '\\\\\\1', 'g'),
               '|') || ')' as pattern
      from unnest(tsvector_to_array(to_tsvector('english', $1))) l
    )
    select r.id,
           ts_headline('english', r.title, websearch_to_tsquery('english', $2), 'HighlightAll=true, ' || 'StartSel=' || chr(1) || ', StopSel=' || chr(2)) as title,
           ts_headline('english', regexp_replace(coalesce(
               (select string_agg(case when prev is null then '' when n = prev + 1 then ' ' else ' … ' end || s, ''
                                  order by n)
                from (select s, n, lag(n) over (order by n) as prev
                      from regexp_split_to_table(r.summary || chr(10) || left(r.body, 20000), '(?<=[.!?])\\s+|\\n+') with ordinality as t(s, n)
                      where s ~* words.pattern) kept),
               left(r.summary || chr(10) || left(r.body, 20000), 600)), '[#*_>\`\\[\\]|]+|\\(https?://[^)]*\\)', ' ', 'g'), websearch_to_tsquery('english', $3),
             'MaxFragments=2, MaxWords=28, MinWords=12, FragmentDelimiter=" … ", ' || 'StartSel=' || chr(1) || ', StopSel=' || chr(2)) as snippet
    from reports r, words where r.id = any($4::uuid[])`
const byRelevance = (a, b) =>
  b.rank - a.rank || b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const countsOf = (values, top) => {
  const counts = new Map()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, top)
    .map(([value, count]) => ({ value, count }))
}
const runsOf = (marked) => {
  const runs = []
  for (const part of marked.split("\u0001")) {
    const end = part.indexOf("\u0002")
    if (end < 0) {
      if (part) runs.push({ text: part, hit: false })
      continue
    }
    if (end > 0) runs.push({ text: part.slice(0, end), hit: true })
    const rest = part.slice(end + 1)
    if (rest) runs.push({ text: rest, hit: false })
  }
  return runs
}
let oldest // search/service.ts keeps the oldest year for five minutes
const containsPattern = (text) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const tickersSql = (reach, q) => {
  const { values, p } = statement()
  const reached = reachClause(reach, p)
  const symbol = p(`${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const name = p(containsPattern(q))
  const text = `
        select t.symbol, t.name, t.exchange, t.sector, t.currency, t.country, t.active,
               (select count(*)::int from reports r where r.tickers @> array[t.symbol] and ${reached}) as report_count,
               t.created_at, t.updated_at
        from tickers t
        where (t.symbol like ${symbol} or lower(t.name) like ${name})
        order by t.symbol limit ${p(6)}`
  return [text, values]
}
/** companies/service.ts list and users/service.ts list, as a client reader sees them: their own company. */
const companiesSql = (user, q) => [
  `select c.id, c.name, c.slug, c.domain, c.kind, c.status, coalesce(to_jsonb(c.entitled_sectors), '"all"'::jsonb) as entitlements,
          (select count(*)::int from users u where u.company_id = c.id) as user_count,
          (select count(*)::int from teams t where t.company_id = c.id) as team_count, c.created_at, c.updated_at
   from companies c where (c.id = $1 AND (lower(c.name) like $2 or c.slug like $3)) order by c.name, c.id limit $4`,
  [user.company_id, containsPattern(q), containsPattern(q), 6],
]
const usersSql = (user, q) => [
  `select u.id, u.email, u.name, u.role, u.status, u.timezone, u.last_sign_in_at, u.created_at,
          json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as company
   from users u join companies c on c.id = u.company_id
   where (u.company_id = $1 AND (lower(u.name) like $2 or lower(u.email) like $3)) order by u.name, u.id limit $4`,
  [user.company_id, containsPattern(q), containsPattern(q), 6],
]

const search = async ({ user, reach }, params) => {
  const q = params.get("q")
  const limit = 20
  const tickers = pool.query(...tickersSql(reach, q))
  const companies = pool.query(...companiesSql(user, q))
  const users = pool.query(...usersSql(user, q))
  const found = []
  const bounds = searchWindows(new Date())
  for (let i = 0; i < bounds.length + 1 && found.length <= candidateLimit; i++) {
    const from = bounds[i] ?? null
    const to = i === 0 ? null : (bounds[i - 1] ?? null)
    found.push(
      ...(await pool.query(...matchesSql(reach, q, from, to, candidateLimit + 1 - found.length))).rows,
    )
  }
  const kept = found.slice(0, candidateLimit)
  const page = [...kept]
    .sort(byRelevance)
    .slice(0, limit + 1)
    .map((c) => c.id)
  const pageIds = page.slice(0, limit)
  const facets = {
    tickers: countsOf(
      kept.flatMap((c) => c.tickers),
      12,
    ),
    sectors: countsOf(
      kept.map((c) => c.sector),
      12,
    ),
    types: countsOf(
      kept.map((c) => c.type),
      Number.POSITIVE_INFINITY,
    ),
    statuses: countsOf(
      kept.map((c) => c.status),
      Number.POSITIVE_INFINITY,
    ),
    years: countsOf(
      kept.map((c) => String(c.at.getUTCFullYear())),
      Number.POSITIVE_INFINITY,
    )
      .sort((a, b) => Number(b.value) - Number(a.value))
      .slice(0, 10),
  }
  let olderYears = []
  if (found.length > candidateLimit) {
    if (oldest === undefined || Date.now() - oldest.at > 300_000) {
      const sql = `
          select extract(year from min(at) at time zone 'UTC')::int as year from report_search
          ${reach.kind === "staff" ? "" : "where status = 'published'"}`
      oldest = { year: (await pool.query(sql)).rows[0]?.year ?? undefined, at: Date.now() }
    }
    const newest = Math.min(...facets.years.map((y) => Number(y.value)), new Date().getUTCFullYear())
    const last = oldest.year ?? new Date().getUTCFullYear()
    olderYears = Array.from({ length: Math.max(0, newest - last) }, (_, i) => String(newest - 1 - i))
  }
  const half = Math.ceil(pageIds.length / 2)
  const marks = (ids) => pool.query(highlightsSql, [wantedWords(q), q, q, ids])
  const rowsOf = () => {
    const { values, p } = statement()
    const me = p(user.id)
    return pool.query(reportSelect(me, `r.id = any(${p(pageIds)}::uuid[])`, "", false), values)
  }
  const [first, second, rows] =
    pageIds.length === 0
      ? [{ rows: [] }, { rows: [] }, { rows: [] }]
      : await Promise.all([
          marks(pageIds.slice(0, half)),
          half < pageIds.length ? marks(pageIds.slice(half)) : { rows: [] },
          rowsOf(),
        ])
  const hitById = new Map([...first.rows, ...second.rows].map((hit) => [hit.id, hit]))
  const byId = new Map(rows.rows.map((r) => [r.id, r]))
  const tickerRows = (await tickers).rows.slice(0, 5)
  const companyRows = (await companies).rows.slice(0, 5)
  const userRows = (await users).rows.slice(0, 5)
  return {
    reports: pageIds.flatMap((id) => {
      const report = byId.get(id)
      const hit = hitById.get(id)
      if (!report || !hit) return []
      return [{ report: reportJson(report, false), title: runsOf(hit.title), snippet: runsOf(hit.snippet) }]
    }),
    total: kept.length,
    capped: found.length > candidateLimit,
    nextCursor: page.length > limit ? encodeCursor([limit]) : null,
    facets: { ...facets, olderYears },
    tickers: tickerRows.map((t) => ({
      symbol: t.symbol,
      name: t.name,
      exchange: t.exchange,
      sector: t.sector,
      currency: t.currency,
      country: t.country,
      active: t.active,
      reportCount: t.report_count,
      createdAt: iso(t.created_at),
      updatedAt: iso(t.updated_at),
    })),
    companies: companyRows.map((c) => ({ id: c.id, name: c.name, slug: c.slug, kind: c.kind })),
    users: userRows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      company: u.company,
      role: u.role,
      status: u.status,
      timezone: u.timezone,
      lastSignInAt: iso(u.last_sign_in_at),
      createdAt: iso(u.created_at),
    })),
  }
}

const send = (response, status, value) => {
  const body = JSON.stringify(value)
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  })
  response.end(body)
}

createServer(async (request, response) => {
  try {
    const url = new URL(request.url, "http://twin")
    if (url.pathname === "/api/health") return send(response, 200, await health())
    const who = await caller(request)
    if (!who) return send(response, 401, { _tag: "Unauthorized", message: "Sign in to continue." })
    if (url.pathname === "/api/reports") return send(response, 200, await list(who, url.searchParams))
    if (url.pathname === "/api/search") return send(response, 200, await search(who, url.searchParams))
    const id = /^\/api\/reports\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1]
    if (id) {
      const report = await get(who, id)
      return report ? send(response, 200, report) : send(response, 404, { _tag: "NotFound" })
    }
    send(response, 404, { _tag: "NotFound" })
  } catch (error) {
    send(response, 500, { _tag: "InternalError", message: String(error) })
  }
}).listen(Number(process.env.PORT), "127.0.0.1")
