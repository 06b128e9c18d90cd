import { SqlClient, type SqlError, type Statement } from "@effect/sql"
import { Conflict, Team, TeamDetail, type TeamListParams, TeamMember, type TeamRole } from "@folio/core"
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
    } as const
  }),
}) {}
