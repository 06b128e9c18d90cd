import { SqlClient } from "@effect/sql"
import { TraceItem, type TraceListParams, TraceRoute } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"

const decodeRoutes = Schema.decodeUnknown(
  Schema.Array(Schema.Struct({ ...TraceRoute.fields, lastSeen: Schema.DateFromSelf })),
)
const TraceRow = Schema.Struct({
  ...TraceItem.fields,
  receivedAt: Schema.DateFromSelf,
  id: Schema.String,
  receivedKey: Schema.String,
})
const decodeTraces = Schema.decodeUnknown(Schema.Array(TraceRow))

/** At most this many routes in the summary; the console has far fewer. */
const maxRoutes = 500

/** Page loads and navigations received through the tunnel, per route and one by one. */
export class Traces extends Effect.Service<Traces>()("@folio/server/Traces", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const routes = sql`
      select route, count(*)::int as count,
             percentile_cont(0.5) within group (order by duration_ms) as p50_ms,
             percentile_cont(0.95) within group (order by duration_ms) as p95_ms,
             max(received_at) as last_seen
      from traces
      group by route
      order by count(*) desc, route
      limit ${maxRoutes}`.pipe(
      Effect.flatMap(decodeRoutes),
      Effect.map((items) => ({ items })),
      Effect.orDie,
    )

    const list = (params: TraceListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "bigint")
        const clauses = [sql`true`]
        if (params.route !== undefined) clauses.push(sql`route = ${params.route}`)
        if (Option.isSome(after)) {
          clauses.push(sql`(received_at, id) < (${after.value.at}::timestamptz, ${after.value.id}::bigint)`)
        }
        const rows = yield* sql`
          select id::text, trace_id, route, op, duration_ms, status, deployment_id, received_at,
                 to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as received_key
          from traces where ${sql.and(clauses)}
          order by received_at desc, id desc limit ${limit + 1}`.pipe(
          Effect.flatMap(decodeTraces),
          Effect.orDie,
        )
        const page = timePage(rows, limit, (row) => ({ at: row.receivedKey, id: row.id }))
        return {
          items: page.items.map(({ id: _id, receivedKey: _key, ...trace }) => trace),
          nextCursor: page.nextCursor,
        }
      })

    return { routes, list } as const
  }),
}) {}
