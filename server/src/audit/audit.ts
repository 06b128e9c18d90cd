import { HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import {
  AuditEntry as AuditEntryRow,
  type AuditFilterParams,
  type AuditListParams,
  auditCsv,
  auditExportMaxRows,
  decodeCursor,
  encodeCursor,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema, Stream } from "effect"

const decodeRows = Schema.decodeUnknown(
  Schema.Array(Schema.Struct({ ...AuditEntryRow.fields, at: Schema.DateFromSelf })),
)

/** A LIKE pattern for text starting with `text`, any case (its own `%`, `_` and `\\` taken literally). */
const prefixPattern = (text: string): string => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Entries an export reads per query. */
const exportBatch = 1000

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
    /** The WHERE clauses of a list or an export; `action` matches exactly or as a prefix ending in ".". */
    const filterClauses = (params: AuditFilterParams) => [
      params.userId === undefined
        ? sql`true`
        : sql`(actor_id = ${params.userId} or (target_type = 'user' and target_id = ${params.userId}))`,
      params.actor === undefined || params.actor.trim() === ""
        ? sql`true`
        : sql`lower(actor_email) like ${prefixPattern(params.actor.trim())}`,
      params.action === undefined
        ? sql`true`
        : params.action.endsWith(".")
          ? sql`action like ${`${params.action}%`}`
          : sql`action = ${params.action}`,
      params.targetType === undefined ? sql`true` : sql`target_type = ${params.targetType}`,
      params.targetId === undefined || params.targetId.trim() === ""
        ? sql`true`
        : sql`target_id = ${params.targetId.trim()}`,
      params.from === undefined ? sql`true` : sql`at >= ${params.from}`,
      params.to === undefined ? sql`true` : sql`at < ${params.to}`,
    ]

    /** Entries matching the filters with an id below `before`, newest first. */
    const page = (params: AuditFilterParams, before: string | undefined, limit: number) =>
      sql`
        select id::text, at, actor_id, actor_email, action, target_type, target_id, before, after, ip
        from audit_log
        where ${sql.and([...filterClauses(params), before === undefined ? sql`true` : sql`id < ${before}::bigint`])}
        order by audit_log.id desc limit ${limit}`.pipe(Effect.flatMap(decodeRows), Effect.orDie)

    /** Newest first, keyset-paged by id. */
    const list = (params: AuditListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? 50
        const key = params.cursor === undefined ? undefined : decodeCursor(params.cursor)?.[0]
        const before = typeof key === "string" && /^\d{1,19}$/.test(key) ? key : undefined
        if (params.cursor !== undefined && before === undefined) {
          return yield* ValidationError.field(
            "cursor",
            "The page cursor is not valid; start again from the first page.",
          )
        }
        if (params.from !== undefined && params.to !== undefined && params.from >= params.to) {
          return yield* ValidationError.field("to", "The end of the date range must be after its start.")
        }
        const rows = yield* page(params, before, limit + 1)
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null }
      })

    /**
     * The filtered log as CSV text, newest first, read a batch at a time so a large export is
     * never held in memory whole; at most `auditExportMaxRows` entries.
     */
    const exportCsv = (params: AuditFilterParams) =>
      Effect.gen(function* () {
        if (params.from !== undefined && params.to !== undefined && params.from >= params.to) {
          return yield* ValidationError.field("to", "The end of the date range must be after its start.")
        }
        const batches = Stream.paginateEffect(
          { before: undefined as string | undefined, taken: 0 },
          (state) =>
            page(params, state.before, Math.min(exportBatch, auditExportMaxRows - state.taken)).pipe(
              Effect.map((rows) => {
                const taken = state.taken + rows.length
                const last = rows.at(-1)
                const more = rows.length === exportBatch && taken < auditExportMaxRows && last !== undefined
                return [rows, more ? Option.some({ before: last.id, taken }) : Option.none()] as const
              }),
            ),
        )
        return Stream.concat(
          Stream.make(auditCsv([], true)),
          batches.pipe(
            Stream.filter((rows) => rows.length > 0),
            Stream.map((rows) => auditCsv(rows, false)),
          ),
        ).pipe(Stream.encodeText)
      })

    return { record, recordSystem, list, exportCsv } as const
  }),
}) {}
