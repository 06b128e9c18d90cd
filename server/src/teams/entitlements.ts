import { SqlClient } from "@effect/sql"
import type { TeamEntitlements } from "@folio/core"
import { Effect } from "effect"

/**
 * What reaches a team's members (reports/reach.ts decides it per reader; this is the same rule
 * seen from the team): published reports in the company's sectors whose audience names all
 * clients, the company, or the team. Drafts addressed to the team are listed only to the
 * publisher's staff (`staff`).
 */
export const teamEntitlements = (teamId: string, staff: boolean) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [company] = yield* sql<{
      sectors: ReadonlyArray<string> | null
      status: string
      companyId: string
    }>`
      select c.entitled_sectors as sectors, c.status, c.id as company_id
      from teams t join companies c on c.id = t.company_id where t.id = ${teamId}`
    if (company === undefined) return null
    const sectors = company.sectors
    const inSectors = sectors === null ? sql`true` : sql`r.sector = any(${[...sectors]}::text[])`
    // Each published report's entries that reach the team, with how they name it.
    const reaching = sql`
      select a.report_id, a.embargo_hours,
             case when a.company_id is null then 'allClients' when a.team_id is null then 'company' else 'team' end as via
      from report_audience a join reports r on r.id = a.report_id
      where r.status = 'published' and ${inSectors}
        and (a.company_id is null or (a.company_id = ${company.companyId} and (a.team_id is null or a.team_id = ${teamId})))`
    const [reach] = yield* sql<TeamEntitlements["reach"]>`
      select count(distinct report_id) filter (where via = 'allClients')::int as all_clients,
             count(distinct report_id) filter (where via = 'company')::int as company,
             count(distinct report_id) filter (where via = 'team')::int as team
      from (${reaching}) x`
    const tiers = yield* sql<TeamEntitlements["tiers"][number]>`
      select embargo_hours, count(distinct report_id)::int as reports from (${reaching}) x
      group by embargo_hours order by embargo_hours`
    const addressed = yield* sql<TeamEntitlements["addressed"][number]>`
      select r.id, r.title, r.status, r.published_at, a.embargo_hours
      from report_audience a join reports r on r.id = a.report_id
      where a.team_id = ${teamId} ${staff ? sql`` : sql`and r.status = 'published'`}
      order by coalesce(r.published_at, r.updated_at) desc limit 20`
    return {
      sectors,
      companySuspended: company.status !== "active",
      reach: reach ?? { allClients: 0, company: 0, team: 0 },
      tiers,
      addressed,
    } satisfies TeamEntitlements
  }).pipe(Effect.orDie)
