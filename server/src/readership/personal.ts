import { SqlClient } from "@effect/sql"
import { myReadershipRecentMax, type RecordedEvent, readershipKinds, type UserId } from "@folio/core"
import { Effect } from "effect"
import { defaultSettings } from "../config/settings.js"
import { ConfigStore } from "../config/store.js"

/**
 * What is recorded about one person: their view on /profile, their download, and an admin's
 * erasure. Raw events and pending ones alike (pending: the minute before the rollup job runs).
 */

const retentionDays = Effect.map(ConfigStore, (store) => {
  const current = store.current()
  return current.status === "ready"
    ? current.snapshot.settings["readership.retentionDays"]
    : defaultSettings["readership.retentionDays"]
})

const eventsOf = (sql: SqlClient.SqlClient, userId: string, limit: number | null) =>
  sql<RecordedEvent>`
    select e.at, e.kind, e.channel, coalesce(r.title, e.subject) as subject, e.report_id, e.duration_ms,
           c.name as company_name, t.name as team_name
    from (
      select at, kind, channel, subject, report_id, duration_ms, company_id, team_id
      from readership_events where user_id = ${userId}
      union all
      select at, kind, channel, subject, report_id, duration_ms, company_id, team_id
      from readership_pending where user_id = ${userId}
    ) e
    left join reports r on r.id = e.report_id
    left join companies c on c.id = e.company_id
    left join teams t on t.id = e.team_id
    order by e.at desc
    ${limit === null ? sql`` : sql`limit ${limit}`}`

export const myReadership = (userId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const counts = yield* sql<{ kind: (typeof readershipKinds)[number]; count: number }>`
      select kind, count(*)::int as count from (
        select kind from readership_events where user_id = ${userId}
        union all select kind from readership_pending where user_id = ${userId}
      ) e group by kind`
    const recent = yield* eventsOf(sql, userId, myReadershipRecentMax)
    const ordered = readershipKinds.flatMap((kind) => counts.filter((row) => row.kind === kind))
    return {
      retentionDays: yield* retentionDays,
      counts: ordered,
      total: ordered.reduce((sum, row) => sum + row.count, 0),
      recent,
    }
  }).pipe(Effect.orDie)

export const exportReadership = (user: { id: UserId; name: string; email: string }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      user: { id: user.id, name: user.name, email: user.email },
      exportedAt: new Date(),
      retentionDays: yield* retentionDays,
      events: yield* eventsOf(sql, user.id, null),
    }
  }).pipe(Effect.orDie)

/**
 * Erases a person's events: first the pending ones are rolled up (so the totals keep them), then
 * every raw event and the person's rows of the readers rollup go, in one transaction.
 */
export const eraseReadership = (userId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.gen(function* () {
      yield* sql`select readership_rollup()`
      const [raw] = yield* sql<{ erased: number }>`
        with gone as (delete from readership_events where user_id = ${userId} returning 1)
        select count(*)::int as erased from gone`
      yield* sql`delete from readership_daily_readers where user_id = ${userId}`
      return { erased: raw?.erased ?? 0 }
    }).pipe(sql.withTransaction),
  ).pipe(Effect.orDie)
