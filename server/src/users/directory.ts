import { SqlClient, type Statement } from "@effect/sql"
import { type Role, UserDetail, type UserListParams, type UserStatus, UserSummary } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import type { Reach } from "../companies/reach.js"
import { containsPattern, defaultPageSize, nameCursor, pageOf } from "../db/keyset.js"

const dates = {
  lastSignInAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
}
const SummaryRow = Schema.Struct({ ...UserSummary.fields, ...dates })
const DetailRow = Schema.Struct({ ...UserDetail.fields, ...dates })
const decodeSummaries = Schema.decodeUnknown(Schema.Array(SummaryRow))
const decodeDetails = Schema.decodeUnknown(Schema.Array(DetailRow))

/** The user directory: lists and profiles for people, and the role/status changes admins make. */
export class UsersDirectory extends Effect.Service<UsersDirectory>()("@folio/server/UsersDirectory", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const reachClause = (reach: Reach) =>
      Option.match(reach, {
        onNone: () => sql`true`,
        onSome: (companyId) => sql`u.company_id = ${companyId}`,
      })

    const columns = sql`
      u.id, u.email, u.name, u.role, u.status, u.timezone, u.last_sign_in_at, u.created_at,
      json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as company`

    const list = (params: UserListParams, reach: Reach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* nameCursor(params.cursor)
        const clauses: Array<Statement.Fragment> = [reachClause(reach)]
        if (params.companyId) clauses.push(sql`u.company_id = ${params.companyId}`)
        if (params.role) clauses.push(sql`u.role = ${params.role}`)
        if (params.status) clauses.push(sql`u.status = ${params.status}`)
        if (params.q) {
          const pattern = containsPattern(params.q)
          clauses.push(sql`(lower(u.name) like ${pattern} or lower(u.email) like ${pattern})`)
        }
        if (Option.isSome(after)) clauses.push(sql`(u.name, u.id) > (${after.value.name}, ${after.value.id})`)
        const rows = yield* sql`
          select ${columns} from users u join companies c on c.id = u.company_id
          where ${sql.and(clauses)}
          order by u.name, u.id limit ${limit + 1}`.pipe(Effect.flatMap(decodeSummaries), Effect.orDie)
        return pageOf(rows, limit)
      })

    /** A user with their teams, if within reach. */
    const find = (id: string, reach: Reach) =>
      sql`
        select ${columns},
               coalesce((
                 select json_agg(json_build_object('teamId', t.id, 'name', t.name, 'role', m.role) order by t.name, t.id)
                 from team_members m join teams t on t.id = m.team_id
                 where m.user_id = u.id), '[]'::json) as teams
        from users u join companies c on c.id = u.company_id
        where ${sql.and([sql`u.id = ${id}`, reachClause(reach)])}`.pipe(
        Effect.flatMap(decodeDetails),
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /**
     * Locks every active admin and then the user, in that order, for the rest of the transaction.
     * Two admins demoting each other at once are serialised, so one of them stays an admin.
     */
    const lockForChange = (id: string) =>
      Effect.gen(function* () {
        const admins = yield* sql<{ id: string }>`
          select id from users where role = 'admin' and status = 'active' order by id for update`
        yield* sql`select id from users where id = ${id} for update`
        const user = yield* find(id, Option.none())
        return { user, activeAdmins: admins.length }
      }).pipe(Effect.orDie)

    const setRole = (id: string, role: Role) =>
      sql`update users set role = ${role}, updated_at = now() where id = ${id}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    const setStatus = (id: string, status: UserStatus) =>
      sql`update users set status = ${status}, updated_at = now() where id = ${id}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /** Ends every session of the user at once (API tokens stop working while the user is disabled). */
    const endSessions = (id: string) =>
      sql`update sessions set revoked_at = now() where user_id = ${id} and revoked_at is null`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    return { list, find, lockForChange, setRole, setStatus, endSessions } as const
  }),
}) {}
