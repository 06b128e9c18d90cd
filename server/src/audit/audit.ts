import { HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import {
  AuditEntry as AuditEntryRow,
  type AuditListParams,
  decodeCursor,
  encodeCursor,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"

const decodeRows = Schema.decodeUnknown(
  Schema.Array(Schema.Struct({ ...AuditEntryRow.fields, at: Schema.DateFromSelf })),
)

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
    /** Entries of work no request asked for (a release job): one statement for all of them. */
    const recordSystem = (entries: ReadonlyArray<AuditEntry>) =>
      entries.length === 0
        ? Effect.void
        : sql`
            insert into audit_log (action, target_type, target_id, before, after)
            select * from unnest(${entries.map((e) => e.action)}::text[],
                                 ${entries.map((e) => e.target?.type ?? null)}::text[],
                                 ${entries.map((e) => e.target?.id ?? null)}::text[],
                                 ${entries.map((e) => (e.before === undefined ? null : JSON.stringify(e.before)))}::jsonb[],
                                 ${entries.map((e) => (e.after === undefined ? null : JSON.stringify(e.after)))}::jsonb[])`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
    /** Newest first, keyset-paged by id; `action` matches exactly or as a prefix ending in ".". */
    const list = (params: AuditListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? 50
        const before = params.cursor === undefined ? undefined : decodeCursor(params.cursor)?.[0]
        if (params.cursor !== undefined && (typeof before !== "string" || !/^\d{1,19}$/.test(before))) {
          return yield* ValidationError.field(
            "cursor",
            "The page cursor is not valid; start again from the first page.",
          )
        }
        const filters = [
          before === undefined ? sql`true` : sql`id < ${before}::bigint`,
          params.userId === undefined
            ? sql`true`
            : sql`(actor_id = ${params.userId} or (target_type = 'user' and target_id = ${params.userId}))`,
          params.action === undefined
            ? sql`true`
            : params.action.endsWith(".")
              ? sql`action like ${`${params.action}%`}`
              : sql`action = ${params.action}`,
        ]
        const rows = yield* sql`
          select id::text, at, actor_id, actor_email, action, target_type, target_id, before, after, ip
          from audit_log where ${sql.and(filters)}
          order by audit_log.id desc limit ${limit + 1}`.pipe(Effect.flatMap(decodeRows), Effect.orDie)
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null }
      })

    return { record, recordSystem, list } as const
  }),
}) {}
