import type { SqlClient, Statement } from "@effect/sql"
import type { SnippetRun } from "@folio/core"

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

/** The query without its excluded words (`-word`, `-"a phrase"`): the words a snippet can show. */
export const wantedWords = (q: string): string => q.replace(/(^|\s)-("[^"]*"?|\S*)/g, " ").replace(/"/g, " ")

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
