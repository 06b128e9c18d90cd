import { SqlClient } from "@effect/sql"
import { myReadershipRecentMax, readershipKinds, type UserId } from "@folio/core"
import { Effect } from "effect"
import { defaultSettings } from "../config/settings.js"
import { ConfigStore } from "../config/store.js"
import { eraseEventsOf, eventCountsOf, eventsOf } from "./repo.js"

/**
 * What is recorded about one person: their view on /profile, their download, and an admin's
 * erasure. Raw events and pending ones alike (pending: the minute before the rollup job runs).
 * The statements are repo.ts's.
 */

const retentionDays = Effect.map(ConfigStore, (store) => {
  const current = store.current()
  return current.status === "ready"
    ? current.snapshot.settings["readership.retentionDays"]
    : defaultSettings["readership.retentionDays"]
})

export const myReadership = (userId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const counts = yield* eventCountsOf(sql, userId)
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
    eraseEventsOf(sql, userId).pipe(
      Effect.map((erased) => ({ erased })),
      sql.withTransaction,
    ),
  ).pipe(Effect.orDie)
