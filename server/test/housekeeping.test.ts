import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted, String as Str } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { ConfigChanges } from "../src/config/changes.js"
import { ConfigServicesLive } from "../src/config/layer.js"
import type { ConfigStore } from "../src/config/store.js"
import { AppConfig } from "../src/config.js"
import { DatabaseInfo } from "../src/db/database.js"
import { housekeeping } from "../src/jobs/housekeeping.js"
import { testConfig } from "./support/config.js"
import { freshDatabase } from "./support/database.js"

let url: string
type Needs = SqlClient.SqlClient | AppConfig | ConfigStore | ConfigChanges
/** Each run loads the configuration store afresh, as a new instance would. */
const run = <A>(effect: Effect.Effect<A, unknown, Needs>, retentionDays = 30) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        ConfigServicesLive.pipe(
          Layer.provideMerge(
            Layer.mergeAll(
              PgClient.layer({
                url: Redacted.make(url),
                transformResultNames: Str.snakeToCamel,
                transformQueryNames: Str.camelToSnake,
              }),
              Layer.succeed(AppConfig, testConfig({ databaseUrl: url, auditRetentionDays: retentionDays })),
              Layer.succeed(DatabaseInfo, { embedded: false }),
            ),
          ),
        ),
      ),
      Effect.scoped,
      Effect.orDie,
    ),
  )

beforeAll(async () => {
  url = await freshDatabase()
})

describe("housekeeping", () => {
  it("deletes audit entries past the retention setting and stale rows, keeps the rest", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`insert into audit_log (action, at) values ('old', now() - interval '31 days'), ('recent', now() - interval '29 days')`
        yield* sql`insert into rate_limits (key, window_start, hits) values ('old', now() - interval '2 days', 3), ('fresh', now(), 1)`
        yield* sql`insert into outbox (to_address, template, created_at)
                   values ('old@folio.test', 'reset', now() - interval '31 days'),
                          ('new@folio.test', 'reset', now() - interval '29 days')`
      }),
    )
    const removed = await run(housekeeping)
    expect(removed).toMatchObject({ audit: 1, rateLimits: 1, mail: 1 })
    const mail = await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ toAddress: string }>`select to_address from outbox`),
    )
    expect(mail.map((m) => m.toAddress)).toEqual(["new@folio.test"])
    const left = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ action: string }>`select action from audit_log order by action`,
      ),
    )
    expect(left.map((r) => r.action)).toEqual(["recent"])
    expect(await run(housekeeping)).toMatchObject({ audit: 0, rateLimits: 0, mail: 0 })
  })
})

describe("housekeeping of the error inbox", () => {
  it("deletes events and traces past the inbox's retention, and issues with no events left", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* (yield* ConfigChanges).patch(
          [{ operation: "update", key: "errorReports.retentionDays", value: 10 }],
          { author: null },
        )
        yield* sql`
          insert into error_issues (id, fingerprint, type, message, last_seen) values
            ('00000000-0000-4000-8000-000000000001', 'gone', 'Error', 'old only', now() - interval '11 days'),
            ('00000000-0000-4000-8000-000000000002', 'kept', 'Error', 'old and new', now())`
        yield* sql`
          insert into error_events (issue_id, event_id, received_at) values
            ('00000000-0000-4000-8000-000000000001', 'e1', now() - interval '11 days'),
            ('00000000-0000-4000-8000-000000000002', 'e2', now() - interval '11 days'),
            ('00000000-0000-4000-8000-000000000002', 'e3', now() - interval '9 days')`
        yield* sql`
          insert into traces (trace_id, route, duration_ms, received_at) values
            ('t1', '/old', 10, now() - interval '11 days'), ('t2', '/new', 10, now() - interval '1 day')`
      }),
    )
    expect(await run(housekeeping)).toMatchObject({ errorEvents: 2, traces: 1, errorIssues: 1 })
    const left = await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.all({
          issues: sql<{ message: string }>`select message from error_issues`,
          events: sql<{ eventId: string }>`select event_id from error_events`,
          traces: sql<{ route: string }>`select route from traces`,
        }),
      ),
    )
    expect(left.issues.map((r) => r.message)).toEqual(["old and new"])
    expect(left.events.map((r) => r.eventId)).toEqual(["e3"])
    expect(left.traces.map((r) => r.route)).toEqual(["/new"])
  })
})
