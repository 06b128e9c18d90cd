import { SqlClient } from "@effect/sql"
import {
  type Actor,
  type EventBatch,
  eventMaxAgeMs,
  eventMaxAheadMs,
  Forbidden,
  NotFound,
  type ReadershipChannel,
  type ReadershipKind,
  ValidationError,
} from "@folio/core"
import { Effect } from "effect"
import { type ReportReach, reachClause } from "../reports/reach.js"

/**
 * Writing readership events. Everything goes to `readership_pending` as one insert; the
 * `readership_rollup` job moves it into the raw table and the rollups (0022_readership).
 */

/** The channel a request came through: the console (its session cookie), or the API (CLI, tokens, scripts). */
export const channelOf = (actor: Actor): ReadershipChannel => (actor.via === "cookie" ? "console" : "api")

/** The caller's teams, oldest membership first: the first is where their events count by default. */
const teamsOf = (sql: SqlClient.SqlClient, userId: string) =>
  sql<{ teamId: string }>`
    select m.team_id from team_members m where m.user_id = ${userId} order by m.created_at, m.team_id`.pipe(
    Effect.map((rows) => rows.map((row) => row.teamId)),
  )

/**
 * Checks a client's batch and stores it: every event must be the caller's own (a batch queued
 * before a sign-out is not counted for whoever signs in next), recent, and about a report the
 * caller may read. One bad event refuses the whole batch; nothing is stored then.
 */
export const recordBatch = (actor: Actor, reach: ReportReach, batch: EventBatch) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const now = Date.now()
    for (const [index, event] of batch.events.entries()) {
      if (event.userId !== undefined && event.userId !== actor.user.id) {
        return yield* new Forbidden({
          message: `events[${index}] is recorded for another person; you may record only your own events.`,
        })
      }
      const at = event.at.getTime()
      if (at < now - eventMaxAgeMs || at > now + eventMaxAheadMs) {
        return yield* new ValidationError({
          message: `events[${index}].at must be within the last 24 hours (it is ${event.at.toISOString()}).`,
          issues: [{ path: ["events", index, "at"], message: "must be within the last 24 hours" }],
        })
      }
    }
    const reportIds = [...new Set(batch.events.map((event) => event.reportId))]
    const readable = yield* sql<{ id: string }>`
      select r.id from reports r where r.id = any(${reportIds}::uuid[]) and ${reachClause(sql, reach)}`
    const allowed = new Set(readable.map((row) => row.id))
    const refused = batch.events.findIndex((event) => !allowed.has(event.reportId))
    if (refused !== -1) {
      return yield* new NotFound({
        message: `events[${refused}]: no report ${batch.events[refused]?.reportId} that you may read.`,
      })
    }
    // A reader in several teams counts for the team the report is addressed to, else their first.
    const teams = yield* teamsOf(sql, actor.user.id)
    const addressed = new Map<string, string>()
    if (teams.length > 1) {
      const rows = yield* sql<{ reportId: string; teamId: string }>`
        select a.report_id, a.team_id from report_audience a
        where a.report_id = any(${reportIds}::uuid[]) and a.team_id = any(${teams}::uuid[])`
      for (const row of rows) if (!addressed.has(row.reportId)) addressed.set(row.reportId, row.teamId)
    }
    const events = batch.events
    yield* sql`
      insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, duration_ms)
      select e.at, ${actor.user.id}, ${actor.company.id}, e.team_id, e.kind, ${channelOf(actor)}, e.report_id, e.duration_ms
      from unnest(${events.map((e) => e.at.toISOString())}::timestamptz[],
                  ${events.map((e) => e.kind)}::text[],
                  ${events.map((e) => e.reportId)}::uuid[],
                  ${events.map((e) => addressed.get(e.reportId) ?? teams[0] ?? null)}::uuid[],
                  ${events.map((e) => e.durationMs ?? null)}::int[])
        as e(at, kind, report_id, team_id, duration_ms)`
    return { accepted: events.length }
  }).pipe(Effect.catchTag("SqlError", Effect.die))

export interface ServerEvent {
  readonly userId: string
  readonly companyId: string
  readonly kind: ReadershipKind
  readonly channel: ReadershipChannel
  readonly subject?: string | null | undefined
  readonly reportId?: string | null | undefined
}

/**
 * An event the server sees itself (a sign-in, a search, a feed fetch), in the caller's
 * transaction when there is one. Counting never fails the request it counts.
 */
export const recordServerEvent = (event: ServerEvent) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, subject)
      values (now(), ${event.userId}, ${event.companyId},
              (select m.team_id from team_members m where m.user_id = ${event.userId}
               order by m.created_at, m.team_id limit 1),
              ${event.kind}, ${event.channel}, ${event.reportId ?? null}, ${event.subject?.slice(0, 200) ?? null})`
  }).pipe(
    Effect.catchAllCause((cause) =>
      Effect.logWarning("Could not record a readership event").pipe(Effect.annotateLogs({ cause })),
    ),
  )
