import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** One audience entry as stored: all clients (no company), a company, or a team of it, with its embargo. */
export interface AudienceWrite {
  readonly companyId: string | null
  readonly teamId: string | null
  readonly embargoHours: number
}

/** The tables shaped like `report_audience`: a report's readers, an episode's listeners. */
type AudienceTable =
  | { readonly table: "report_audience"; readonly key: "report_id" }
  | { readonly table: "podcast_episode_audience"; readonly key: "episode_id" }

/** Replaces the audience of one report or episode with `entries`, in one insert. */
export const replaceAudienceRows = (
  sql: SqlClient.SqlClient,
  { table, key }: AudienceTable,
  id: string,
  entries: ReadonlyArray<AudienceWrite>,
) =>
  Effect.gen(function* () {
    yield* sql`delete from ${sql(table)} where ${sql(key)} = ${id}`
    if (entries.length === 0) return
    const rows = entries.map((e) => ({
      company_id: e.companyId,
      team_id: e.teamId,
      embargo_hours: e.embargoHours,
    }))
    yield* sql`
      insert into ${sql(table)} (${sql(key)}, company_id, team_id, embargo_hours)
      select ${id}, x.company_id, x.team_id, x.embargo_hours
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(company_id uuid, team_id uuid, embargo_hours int)`
  }).pipe(Effect.orDie)
