import { SqlClient, type Statement } from "@effect/sql"
import {
  type Actor,
  can,
  decodeCursor,
  encodeCursor,
  type FacetCount,
  grantFor,
  type SearchParams,
  type SnippetRun,
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
      const clauses: Array<Statement.Fragment> = [sql`r.search @@ q.query`, reachClause(sql, reach)]
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
        ? sql`(select websearch_to_tsquery('english', ${params.q}) as query) q`
        : sql`(select websearch_to_tsquery('english', ${last.rest}) && to_tsquery('english', ${`${last.word}:*`}) as query) q`
    }

    const facets = (params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ kind: string; value: string | null; count: number }>`
          with m as materialized (
            select r.tickers, r.sector, r.type, r.status, coalesce(r.published_at, r.updated_at) as at
            from reports r, ${query(params)} where ${filters(params, reach)}
          )
          select 'total' as kind, null as value, count(*)::int as count from m
          union all (select 'tickers', t, count(*)::int from m, unnest(m.tickers) t group by t order by 3 desc, 2 limit 12)
          union all (select 'sectors', sector, count(*)::int from m group by sector order by 3 desc, 2 limit 12)
          union all (select 'types', type, count(*)::int from m group by type order by 3 desc, 2)
          union all (select 'statuses', status, count(*)::int from m group by status order by 3 desc, 2)
          union all (select 'years', extract(year from at)::int::text, count(*)::int from m group by 2 order by 2 desc limit 10)`
        const of = (kind: string): Array<FacetCount> =>
          rows
            .filter((r) => r.kind === kind && r.value !== null)
            .map((r) => ({ value: r.value ?? "", count: r.count }))
        return {
          total: rows.find((r) => r.kind === "total")?.count ?? 0,
          facets: {
            tickers: of("tickers"),
            sectors: of("sectors"),
            types: of("types"),
            statuses: of("statuses"),
            years: of("years"),
          },
        }
      })

    const total = (params: SearchParams, reach: ReportReach) =>
      sql<{
        count: number
      }>`select count(*)::int as count from reports r, ${query(params)} where ${filters(params, reach)}`.pipe(
        Effect.map((rows) => rows[0]?.count ?? 0),
      )

    const searchReports = (actor: Actor, params: SearchParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultLimit
        let offset = 0
        if (params.cursor !== undefined) {
          const decoded = decodeCursor(params.cursor)
          if (!decoded || typeof decoded[0] !== "number" || decoded[0] < 0) {
            return yield* ValidationError.field(
              "cursor",
              "The page cursor is not valid; start the search again.",
            )
          }
          offset = decoded[0]
        }
        const hits = yield* sql<{ id: string; title: string; snippet: string }>`
          with page as (
            select r.id, ts_rank_cd(r.search, q.query) as rank, r.published_at, q.query
            from reports r, ${query(params)}
            where ${filters(params, reach)}
            order by rank desc, r.published_at desc nulls last, r.id
            limit ${limit + 1} offset ${offset}
          )
          select p.id,
                 ts_headline('english', r.title, p.query, 'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)) as title,
                 ts_headline('english', ${plain(sql, sql`r.summary || ' … ' || left(r.body, 20000)`)}, p.query,
                   'MaxFragments=2, MaxWords=28, MinWords=12, FragmentDelimiter=" … ", StartSel=' || chr(1) || ', StopSel=' || chr(2)) as snippet
          from page p join reports r on r.id = p.id
          order by p.rank desc, p.published_at desc nulls last, p.id`
        const pageHits = hits.slice(0, limit)
        const rows =
          pageHits.length === 0
            ? []
            : yield* reports.findMany(
                pageHits.map((h) => h.id),
                actor.user.id,
              )
        const byId = new Map<string, (typeof rows)[number]>(rows.map((r) => [r.id, r]))
        const counted =
          params.cursor === undefined
            ? yield* facets(params, reach)
            : { total: yield* total(params, reach), facets: null }
        return {
          reports: pageHits.flatMap((hit) => {
            const report = byId.get(hit.id)
            if (!report) return []
            const { body: _body, ...item } = report
            return [{ report: item, title: runsOf(hit.title), snippet: runsOf(hit.snippet) }]
          }),
          total: counted.total,
          facets: counted.facets,
          nextCursor: hits.length > limit ? encodeCursor([offset + limit]) : null,
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
