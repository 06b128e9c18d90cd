import { SqlClient, type Statement } from "@effect/sql"
import { CompanySummary, User } from "@folio/core"
import { Effect, Option, Schema } from "effect"

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

/** Users with their company, as the auth layer needs them. */
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

    return {
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
