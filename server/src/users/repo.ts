import { SqlClient, type Statement } from "@effect/sql"
import {
  CompanySummary,
  type Role,
  User,
  UserDetail,
  type UserListParams,
  type UserStatus,
  UserSummary,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import type { Reach } from "../companies/reach.js"
import { containsPattern, defaultPageSize, nameCursor, pageOf } from "../db/keyset.js"

const UserRow = Schema.Struct({
  ...User.fields,
  lastSignInAt: Schema.NullOr(Schema.DateFromSelf),
  passwordHash: Schema.NullOr(Schema.String),
  company: CompanySummary,
})
export type UserRow = typeof UserRow.Type

const decodeRows = Schema.decodeUnknown(Schema.Array(UserRow))

/** A session that is still good, with its user: what every signed-in request starts from. */
const SessionUserRow = Schema.Struct({
  ...UserRow.fields,
  sessionId: Schema.String,
  sessionCsrfToken: Schema.NullOr(Schema.String),
  sessionLastSeenAt: Schema.DateFromSelf,
})
const decodeSessionRows = Schema.decodeUnknown(Schema.Array(SessionUserRow))

const dates = {
  lastSignInAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
}
const SummaryRow = Schema.Struct({ ...UserSummary.fields, ...dates })
const DetailRow = Schema.Struct({ ...UserDetail.fields, ...dates })
const decodeSummaries = Schema.decodeUnknown(Schema.Array(SummaryRow))
const decodeDetails = Schema.decodeUnknown(Schema.Array(DetailRow))

/**
 * Users with their company, as the auth layer needs them; and the user directory: lists and
 * profiles for people, and the role/status changes admins make.
 */
export class UsersRepo extends Effect.Service<UsersRepo>()("@folio/server/UsersRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const columns = sql`
      u.id, u.email, u.name, u.company_id, u.role, u.status, u.timezone, u.last_sign_in_at, u.password_hash,
      json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as company`
    const select = (where: Statement.Fragment) =>
      sql`select ${columns} from users u join companies c on c.id = u.company_id where ${where}`.pipe(
        Effect.flatMap(decodeRows),
        Effect.orDie,
      )

    const reachClause = (reach: Reach) =>
      Option.match(reach, {
        onNone: () => sql`true`,
        onSome: (companyId) => sql`u.company_id = ${companyId}`,
      })

    const directoryColumns = sql`
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
          select ${directoryColumns} from users u join companies c on c.id = u.company_id
          where ${sql.and(clauses)}
          order by u.name, u.id limit ${limit + 1}`.pipe(Effect.flatMap(decodeSummaries), Effect.orDie)
        return pageOf(rows, limit)
      })

    /** A user with their teams, if within reach. */
    const findDetail = (id: string, reach: Reach) =>
      sql`
        select ${directoryColumns},
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
        const user = yield* findDetail(id, Option.none())
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

    return {
      list,
      findDetail,
      lockForChange,
      setRole,
      setStatus,
      findByEmail: (email: string) =>
        select(sql`lower(u.email) = ${email.toLowerCase()}`).pipe(
          Effect.map((rows) => Option.fromNullable(rows[0])),
        ),
      findById: (id: string) =>
        select(sql`u.id = ${id}`).pipe(Effect.map((rows) => Option.fromNullable(rows[0]))),
      /**
       * The session with this secret's hash, unless revoked, expired or idle for `idleSeconds`,
       * and its user, in one round trip.
       */
      findBySession: (tokenHash: Uint8Array, idleSeconds: number) =>
        sql`
          select ${columns}, s.id as session_id, s.csrf_token as session_csrf_token,
                 s.last_seen_at as session_last_seen_at
          from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
          where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(secs => ${idleSeconds})`.pipe(
          Effect.flatMap(decodeSessionRows),
          Effect.map((rows) =>
            Option.fromNullable(rows[0]).pipe(
              Option.map(({ sessionId, sessionCsrfToken, sessionLastSeenAt, ...user }) => ({
                session: { id: sessionId, csrfToken: sessionCsrfToken, lastSeenAt: sessionLastSeenAt },
                user,
              })),
            ),
          ),
          Effect.orDie,
        ),
      count: sql<{ n: number }>`select count(*)::int as n from users`.pipe(
        Effect.map((rows) => rows[0]?.n ?? 0),
        Effect.orDie,
      ),
      /** A new password; an invited user becomes active with it. */
      setPassword: (id: string, passwordHash: string) =>
        sql`
          update users set password_hash = ${passwordHash}, updated_at = now(),
                 status = case when status = 'invited' then 'active' else status end
          where id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      markSignedIn: (id: string) =>
        sql`update users set last_sign_in_at = now() where id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    }
  }),
}) {}
