import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Mailer } from "../mail/mailer.js"
import { preferenceOn } from "./preferences.js"

/**
 * Queues the new sign-in notice for a session just opened, in the caller's transaction, when
 * its user keeps the notice on and the sign-in comes from a new device: a user agent none of the
 * user's other sessions (live or ended within the last 30 days, as housekeeping keeps them) had.
 * The account's first sign-in sends nothing: there is no device yet to call it new against.
 */
export const queueSignInNotice = (sessionId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      select graphile_worker.add_job('sign_in_notice', json_build_object('sessionId', s.id), max_attempts => 5)
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and ${preferenceOn(sql, "newSignIn")}
        and exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id)
        and not exists (select 1 from sessions o
                        where o.user_id = s.user_id and o.id <> s.id
                          and o.user_agent is not distinct from s.user_agent)`,
  ).pipe(Effect.asVoid, Effect.orDie)

const NoticeJob = Schema.Struct({ sessionId: Schema.UUID })

/**
 * The `sign_in_notice` job: mails the user the time (in their time zone), the client address
 * and the user agent of the sign-in, with a link to their sessions in /profile. Sent through
 * the outbox, whose retry tries again if the relay refuses it for now.
 */
export const signInNoticeTask = (payload: unknown) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const mailer = yield* Mailer
    const { sessionId } = yield* Schema.decodeUnknown(NoticeJob)(payload)
    const rows = yield* sql<{
      userId: string
      email: string
      name: string
      timezone: string
      ip: string | null
      userAgent: string | null
      kind: "browser" | "cli"
      createdAt: Date
    }>`
      select u.id as user_id, u.email, u.name, u.timezone, s.ip, s.user_agent, s.kind, s.created_at
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and u.status = 'active' and ${preferenceOn(sql, "newSignIn")}`
    const found = rows[0]
    if (!found) return
    yield* mailer.send(found.email, {
      template: "sign_in_notice",
      userId: found.userId,
      name: found.name,
      at: found.createdAt.toISOString(),
      ip: found.ip,
      userAgent: found.userAgent,
      client: found.kind,
      timezone: found.timezone,
    })
  })
