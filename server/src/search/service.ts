import { SqlClient, type Statement } from "@effect/sql"
import {
  type Actor,
  can,
  decodeCursor,
  encodeCursor,
  type FacetCount,
  grantFor,
  type SearchFacets,
  type SearchParams,
  type SnippetRun,
  searchCandidateLimit,
  ValidationError,
} from "@folio/core"
import { Effect } from "effect"
import { reachOf } from "../companies/reach.js"
import { Companies } from "../companies/service.js"
import { type ReportReach, reachClause } from "../reports/reach.js"
import { ReportsRepo } from "../reports/repo.js"
import { TickersRepo } from "../tickers/repo.js"
import { Users } from "../users/service.js"

const defaultLimit = 20
const candidateLimit = searchCandidateLimit

type Hit = { readonly id: string; readonly title: string; readonly snippet: string }
type RawFacets = { readonly [K in keyof SearchFacets]: ReadonlyArray<FacetCount> | null }

/** The facet counts over the kept candidates, as one JSON object. */
const facetsOf = (sql: SqlClient.SqlClient) => {
  const counts = (select: string) =>
    sql.literal(`(select json_agg(json_build_object('value', value, 'count', count)) from (${select}) f)`)
  return sql`json_build_object(
    'tickers', ${counts("select t as value, count(*)::int as count from kept, unnest(kept.tickers) t group by t order by 2 desc, 1 limit 12")},
    'sectors', ${counts("select sector as value, count(*)::int as count from kept group by sector order by 2 desc, 1 limit 12")},
    'types', ${counts("select type as value, count(*)::int as count from kept group by type order by 2 desc, 1")},
    'statuses', ${counts("select status as value, count(*)::int as count from kept group by status order by 2 desc, 1")},
    'years', ${counts("select extract(year from at)::int::text as value, count(*)::int as count from kept group by 1 order by 1 desc limit 10")})`
}

const facetsFrom = (raw: RawFacets | null): SearchFacets => ({
  tickers: raw?.tickers ?? [],
  sectors: raw?.sectors ?? [],
  types: raw?.types ?? [],
  statuses: raw?.statuses ?? [],
  years: raw?.years ?? [],
})

/** ts_headline marks hits with \u0001…\u0002; split into runs so no client ever parses HTML. */
export const runsOf = (marked: string): ReadonlyArray<SnippetRun> => {
  const runs: Array<SnippetRun> = []
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

/** Markdown marks make poor snippets: keep the words. */
const plain = (sql: SqlClient.SqlClient, column: Statement.Fragment) =>
  sql`regexp_replace(${column}, '[#*_>\`\\[\\]|]+|\\(https?://[^)]*\\)', ' ', 'g')`

/**
 * The query's last word, when it is a plain word that may still be being typed (not quoted, not
 * excluded with `-`), and the text before it. Only letters and digits reach `to_tsquery`.
 */
const lastWordPrefix = (q: string): { readonly rest: string; readonly word: string } | undefined => {
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(q.trim())
  if (match?.[2] === undefined || (q.match(/"/g) ?? []).length % 2 === 1) return undefined
  return { rest: q.trim().slice(0, match.index).trim(), word: match[2] }
}

export class Search extends Effect.Service<Search>()("@folio/server/Search", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const reports = yield* ReportsRepo
    const tickers = yield* TickersRepo
    const companies = yield* Companies
    const users = yield* Users

    const filters = (params: SearchParams, reach: ReportReach) => {
      const clauses: Array<Statement.Fragment> = [sql`r.search @@ ${query(params)}`, reachClause(sql, reach)]
      if (params.ticker) clauses.push(sql`r.tickers @> array[${params.ticker.toUpperCase()}]::text[]`)
      if (params.sector) clauses.push(sql`r.sector = ${params.sector}`)
      if (params.type) clauses.push(sql`r.type = ${params.type}`)
      if (params.status) clauses.push(sql`r.status = ${params.status}`)
      if (params.from) clauses.push(sql`coalesce(r.published_at, r.updated_at) >= ${params.from}`)
      if (params.to) clauses.push(sql`coalesce(r.published_at, r.updated_at) <= ${params.to}`)
      return sql.and(clauses)
    }
    const query = (params: SearchParams) => {
      const last = params.prefix ? lastWordPrefix(params.q) : undefined
      return last === undefined
        ? sql`websearch_to_tsquery('english', ${params.q})`
        : sql`(websearch_to_tsquery('english', ${last.rest}) && to_tsquery('english', ${`${last.word}:*`}))`
    }

    /**
     * The newest `candidateLimit` + 1 matches the caller may read, by last update. PostgreSQL
     * picks the way from how common the words are: for a common query it walks the last-update
     * index and stops after a few hundred rows; for a rare one it takes the GIN index's matches
     * and sorts them by date. Nothing is ranked here.
     */
    const newestMatches = (params: SearchParams, reach: ReportReach) =>
      sql<{ id: string }>`
        select r.id from reports r
        where ${filters(params, reach)}
        order by r.updated_at desc, r.id desc
        limit ${candidateLimit + 1}`.pipe(Effect.map((rows) => rows.map((row) => row.id)))

    /**
     * The chosen candidates ranked, the page with highlighted titles and snippets, and the facets
     * over the candidates, in one statement. Only these reports are ranked.
     */
    const rankedPage = (params: SearchParams, ids: ReadonlyArray<string>, limit: number, offset: number) =>
      sql<{ hits: ReadonlyArray<Hit>; facets: RawFacets }>`
        with kept as materialized (
          select r.id, r.tickers, r.sector, r.type, r.status,
                 coalesce(r.published_at, r.updated_at) as at, ts_rank_cd(r.search, ${query(params)}) as rank
          from reports r where r.id = any(${ids.slice(0, candidateLimit)}::uuid[])
        ),
        page as (
          select k.id, k.rank, k.at from kept k
          order by k.rank desc, k.at desc, k.id
          limit ${limit + 1} offset ${offset}
        ),
        marked as (
          select p.id, p.rank, p.at,
                 ts_headline('english', r.title, ${query(params)}, 'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)) as title,
                 ts_headline('english', ${plain(sql, sql`r.summary || ' … ' || left(r.body, 20000)`)}, ${query(params)},
                   'MaxFragments=2, MaxWords=28, MinWords=12, FragmentDelimiter=" … ", StartSel=' || chr(1) || ', StopSel=' || chr(2)) as snippet
          from page p join reports r on r.id = p.id
        )
        select
          (select coalesce(json_agg(json_build_object('id', m.id, 'title', m.title, 'snippet', m.snippet)
                                    order by m.rank desc, m.at desc, m.id), '[]') from marked m) as hits,
          ${offset > 0 ? sql`null` : facetsOf(sql)} as facets`

    const searchReports = (actor: Actor, params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        let offset = 0
        if (params.cursor !== undefined) {
          const decoded = decodeCursor(params.cursor)
          if (!decoded || typeof decoded[0] !== "number" || decoded[0] < 0 || decoded[0] >= candidateLimit) {
            return yield* ValidationError.field(
              "cursor",
              "The page cursor is not valid; start the search again.",
            )
          }
          offset = decoded[0]
        }
        // A custom plan for every search: a cached generic plan cannot see how common the words
        // are, and the right way to find the candidates depends on exactly that.
        const { ids, row } = yield* sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`set local plan_cache_mode = force_custom_plan`
            const ids = yield* newestMatches(params, reach)
            if (ids.length === 0) return { ids, row: undefined }
            const [row] = yield* rankedPage(params, ids, limit, offset)
            return { ids, row }
          }),
        )
        const total = Math.min(ids.length, candidateLimit)
        const hits = (row?.hits ?? []).slice(0, limit)
        const rows =
          hits.length === 0
            ? []
            : yield* reports.findMany(
                hits.map((h) => h.id),
                actor.user.id,
              )
        const byId = new Map<string, (typeof rows)[number]>(rows.map((r) => [r.id, r]))
        return {
          reports: hits.flatMap((hit) => {
            const report = byId.get(hit.id)
            if (!report) return []
            const { body: _body, ...item } = report
            return [{ report: item, title: runsOf(hit.title), snippet: runsOf(hit.snippet) }]
          }),
          total,
          capped: ids.length > candidateLimit,
          facets: offset > 0 ? null : facetsFrom(row?.facets ?? null),
          nextCursor: (row?.hits.length ?? 0) > limit ? encodeCursor([offset + limit]) : null,
        }
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const search = (actor: Actor, params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const q = params.q
        const [found, tickerPage, companyPage, userPage] = yield* Effect.all(
          [
            searchReports(actor, params, reach),
            params.cursor === undefined
              ? tickers.list({ q, limit: 5 }, reach)
              : Effect.succeed({ items: [] }),
            params.cursor === undefined && can(actor.user.role, "companies.read")
              ? companies.list({ q, limit: 5 }, reachOf(grantFor(actor.user.role, "companies.read"), actor))
              : Effect.succeed({ items: [] }),
            params.cursor === undefined && can(actor.user.role, "users.read")
              ? users.list({ q, limit: 5 }, reachOf(grantFor(actor.user.role, "users.read"), actor))
              : Effect.succeed({ items: [] }),
          ],
          { concurrency: 4 },
        )
        return {
          ...found,
          tickers: tickerPage.items,
          companies: companyPage.items.map((c) => ({ id: c.id, name: c.name, slug: c.slug, kind: c.kind })),
          users: userPage.items,
        }
      })

    return { search } as const
  }),
  dependencies: [ReportsRepo.Default, TickersRepo.Default, Companies.Default, Users.Default],
}) {}
