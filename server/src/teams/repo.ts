import { SqlClient, type SqlError, type Statement } from "@effect/sql"
import {
  Conflict,
  Team,
  TeamDetail,
  type TeamEntitlements,
  type TeamListParams,
  TeamMember,
  type TeamRole,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import type { Reach } from "../companies/reach.js"
import { onUniqueViolation } from "../db/constraints.js"
import { containsPattern, defaultPageSize, nameCursor, pageOf } from "../db/keyset.js"

const TeamRow = Schema.Struct({
  ...Team.fields,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf,
})
const TeamDetailRow = Schema.Struct({ ...TeamDetail.fields, ...TeamRow.fields })
const decodeTeams = Schema.decodeUnknown(Schema.Array(TeamRow))
const decodeDetails = Schema.decodeUnknown(Schema.Array(TeamDetailRow))
const decodeMembers = Schema.decodeUnknown(Schema.Array(TeamMember))

const nameTaken = (name: string) =>
  onUniqueViolation({
    teams_company_name_unique: () =>
      new Conflict({ message: `This company already has a team named "${name}".` }),
  })

export class TeamsRepo extends Effect.Service<TeamsRepo>()("@folio/server/TeamsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const reachClause = (reach: Reach) =>
      Option.match(reach, {
        onNone: () => sql`true`,
        onSome: (companyId) => sql`t.company_id = ${companyId}`,
      })

    const columns = sql`
      t.id, t.company_id, t.name, t.description, t.created_at, t.updated_at,
      (select count(*)::int from team_members m where m.team_id = t.id) as member_count`

    const list = (companyId: string, params: TeamListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* nameCursor(params.cursor)
        const clauses: Array<Statement.Fragment> = [sql`t.company_id = ${companyId}`]
        if (params.q) clauses.push(sql`lower(t.name) like ${containsPattern(params.q)}`)
        if (Option.isSome(after)) clauses.push(sql`(t.name, t.id) > (${after.value.name}, ${after.value.id})`)
        const rows = yield* sql`
          select ${columns} from teams t where ${sql.and(clauses)}
          order by t.name, t.id limit ${limit + 1}`.pipe(Effect.flatMap(decodeTeams), Effect.orDie)
        return pageOf(rows, limit)
      })

    /** A team with its members (leads first), if it exists within reach. */
    const find = (id: string, reach: Reach) =>
      sql`
        select ${columns},
               coalesce((
                 select json_agg(json_build_object('userId', u.id, 'name', u.name, 'email', u.email, 'role', m.role)
                                 order by m.role = 'lead' desc, u.name, u.id)
                 from team_members m join users u on u.id = m.user_id
                 where m.team_id = t.id), '[]'::json) as members
        from teams t where ${sql.and([sql`t.id = ${id}`, reachClause(reach)])}`.pipe(
        Effect.flatMap(decodeDetails),
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** Locks the team row for the rest of the transaction. */
    const lock = (id: string) =>
      sql`select id from teams where id = ${id} for update`.pipe(
        Effect.orDie,
        Effect.zipRight(find(id, Option.none())),
      )

    const insert = (companyId: string, input: { readonly name: string; readonly description: string }) =>
      sql<{ id: string }>`
        insert into teams (company_id, name, description)
        values (${companyId}, ${input.name}, ${input.description}) returning id`.pipe(
        nameTaken(input.name),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.map((rows) => rows[0]!.id),
      )

    const update = (id: string, input: { readonly name: string; readonly description: string }) =>
      sql`
        update teams set name = ${input.name}, description = ${input.description}, updated_at = now()
        where id = ${id}`.pipe(
        nameTaken(input.name),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.asVoid,
      )

    const remove = (id: string) => sql`delete from teams where id = ${id}`.pipe(Effect.orDie, Effect.asVoid)

    const member = (teamId: string, userId: string) =>
      sql`
        select u.id as user_id, u.name, u.email, m.role
        from team_members m join users u on u.id = m.user_id
        where m.team_id = ${teamId} and m.user_id = ${userId}`.pipe(
        Effect.flatMap(decodeMembers),
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** False when the user already belongs to the team. */
    const addMember = (teamId: string, userId: string, role: TeamRole) =>
      sql`
        insert into team_members (team_id, user_id, role) values (${teamId}, ${userId}, ${role})
        on conflict do nothing returning user_id`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length > 0),
      )

    const setMemberRole = (teamId: string, userId: string, role: TeamRole) =>
      sql`update team_members set role = ${role} where team_id = ${teamId} and user_id = ${userId}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    const removeMember = (teamId: string, userId: string) =>
      sql`delete from team_members where team_id = ${teamId} and user_id = ${userId}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /** The team's company: the sectors it is entitled to (null: all) and its status; none without the team. */
    const entitlementsCompany = (teamId: string) =>
      sql<{
        sectors: ReadonlyArray<string> | null
        status: string
        companyId: string
      }>`
        select c.entitled_sectors as sectors, c.status, c.id as company_id
        from teams t join companies c on c.id = t.company_id where t.id = ${teamId}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /**
     * Each published report's audience entries that reach the team (reports/reach.ts decides it
     * per reader; this is the same rule seen from the team): in the company's `sectors` (null:
     * all), addressed to all clients, the company, or the team; with how they name it.
     */
    const reaching = (teamId: string, companyId: string, sectors: ReadonlyArray<string> | null) => {
      const inSectors = sectors === null ? sql`true` : sql`r.sector = any(${[...sectors]}::text[])`
      return sql`
        select a.report_id, a.embargo_hours,
               case when a.company_id is null then 'allClients' when a.team_id is null then 'company' else 'team' end as via
        from report_audience a join reports r on r.id = a.report_id
        where r.status = 'published' and ${inSectors}
          and (a.company_id is null or (a.company_id = ${companyId} and (a.team_id is null or a.team_id = ${teamId})))`
    }

    /** How many published reports reach the team, by how they name it; none when the count finds no row. */
    const entitledReach = (teamId: string, companyId: string, sectors: ReadonlyArray<string> | null) =>
      sql<TeamEntitlements["reach"]>`
        select count(distinct report_id) filter (where via = 'allClients')::int as all_clients,
               count(distinct report_id) filter (where via = 'company')::int as company,
               count(distinct report_id) filter (where via = 'team')::int as team
        from (${reaching(teamId, companyId, sectors)}) x`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** How many published reports reach the team at each embargo. */
    const entitledTiers = (teamId: string, companyId: string, sectors: ReadonlyArray<string> | null) =>
      sql<TeamEntitlements["tiers"][number]>`
        select embargo_hours, count(distinct report_id)::int as reports from (${reaching(teamId, companyId, sectors)}) x
        group by embargo_hours order by embargo_hours`.pipe(Effect.orDie)

    /** The 20 reports addressed to the team by name, newest first; drafts too when `drafts`. */
    const addressedTo = (teamId: string, drafts: boolean) =>
      sql<TeamEntitlements["addressed"][number]>`
        select r.id, r.title, r.status, r.published_at, a.embargo_hours
        from report_audience a join reports r on r.id = a.report_id
        where a.team_id = ${teamId} ${drafts ? sql`` : sql`and r.status = 'published'`}
        order by coalesce(r.published_at, r.updated_at) desc limit 20`.pipe(Effect.orDie)

    return {
      list,
      find,
      lock,
      insert,
      update,
      remove,
      member,
      addMember,
      setMemberRole,
      removeMember,
      entitlementsCompany,
      entitledReach,
      entitledTiers,
      addressedTo,
    } as const
  }),
}) {}
