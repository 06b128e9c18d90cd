import {
  type ImportIssue,
  type KpiCsvChunk,
  type KpiImportResult,
  type KpiImportRow,
  kpiCsvReader,
  kpiImportBatchSize,
} from "@folio/core"
import { Deferred, Effect, Either } from "effect"
import { send, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { describeFailure } from "../failures.js"
import { fileReader, findInputFiles, totalBytes } from "./importFiles.js"
import { type ImportStart, retryPolicy } from "./reportImport.js"

/**
 * `folio kpis import`: a KPI CSV read a chunk at a time through core's `kpiCsvReader` (memory:
 * one batch and the issues, whatever the file's size), a bad header refused before anything is
 * sent, valid rows sent in batches of `kpiImportBatchSize`. The server writes each batch's good
 * rows and names the rows it refuses; a value equal to the stored one is unchanged, so running
 * the same file again changes nothing, and a batch retried after a lost answer is harmless.
 */

export interface KpiImportInput {
  readonly url?: string | undefined
  readonly file: string
  readonly dryRun: boolean
  /** Rows per request (default and most: kpiImportBatchSize). */
  readonly batchSize?: number | undefined
}

/** The progress events, shaped as the report import's so that its renderers draw them. */
export type KpiImportEvent =
  | { readonly _tag: "Started"; readonly start: ImportStart }
  | {
      readonly _tag: "BatchDone"
      readonly batch: { readonly index: number; readonly rows: number }
      readonly result: KpiImportResult
      readonly totals: { readonly sent: number; readonly failed: number; readonly batches: number }
      readonly read: { readonly rows: number; readonly invalid: number; readonly bytesRead: number }
    }
  | {
      readonly _tag: "Retrying"
      readonly batch: { readonly index: number }
      readonly attempt: number
      readonly delayMs: number
      readonly reason: string
    }

export interface KpiImportSummary {
  readonly ok: boolean
  readonly url: string
  readonly file: string
  readonly dryRun: boolean
  readonly rows: {
    /** Data rows read, valid or not. */
    readonly total: number
    /** Rows that passed the local checks. */
    readonly valid: number
    readonly sent: number
    readonly created: number
    readonly updated: number
    readonly unchanged: number
    /** Rows refused, locally or by the server. */
    readonly failed: number
    /** Valid rows not sent because the import stopped early. */
    readonly notSent: number
  }
  readonly metricsCreated: number
  readonly batches: number
  /** Every problem, local and the server's, by line. */
  readonly issues: ReadonlyArray<ImportIssue>
  readonly interrupted: boolean
  readonly elapsedMs: number
  readonly rowsPerSecond: number | null
}

/** A batch of 1,000 rows may wait on a busy server: far longer than the CLI's usual 15 s. */
const batchTimeoutSeconds = 120

/** Why the import stopped after some batches went in, with the summary of what was done. */
export class KpiImportStopped extends CliError {
  readonly summary: KpiImportSummary
  constructor(error: CliError, summary: KpiImportSummary) {
    super({ code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode })
    this.summary = summary
  }
}

const readError = (error: unknown): CliError =>
  error instanceof CliError ? error : new CliError({ code: "ReadError", message: String(error) })

/** The header's problems as one refusal: nothing of the file is sent. */
const headerRefused = (issues: ReadonlyArray<ImportIssue>): CliError =>
  new CliError({
    code: "InvalidFile",
    message: issues
      .filter((issue) => issue.field !== "(row)")
      .map((issue) => `${issue.file}:${issue.line}: ${issue.message}.`)
      .join("\n"),
    hint: "Fix the header row; nothing was sent.",
  })

/** Sends one batch, retrying transient failures; undefined when a stop request came first. */
const sendBatch = (
  target: Target,
  rows: ReadonlyArray<KpiImportRow>,
  index: number,
  dryRun: boolean,
  stop: Deferred.Deferred<void>,
  onEvent: (event: KpiImportEvent) => void,
): Effect.Effect<KpiImportResult | undefined, CliError> =>
  Effect.gen(function* () {
    let answered: KpiImportResult | undefined
    const once = send(
      target,
      (client) => client.kpis.import({ payload: { rows, dryRun } }),
      batchTimeoutSeconds,
    ).pipe(
      Effect.tap((result) =>
        Effect.sync(() => {
          answered = result
        }),
      ),
      Effect.uninterruptible,
    )
    const describe = describeFailure(target, batchTimeoutSeconds)
    const retried = Effect.retry(
      once,
      retryPolicy((error, attempt, delayMs) =>
        onEvent({ _tag: "Retrying", batch: { index }, attempt, delayMs, reason: describe(error).message }),
      ),
    )
    const outcome = yield* Effect.raceFirst(
      Effect.either(retried),
      Deferred.await(stop).pipe(Effect.as("stopped" as const)),
    )
    if (answered !== undefined) return answered
    if (outcome === "stopped") return undefined
    if (Either.isLeft(outcome)) return yield* Effect.fail(describe(outcome.left))
    return outcome.right
  })

export const runKpiImport = (
  input: KpiImportInput,
  stop: Deferred.Deferred<void>,
  onEvent: (event: KpiImportEvent) => void,
): Effect.Effect<KpiImportSummary, CliError> =>
  Effect.gen(function* () {
    const started = performance.now()
    const found = yield* findInputFiles([input.file], "csv", ".csv")
    const file = found.files[0]
    if (file === undefined || found.files.length !== 1)
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: `${input.file} is not one CSV file: \`folio kpis import\` reads a single file (or - for stdin).`,
          exitCode: 2,
        }),
      )
    const batchSize = Math.min(kpiImportBatchSize, Math.max(1, input.batchSize ?? kpiImportBatchSize))
    const reader = kpiCsvReader(file.name)
    const reading = { bytesRead: 0 }
    const chunks = fileReader([file], reading)(0)
    // Closed however the import ends (a header refused, a failed batch), so the file is let go.
    yield* Effect.addFinalizer(() => Effect.promise(() => chunks.return(undefined)))
    const nextChunk = Effect.tryPromise({ try: () => chunks.next(), catch: readError })

    const pending: Array<KpiImportRow> = []
    const issues: Array<ImportIssue> = []
    let valid = 0
    let ended = false
    const take = (chunk: KpiCsvChunk) => {
      for (const row of chunk.rows) pending.push(row)
      for (const issue of chunk.issues) issues.push(issue)
      valid += chunk.rows.length
    }
    const read = Effect.gen(function* () {
      const next = yield* nextChunk
      if (next.done) {
        take(reader.end())
        ended = true
      } else take(reader.push(next.value))
    })

    // Read until the header is judged (a row or a problem appears), before signing in or sending.
    while (!ended && !reader.headerRefused() && valid === 0 && issues.length === 0) yield* read
    if (reader.headerRefused()) return yield* Effect.fail(headerRefused(issues))

    const target = yield* signedInTarget(input)
    const bytes = yield* totalBytes([file])
    onEvent({ _tag: "Started", start: { url: target.url, files: [file.name], skippedFiles: 0, bytes } })

    const totals = { sent: 0, created: 0, updated: 0, unchanged: 0, metricsCreated: 0, failed: 0, batches: 0 }
    let interrupted = false
    const summary = (): KpiImportSummary => {
      const total = reader.total()
      const failed = total - valid + totals.failed
      const notSent = valid - totals.sent
      const elapsedMs = Math.round(performance.now() - started)
      return {
        ok: failed === 0 && notSent === 0 && issues.length === 0 && !interrupted,
        url: target.url,
        file: file.name,
        dryRun: input.dryRun,
        rows: {
          total,
          valid,
          sent: totals.sent,
          created: totals.created,
          updated: totals.updated,
          unchanged: totals.unchanged,
          failed,
          notSent,
        },
        metricsCreated: totals.metricsCreated,
        batches: totals.batches,
        // Stable: a line's own problems keep the reader's field order.
        issues: [...issues].sort((a, b) => a.line - b.line),
        interrupted,
        elapsedMs,
        rowsPerSecond:
          totals.sent === 0 || elapsedMs === 0 ? null : Math.round((totals.sent * 1000) / elapsedMs),
      }
    }

    const flush = (rows: ReadonlyArray<KpiImportRow>) =>
      Effect.gen(function* () {
        if (yield* Deferred.isDone(stop)) {
          interrupted = true
          return
        }
        const result = yield* sendBatch(target, rows, totals.batches, input.dryRun, stop, onEvent)
        if (result === undefined) {
          interrupted = true
          return
        }
        totals.sent += rows.length
        totals.created += result.created
        totals.updated += result.updated
        totals.unchanged += result.unchanged
        totals.metricsCreated += result.metricsCreated
        totals.failed += new Set(result.rejected.map((issue) => issue.line)).size
        totals.batches += 1
        for (const issue of result.rejected) issues.push({ file: file.name, ...issue })
        onEvent({
          _tag: "BatchDone",
          batch: { index: totals.batches - 1, rows: rows.length },
          result,
          totals: { ...totals },
          read: { rows: reader.total(), invalid: reader.total() - valid, bytesRead: reading.bytesRead },
        })
      })

    const sendAll = Effect.gen(function* () {
      while (!interrupted) {
        while (pending.length >= batchSize && !interrupted) yield* flush(pending.splice(0, batchSize))
        if (ended || interrupted) break
        yield* read
      }
      if (!interrupted && pending.length > 0) yield* flush(pending.splice(0))
    })
    const outcome = yield* Effect.either(sendAll)
    if (Either.isLeft(outcome)) {
      // Nothing went in: the plain failure. Otherwise what was done, then why it stopped.
      if (totals.batches === 0) return yield* Effect.fail(outcome.left)
      return yield* Effect.fail(new KpiImportStopped(outcome.left, summary()))
    }
    return summary()
  }).pipe(Effect.scoped)
