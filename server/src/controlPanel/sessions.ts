import { SqlClient } from "@effect/sql"
import { ActiveSession, type ActiveSessionParams } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { AppConfig } from "../config.js"
import { containsPattern } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"

const decodeRows = Schema.decodeUnknown(
  Schema.Array(
    Schema.Struct({
      ...ActiveSession.fields,
      createdAt: Schema.DateFromSelf,
      lastSeenAt: Schema.DateFromSelf,
      expiresAt: Schema.DateFromSelf,
      /** last_seen_at at µs precision, the page cursor's key. */
      seenKey: Schema.String,
    }),
  ),
)

/**
 * Every live session across users (the control panel), most recently active first: not revoked,
 * not expired, not idle past the timeout, of an active account. Ending one or all of a user's is
 * the profile service's (audited there); this only lists.
 */
export class ActiveSessions extends Effect.Service<ActiveSessions>()("@folio/server/ActiveSessions", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const idleSeconds = config.sessionIdleMinutes * 60

    const list = (params: ActiveSessionParams, current: Option.Option<string>) =>
      Effect.gen(function* () {
        const limit = params.limit ?? 50
        const after = yield* timeCursor(params.cursor, "uuid")
        const clauses = [
          sql`s.revoked_at is null`,
          sql`s.expires_at > now()`,
          sql`s.last_seen_at > now() - make_interval(secs => ${idleSeconds})`,
          sql`u.status = 'active'`,
        ]
        if (params.q !== undefined && params.q.trim() !== "") {
          const pattern = containsPattern(params.q.trim())
          clauses.push(sql`(lower(u.email) like ${pattern} or lower(u.name) like ${pattern})`)
        }
        if (Option.isSome(after)) {
          clauses.push(
            sql`(s.last_seen_at, s.id) < (${after.value.at}::timestamptz, ${after.value.id}::uuid)`,
          )
        }
        const rows = yield* sql`
          select s.id, s.user_id, u.email as user_email, u.name as user_name, c.name as company_name,
                 s.kind, s.ip, s.user_agent, s.created_at, s.last_seen_at, s.expires_at,
                 coalesce(s.id = ${Option.getOrNull(current)}::uuid, false) as current,
                 to_char(s.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as seen_key
          from sessions s
          join users u on u.id = s.user_id
          join companies c on c.id = u.company_id
          where ${sql.and(clauses)}
          order by s.last_seen_at desc, s.id desc limit ${limit + 1}`.pipe(
          Effect.flatMap(decodeRows),
          Effect.orDie,
        )
        const page = timePage(rows, limit, (row) => ({ at: row.seenKey, id: row.id }))
        return { items: page.items.map(({ seenKey: _, ...row }) => row), nextCursor: page.nextCursor }
      })

    return { list } as const
  }),
}) {}
