import { SqlClient } from "@effect/sql"
import type {
  AiProviderId,
  AiRun,
  AiRunId,
  AiRunStatus,
  AiRunSummary,
  AiTemplateId,
  ReportId,
} from "@folio/core"
import { Effect, Option } from "effect"
import type { TimeKey } from "../db/timeCursor.js"
import { type ReportReach, reachClause } from "../reports/reach.js"

/**
 * All SQL of the AI playground's saved runs (`ai_runs`, migration 0024), and the two reads a run
 * needs first: the report that fills its template, within a reading reach, and the ticker symbols
 * the offline provider knows. Rows are shaped here; who may see what is the AiRuns service's
 * (runs.ts).
 */

/** The report fields a template is filled from. */
export interface AiReportFields {
  readonly id: string
  readonly title: string
  readonly summary: string
  readonly body: string
  readonly tickers: ReadonlyArray<string>
}

export interface AiRunStart {
  readonly userId: string
  readonly provider: AiProviderId
  readonly model: string
  readonly template: AiTemplateId
  readonly report: { readonly id: string; readonly title: string } | null
  readonly input: string
  readonly prompt: string
}

export interface AiRunEnd {
  readonly status: Exclude<AiRunStatus, "running">
  readonly output: string
  readonly error: string | null
  readonly latencyMs: number | null
  readonly inputTokens: number | null
  readonly outputTokens: number | null
  readonly cost: number | null
}

/** What a deleted run was, for the audit entry. */
export interface DeletedAiRun {
  readonly id: string
  readonly provider: string
  readonly model: string
  readonly template: string
  readonly reportId: string | null
}

interface RunRow {
  readonly id: string
  readonly provider: AiProviderId
  readonly model: string
  readonly template: AiTemplateId
  readonly reportId: string | null
  readonly reportTitle: string | null
  readonly status: AiRunStatus
  readonly latencyMs: number | null
  readonly inputTokens: number | null
  readonly outputTokens: number | null
  readonly characters: number
  readonly cost: number | null
  readonly preview: string
  readonly createdAt: Date
  readonly createdKey: string
  readonly input?: string
  readonly prompt?: string
  readonly output?: string
  readonly error?: string | null
}

const summaryOf = (row: RunRow): AiRunSummary => ({
  id: row.id as AiRunId,
  provider: row.provider,
  model: row.model,
  template: row.template,
  report:
    row.reportId === null ? null : { id: row.reportId as ReportId, title: row.reportTitle ?? "(untitled)" },
  status: row.status,
  latencyMs: row.latencyMs,
  usage: {
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    characters: row.characters,
    cost: row.cost,
  },
  preview: row.preview,
  createdAt: row.createdAt,
})

const runOf = (row: RunRow): AiRun => ({
  ...summaryOf(row),
  input: row.input ?? "",
  prompt: row.prompt ?? "",
  output: row.output ?? "",
  error: row.error ?? null,
})

export class AiRunsRepo extends Effect.Service<AiRunsRepo>()("@folio/server/AiRunsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const columns = (full: boolean) => sql`
      id, provider, model, template, report_id, report_title, status, latency_ms, input_tokens,
      output_tokens, characters, cost, left(output, 200) as preview, created_at,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
      ${full ? sql`, input, prompt, output, error` : sql``}`

    /** A new run, `running`, before anything is sent to a provider. */
    const insertRun = (run: AiRunStart) =>
      sql<{ id: string }>`
        insert into ai_runs (user_id, provider, model, template, report_id, report_title, input, prompt)
        values (${run.userId}, ${run.provider}, ${run.model}, ${run.template}, ${run.report?.id ?? null},
                ${run.report?.title ?? null}, ${run.input}, ${run.prompt})
        returning id`.pipe(
        Effect.map((rows) => (rows[0] as { id: string }).id),
        Effect.orDie,
      )

    /** The run's end: its answer (or what had arrived), latency, usage and error. */
    const finishRun = (id: string, end: AiRunEnd) =>
      sql`
        update ai_runs set status = ${end.status}, output = ${end.output}, error = ${end.error},
               latency_ms = ${end.latencyMs}, input_tokens = ${end.inputTokens},
               output_tokens = ${end.outputTokens}, characters = ${end.output.length},
               cost = ${end.cost}, finished_at = now()
        where id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    /** One of the user's runs, in full. */
    const findRun = (userId: string, id: string) =>
      sql<RunRow>`select ${columns(true)} from ai_runs where id = ${id} and user_id = ${userId}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), runOf)),
      )

    /** A page of the user's runs after the cursor's key, newest first. Fetch `limit + 1` rows. */
    const listRuns = (userId: string, after: Option.Option<TimeKey>, limit: number) =>
      sql<RunRow>`
        select ${columns(false)} from ai_runs
        where user_id = ${userId}
          ${Option.match(after, {
            onNone: () => sql``,
            onSome: (key) => sql`and (created_at, id) < (${key.at}::timestamptz, ${key.id}::uuid)`,
          })}
        order by created_at desc, id desc
        limit ${limit}`.pipe(
        Effect.orDie,
        Effect.map((rows) =>
          rows.map((row) => ({ run: summaryOf(row), key: { at: row.createdKey, id: row.id } as TimeKey })),
        ),
      )

    /** Deletes one of the user's runs; what it was, if there was one. */
    const deleteRun = (userId: string, id: string) =>
      sql<DeletedAiRun>`
        delete from ai_runs where id = ${id} and user_id = ${userId}
        returning id, provider, model, template, report_id`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** The report's fields, if it is within the reach. */
    const reportFields = (id: string, reach: ReportReach) =>
      sql<AiReportFields>`
        select r.id, r.title, r.summary, r.body, r.tickers from reports r
        where r.id = ${id} and ${reachClause(sql, reach)}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** Every ticker symbol in the tickers table, for the offline provider's extraction. */
    const knownTickers = sql<{ symbol: string }>`select symbol from tickers order by symbol`.pipe(
      Effect.orDie,
      Effect.map((rows) => rows.map((row) => row.symbol)),
    )

    return { insertRun, finishRun, findRun, listRuns, deleteRun, reportFields, knownTickers } as const
  }),
}) {}
