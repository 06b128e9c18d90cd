import { SqlClient, type Statement } from "@effect/sql"
import type { Actor, Grant } from "@folio/core"
import { Effect } from "effect"

/**
 * Which reports a caller may read, decided once per request and applied in SQL on every read
 * path (list, get, search, favorites, export), so a report outside it is simply not found.
 * - staff: publisher roles with the "all" grant see every report in every status;
 * - publisher: readers and developers of the publisher company see every published report;
 * - client: published reports whose audience names all clients, their company or one of their
 *   teams, once that entry's embargo has passed, in a sector their company is entitled to;
 *   nothing while the company is suspended.
 */
export type ReportReach =
  | { readonly kind: "staff" }
  | { readonly kind: "publisher" }
  | {
      readonly kind: "client"
      readonly companyId: string
      readonly teamIds: ReadonlyArray<string>
      readonly sectors: ReadonlyArray<string> | null
      readonly suspended: boolean
    }

export const reportReachOf = (actor: Actor, grant: Grant) =>
  Effect.gen(function* () {
    if (grant === "all") return { kind: "staff" } as ReportReach
    if (actor.company.kind === "publisher") return { kind: "publisher" } as ReportReach
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{
      status: string
      sectors: ReadonlyArray<string> | null
      teamIds: ReadonlyArray<string>
    }>`
      select c.status, c.entitled_sectors as sectors,
             coalesce((select array_agg(m.team_id) from team_members m join teams t on t.id = m.team_id
                       where m.user_id = ${actor.user.id} and t.company_id = c.id), '{}') as team_ids
      from companies c where c.id = ${actor.company.id}`.pipe(Effect.orDie)
    const row = rows[0]
    return {
      kind: "client",
      companyId: actor.company.id,
      teamIds: row?.teamIds ?? [],
      sectors: row?.sectors ?? null,
      suspended: row?.status !== "active",
    } as ReportReach
  })

/** The WHERE fragment for reports aliased `r`. */
export const reachClause = (sql: SqlClient.SqlClient, reach: ReportReach): Statement.Fragment => {
  switch (reach.kind) {
    case "staff":
      return sql`true`
    case "publisher":
      return sql`r.status = 'published'`
    case "client": {
      if (reach.suspended) return sql`false`
      return sql`r.status = 'published' and ${sectorsAllowed(sql, reach)} and ${audienceAllows(sql, reach)}`
    }
  }
}

/** Report `r` is in a sector the client reader's company is entitled to. */
const sectorsAllowed = (sql: SqlClient.SqlClient, reach: Extract<ReportReach, { kind: "client" }>) =>
  reach.sectors === null ? sql`true` : sql`r.sector = any(${[...reach.sectors]}::text[])`

/** An audience entry of report `r` names the client reader, and its embargo has passed. */
const audienceAllows = (sql: SqlClient.SqlClient, reach: Extract<ReportReach, { kind: "client" }>) => {
  const teams =
    reach.teamIds.length === 0
      ? sql`a.team_id is null`
      : sql`(a.team_id is null or a.team_id = any(${[...reach.teamIds]}::uuid[]))`
  return sql`exists (
    select 1 from report_audience a
    where a.report_id = r.id
      and (a.company_id is null or (a.company_id = ${reach.companyId} and ${teams}))
      and r.published_at + make_interval(hours => a.embargo_hours) <= now())`
}

/**
 * The same reach for rows of the search index aliased `r` (0011_report_search_rows), which
 * carry who may read the report at once: a client reader's ids (all clients, the company, the
 * teams) are tested in the row, and only a report with an embargo delay asks `report_audience`.
 */
export const searchReachClause = (sql: SqlClient.SqlClient, reach: ReportReach): Statement.Fragment => {
  if (reach.kind !== "client" || reach.suspended) return reachClause(sql, reach)
  const readers = [allClients, reach.companyId, ...reach.teamIds]
  return sql`r.status = 'published' and ${sectorsAllowed(sql, reach)} and (
    (r.audience && ${readers}::uuid[] and r.published_at <= now())
    or (r.embargoed and ${audienceAllows(sql, reach)}))`
}

/** How the search index names "all clients" in its audience column. */
const allClients = "00000000-0000-0000-0000-000000000000"
