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
import type { ReportReach } from "../reports/reach.js"
import {
  addressedTeams,
  insertReaderEvents,
  insertServerEvent,
  readableReportIds,
  teamIdsOf,
} from "./repo.js"

/**
 * Writing readership events. Everything goes to `readership_pending` as one insert; the
 * `readership_rollup` job moves it into the raw table and the rollups (0022_readership). The
 * statements are repo.ts's.
 */

/** The channel a request came through: the console (its session cookie), or the API (CLI, tokens, scripts). */
export const channelOf = (actor: Actor): ReadershipChannel => (actor.via === "cookie" ? "console" : "api")

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
    const allowed = new Set(yield* readableReportIds(sql, reportIds, reach))
    const refused = batch.events.findIndex((event) => !allowed.has(event.reportId))
    if (refused !== -1) {
      return yield* new NotFound({
        message: `events[${refused}]: no report ${batch.events[refused]?.reportId} that you may read.`,
      })
    }
    // A reader in several teams counts for the team the report is addressed to, else their first
    // (the oldest membership).
    const teams = yield* teamIdsOf(sql, actor.user.id)
    const addressed = new Map<string, string>()
    if (teams.length > 1) {
      const rows = yield* addressedTeams(sql, reportIds, teams)
      for (const row of rows) if (!addressed.has(row.reportId)) addressed.set(row.reportId, row.teamId)
    }
    const events = batch.events
    yield* insertReaderEvents(
      sql,
      { userId: actor.user.id, companyId: actor.company.id, channel: channelOf(actor) },
      events.map((e) => ({
        at: e.at,
        kind: e.kind,
        reportId: e.reportId,
        teamId: addressed.get(e.reportId) ?? teams[0] ?? null,
        durationMs: e.durationMs ?? null,
      })),
    )
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
    yield* insertServerEvent(sql, {
      userId: event.userId,
      companyId: event.companyId,
      kind: event.kind,
      channel: event.channel,
      reportId: event.reportId ?? null,
      subject: event.subject?.slice(0, 200) ?? null,
    })
  }).pipe(
    Effect.catchAllCause((cause) =>
      Effect.logWarning("Could not record a readership event").pipe(Effect.annotateLogs({ cause })),
    ),
  )
