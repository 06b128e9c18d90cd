// The search service's statements, sent straight to PostgreSQL by the search benchmarks
// (reports-query.mjs's "SQL search" rows, search-relevance.mjs): server/src/reports/reach.ts
// (searchReachClause), server/src/search/repo.ts (matchesWithin) and search/service.ts
// (searchWindows), with the same parameters. Keep in step with those files.

export const tsq = (param) => `websearch_to_tsquery('english', ${param})`

/** searchReachClause for a client reader of all sectors, in one team or more. */
export const searchReachOf = (company, teams) => `r.status = 'published' and true and (
  (r.audience && (array['00000000-0000-0000-0000-000000000000'::uuid, ${company}::uuid] || ${teams}::uuid[])
   and r.published_at <= now())
  or (r.embargoed and exists (
    select 1 from report_audience a
    where a.report_id = r.id
      and (a.company_id is null or (a.company_id = ${company} and (a.team_id is null or a.team_id = any(${teams}::uuid[]))))
      and r.published_at + make_interval(hours => a.embargo_hours) <= now())))`

/**
 * SearchRepo.matchesWithin: the newest matches the caller may read (`reach`) in a window of dates
 * (`from`, `to`: null for open), ranked; `param` is the query's.
 */
export const matchesWithin = (reach, param, from, to, limit) => `
  select s.id, s.at, s.status, s.sector, s.type, s.tickers, ts_rank_cd(s.search, ${tsq(param)}) as rank
  from (
    select r.id, r.at, r.status, r.sector, r.type, r.tickers, r.search from report_search r
    where r.search @@ ${tsq(param)} and ${reach}
      ${from === null ? "" : `and r.at >= '${from.toISOString()}'`}
      ${to === null ? "" : `and r.at < '${to.toISOString()}'`}
      and (select folio_serial_plan())
    order by r.at desc, r.id desc
    limit ${limit}
  ) s`

/** searchWindows: this month on, the three months before, the year before, the rest. */
export const searchWindows = (now) =>
  [0, 3, 12].map((back) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)))
