import { SqlClient } from "@effect/sql"
import type { Actor, AiRunListParams, AiRunPage, Grant } from "@folio/core"
import { NotFound } from "@folio/core"
import { Effect, Option } from "effect"
import { defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { reportReachOf } from "../reports/reach.js"
import { type AiRunEnd, type AiRunStart, AiRunsRepo } from "./repo.js"

/**
 * The AI playground's saved runs (their SQL: repo.ts), and the two reads a run needs first: the
 * report that fills its template, within the caller's reading reach, and the ticker symbols the
 * offline provider knows. Only a run's author ever reads it.
 */

export const aiRunNotFound = () => new NotFound({ message: "No such run, or it is not yours." })

export const aiReportNotFound = () =>
  new NotFound({ message: "No report with that id, or it is not available to you." })

export class AiRuns extends Effect.Service<AiRuns>()("@folio/server/AiRuns", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* AiRunsRepo

    /** A new run, `running`, before anything is sent to a provider. */
    const start = (run: AiRunStart) => repo.insertRun(run)

    /** The run's end: its answer (or what had arrived), latency, usage and error. */
    const finish = (id: string, end: AiRunEnd) => repo.finishRun(id, end)

    /** One of the caller's runs; anyone else's is not found, as if it did not exist. */
    const get = (userId: string, id: string) =>
      repo
        .findRun(userId, id)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(aiRunNotFound()), onSome: Effect.succeed }),
          ),
        )

    /** The caller's runs, newest first, by keyset. */
    const list = (userId: string, params: AiRunListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "uuid")
        const rows = yield* repo.listRuns(userId, after, limit + 1)
        const page = timePage(rows, limit, (row) => row.key)
        return { items: page.items.map((row) => row.run), nextCursor: page.nextCursor } satisfies AiRunPage
      })

    /** Deletes one of the caller's runs; what it was, for the audit entry. */
    const remove = (userId: string, id: string) =>
      repo
        .deleteRun(userId, id)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(aiRunNotFound()), onSome: Effect.succeed }),
          ),
        )

    /** The report's fields, when the caller may read it (`reports.read` reach), else not found. */
    const report = (actor: Actor, grant: Grant, id: string) =>
      Effect.gen(function* () {
        const reach = yield* reportReachOf(actor, grant)
        const row = yield* repo.reportFields(id, reach)
        return Option.isNone(row) ? yield* Effect.fail(aiReportNotFound()) : row.value
      }).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    /** Every ticker symbol in the tickers table, for the offline provider's extraction. */
    const knownTickers = repo.knownTickers

    return { start, finish, get, list, remove, report, knownTickers } as const
  }),
  dependencies: [AiRunsRepo.Default],
}) {}
