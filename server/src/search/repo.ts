import { SqlClient, type Statement } from "@effect/sql"
import type { SearchParams } from "@folio/core"
import { Effect } from "effect"
import { type ReportReach, searchReachClause } from "../reports/reach.js"
import type { Candidate } from "./candidates.js"
import { wantedWords } from "./snippets.js"

/**
 * The query's last word, when it is a plain word that may still be being typed (not quoted, not
 * excluded with `-`), and the text before it. Only letters and digits reach `to_tsquery`.
 */
const lastWordPrefix = (q: string): { readonly rest: string; readonly word: string } | undefined => {
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(q.trim())
  if (match?.[2] === undefined || (q.match(/"/g) ?? []).length % 2 === 1) return undefined
  return { rest: q.trim().slice(0, match.index).trim(), word: match[2] }
}

/** Markdown marks make poor snippets: keep the words. */
const plain = (sql: SqlClient.SqlClient, text: Statement.Fragment) =>
  sql`regexp_replace(${text}, '[#*_>\`\\[\\]|]+|\\(https?://[^)]*\\)', ' ', 'g')`

/**
 * The titles and snippets of a page of hits with the query's words marked: `ts_headline`, which
 * stems every word of the text it is given, so it is given only the sentences of the summary and
 * body that hold one of the query's words (by the start of its stem, as PostgreSQL stems it), in
 * their order: next to each other when they were, else with " … " between. That is what a snippet shows anyway, at a third of the cost or
 * less. A report whose sentences hold none (a match in the title only) shows its opening.
 */
export const highlightsOf = (
  sql: SqlClient.SqlClient,
  params: { readonly q: string; readonly query: Statement.Fragment; readonly ids: ReadonlyArray<string> },
) => {
  const marks = sql.literal(`'StartSel=' || chr(1) || ', StopSel=' || chr(2)`)
  const text = sql`r.summary || chr(10) || left(r.body, 20000)`
  return sql<{ readonly id: string; readonly title: string; readonly snippet: string }>`
    with words as (
      select '(' || string_agg(
               case when l ~ '^[[:alnum:]]' then '\\m' else '' end
               || regexp_replace(case when length(l) > 4 then left(l, -1) else l end, '([^[:alnum:]])', '\\\\\\1', 'g'),
               '|') || ')' as pattern
      from unnest(tsvector_to_array(to_tsvector('english', ${wantedWords(params.q)}))) l
    )
    select r.id,
           ts_headline('english', r.title, ${params.query}, 'HighlightAll=true, ' || ${marks}) as title,
           ts_headline('english', ${plain(
             sql,
             sql`coalesce(
               (select string_agg(case when prev is null then '' when n = prev + 1 then ' ' else ' … ' end || s, ''
                                  order by n)
                from (select s, n, lag(n) over (order by n) as prev
                      from regexp_split_to_table(${text}, '(?<=[.!?])\\s+|\\n+') with ordinality as t(s, n)
                      where s ~* words.pattern) kept),
               left(${text}, 600))`,
           )}, ${params.query},
             'MaxFragments=2, MaxWords=28, MinWords=12, FragmentDelimiter=" … ", ' || ${marks}) as snippet
    from reports r, words where r.id = any(${params.ids}::uuid[])`
}

/** The search index's statements: matches, the oldest year, and marked titles and snippets. */
export class SearchRepo extends Effect.Service<SearchRepo>()("@folio/server/SearchRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const filters = (params: SearchParams, reach: ReportReach) => {
      const clauses: Array<Statement.Fragment> = [
        sql`r.search @@ ${query(params)}`,
        searchReachClause(sql, reach),
      ]
      if (params.ticker) clauses.push(sql`r.tickers @> array[${params.ticker.toUpperCase()}]::text[]`)
      if (params.sector) clauses.push(sql`r.sector = ${params.sector}`)
      if (params.type) clauses.push(sql`r.type = ${params.type}`)
      if (params.status) clauses.push(sql`r.status = ${params.status}`)
      if (params.from) clauses.push(sql`r.at >= ${params.from}`)
      if (params.to) clauses.push(sql`r.at <= ${params.to}`)
      return sql.and(clauses)
    }
    const query = (params: SearchParams) => {
      const last = params.prefix ? lastWordPrefix(params.q) : undefined
      return last === undefined
        ? sql`websearch_to_tsquery('english', ${params.q})`
        : sql`(websearch_to_tsquery('english', ${last.rest}) && to_tsquery('english', ${`${last.word}:*`}))`
    }

    /**
     * The newest matches the caller may read within [from, to), by date (published, else last
     * update), from the monthly search index (0010_report_search), each with its relevance. With
     * the window's bounds known when planning, PostgreSQL reads only its months, and picks per
     * month: a walk of the date index for common words, that month's GIN matches for rarer ones.
     * Only the rows kept are ranked, from the words in the same row; `folio_serial_plan()` keeps
     * parallel workers out (0011_report_search_rows).
     */
    const matchesWithin = (
      params: SearchParams,
      reach: ReportReach,
      from: Date | null,
      to: Date | null,
      limit: number,
    ) =>
      sql<Candidate>`
        select s.id, s.at, s.status, s.sector, s.type, s.tickers, ts_rank_cd(s.search, ${query(params)}) as rank
        from (
          select r.id, r.at, r.status, r.sector, r.type, r.tickers, r.search from report_search r
          where ${filters(params, reach)}
            ${from === null ? sql`` : sql`and r.at >= ${from}`}
            ${to === null ? sql`` : sql`and r.at < ${to}`}
            and (select folio_serial_plan())
          order by r.at desc, r.id desc
          limit ${limit}
        ) s`

    /** The date of the oldest report in the index: of every one for staff, else of the published. */
    const oldestDate = (key: "staff" | "published") =>
      sql<{ at: Date | null }>`
          select min(at) as at from report_search
          ${key === "staff" ? sql`` : sql`where status = 'published'`}`.pipe(
        Effect.map((rows) => rows[0]?.at ?? undefined),
      )

    /** The page's titles and snippets with the query's words marked. */
    const highlights = (params: SearchParams, ids: ReadonlyArray<string>) =>
      highlightsOf(sql, { q: params.q, query: query(params), ids })

    return { matchesWithin, oldestDate, highlights } as const
  }),
}) {}
