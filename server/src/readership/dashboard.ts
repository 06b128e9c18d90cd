import { SqlClient } from "@effect/sql"
import type { MyReports, SinceLastVisit } from "@folio/core"
import { Effect } from "effect"
import type { ReportReach } from "../reports/reach.js"
import {
  headlineFigures,
  latestWithReads,
  publishedSince,
  recordVisit,
  revisedSince,
  sentBackDrafts,
} from "./repo.js"

/** The dashboard's own questions (core/src/domain/dashboard.ts); the statements are repo.ts's. */

/**
 * Records this visit and answers what changed since the previous one: a visit is an opening more
 * than 30 minutes after the last, so reloads within a sitting keep the same "since".
 */
export const sinceLastVisit = (userId: string, reach: ReportReach) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const since = yield* recordVisit(sql, userId)
    if (since === null) return { since: null, published: [], revised: [] } satisfies SinceLastVisit
    const published = yield* publishedSince(sql, since, reach)
    const revised = yield* revisedSince(sql, since, reach)
    return { since, published, revised } satisfies SinceLastVisit
  }).pipe(Effect.orDie)

/** An author's drafts sent back from review by someone else, and the reads of their latest reports. */
export const myReports = (userId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const sentBack = yield* sentBackDrafts(sql, userId)
    const latest = yield* latestWithReads(sql, userId)
    return { sentBack, latest } satisfies MyReports
  }).pipe(Effect.orDie)

/** An admin's headline figures, in one round trip. */
export const platformFigures = Effect.flatMap(SqlClient.SqlClient, headlineFigures).pipe(Effect.orDie)
