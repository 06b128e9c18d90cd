import { HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

export interface AuditEntry {
  readonly action: string
  readonly actor?: { readonly id: string; readonly email: string } | undefined
  readonly target?: { readonly type: string; readonly id: string } | undefined
  readonly before?: unknown
  readonly after?: unknown
}

/**
 * The audit trail: who did what to which object, with before/after and where from. Written in
 * the caller's transaction when there is one, so a change and its record land together.
 */
export class Audit extends Effect.Service<Audit>()("@folio/server/Audit", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const record = (entry: AuditEntry) =>
      Effect.gen(function* () {
        const request = yield* Effect.serviceOption(HttpServerRequest.HttpServerRequest)
        const ip = Option.flatMap(request, (r) => r.remoteAddress).pipe(Option.getOrNull)
        const userAgent = Option.flatMap(request, (r) => Option.fromNullable(r.headers["user-agent"])).pipe(
          Option.map((ua) => ua.slice(0, 400)),
          Option.getOrNull,
        )
        yield* sql`
          insert into audit_log (actor_id, actor_email, action, target_type, target_id, before, after, ip, user_agent)
          values (${entry.actor?.id ?? null}, ${entry.actor?.email ?? null}, ${entry.action},
                  ${entry.target?.type ?? null}, ${entry.target?.id ?? null},
                  ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
                  ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb,
                  ${ip}, ${userAgent})`
      }).pipe(Effect.orDie)
    return { record } as const
  }),
}) {}
