import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted, String as Str } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { AppConfig } from "../src/config.js"
import { housekeeping } from "../src/jobs/housekeeping.js"
import { testConfig } from "./support/config.js"
import { freshDatabase } from "./support/database.js"

let url: string
const run = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient | AppConfig>, retentionDays = 30) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        Layer.merge(
          PgClient.layer({ url: Redacted.make(url), transformResultNames: Str.snakeToCamel }),
          Layer.succeed(AppConfig, testConfig({ databaseUrl: url, auditRetentionDays: retentionDays })),
        ),
      ),
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
      }),
    )
    const removed = await run(housekeeping)
    expect(removed).toMatchObject({ audit: 1, rateLimits: 1 })
    const left = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ action: string }>`select action from audit_log order by action`,
      ),
    )
    expect(left.map((r) => r.action)).toEqual(["recent"])
    expect(await run(housekeeping)).toMatchObject({ audit: 0, rateLimits: 0 })
  })
})
