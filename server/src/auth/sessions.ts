import { SqlClient } from "@effect/sql"
import type { Actor } from "@folio/core"
import { Effect, Option } from "effect"
import { AppConfig } from "../config.js"
import { UsersRepo } from "../users/repo.js"
import { hashSecret, newSecret } from "./tokens.js"

export type SessionKind = "browser" | "cli"

interface SessionRow {
  readonly id: string
  readonly kind: SessionKind
  readonly ip: string | null
  readonly userAgent: string | null
  readonly createdAt: Date
  readonly lastSeenAt: Date
  readonly expiresAt: Date
}

/**
 * Server-side sessions. The client holds a random secret; the table holds its SHA-256, so a
 * leaked database row cannot be replayed. Idle and absolute timeouts are checked on every use.
 */
export class Sessions extends Effect.Service<Sessions>()("@folio/server/Sessions", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* UsersRepo
    const config = yield* AppConfig
    const idleMs = config.sessionIdleMinutes * 60_000
    const absoluteMs = config.sessionAbsoluteHours * 3_600_000

    const create = (input: {
      readonly userId: string
      readonly kind: SessionKind
      readonly ip: string | null
      readonly userAgent: string | null
    }) =>
      Effect.gen(function* () {
        const token = newSecret()
        const csrfToken = input.kind === "browser" ? newSecret() : null
        const expiresAt = new Date(Date.now() + absoluteMs)
        const rows = yield* sql<{ id: string }>`
          insert into sessions (token_hash, user_id, kind, csrf_token, ip, user_agent, expires_at)
          values (${hashSecret(token)}, ${input.userId}, ${input.kind}, ${csrfToken}, ${input.ip},
                  ${input.userAgent?.slice(0, 400) ?? null}, ${expiresAt})
          returning id`
        return { id: rows[0]!.id, token, csrfToken, expiresAt }
      }).pipe(Effect.orDie)

    /** The actor behind a secret, or none when it is unknown, revoked, idle too long or expired. */
    const resolve = (token: string, via: Actor["via"]) =>
      Effect.gen(function* () {
        if (token.length < 20 || token.length > 200) return Option.none<Actor>()
        const found = yield* users.findBySession(hashSecret(token), idleMs / 1000)
        if (Option.isNone(found) || found.value.user.status !== "active") return Option.none<Actor>()
        const { session, user } = found.value
        // Sliding idle window; written at most once a minute to keep reads cheap.
        if (Date.now() - session.lastSeenAt.getTime() > 60_000) {
          yield* sql`update sessions set last_seen_at = now() where id = ${session.id}`
        }
        const { passwordHash: _, company, ...profile } = user
        return Option.some<Actor>({
          user: profile,
          company,
          sessionId: Option.some(session.id),
          csrfToken: session.csrfToken,
          via,
          scopes: ["read", "write", "admin"],
        })
      }).pipe(Effect.orDie)

    const revoke = (sessionId: string) =>
      sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`.pipe(
        Effect.asVoid,
        Effect.orDie,
      )

    const revokeByToken = (token: string) =>
      sql`update sessions set revoked_at = now() where token_hash = ${hashSecret(token)} and revoked_at is null`.pipe(
        Effect.asVoid,
        Effect.orDie,
      )

    const revokeAllForUser = (userId: string) =>
      sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`.pipe(
        Effect.asVoid,
        Effect.orDie,
      )

    const listForUser = (userId: string, current: Option.Option<string>) =>
      sql<SessionRow>`
        select id, kind, ip, user_agent, created_at, last_seen_at, expires_at from sessions
        where user_id = ${userId} and revoked_at is null and expires_at > now()
          and last_seen_at > now() - make_interval(secs => ${idleMs / 1000})
        order by last_seen_at desc`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.map((row) => ({ ...row, current: Option.contains(current, row.id) }))),
      )

    /** Ends one of a user's sessions; false when there was no such live session. */
    const revokeForUser = (userId: string, sessionId: string) =>
      sql<{ id: string }>`
        update sessions set revoked_at = now()
        where id = ${sessionId} and user_id = ${userId} and revoked_at is null returning id`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length > 0),
      )

    const revokeOthers = (userId: string, keep: Option.Option<string>) =>
      sql<{ id: string }>`
        update sessions set revoked_at = now()
        where user_id = ${userId} and revoked_at is null
          and id is distinct from ${Option.getOrNull(keep)}::uuid
        returning id`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length),
      )

    return {
      create,
      resolve,
      revoke,
      revokeByToken,
      revokeAllForUser,
      listForUser,
      revokeForUser,
      revokeOthers,
    } as const
  }),
  dependencies: [UsersRepo.Default],
}) {}
