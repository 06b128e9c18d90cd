import {
  addBatchResult,
  batchKeyOf,
  type ImportBatch,
  type ImportCounts,
  type ImportFlags,
  type ImportFormat,
  type ImportIssue,
  type ImportTotals,
  importBatcher,
  importBatchMaxBytes,
  importReader,
  newImportId,
  noTotals,
  type ReportImportResult,
  withEncodedRows,
} from "@folio/core"
import { Deferred, Duration, Effect, Either, Exit, FiberId, Schedule, Stream } from "effect"
import { send, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { type ClientFailure, describeFailure, isTransient, retryAfterMs } from "../failures.js"
import { checkCsvHeaders, fileReader, findInputFiles, totalBytes } from "./importFiles.js"

/**
 * `folio reports import`: stream every file through core's readers and import workflow (the
 * same code the console runs; the server checks every row again), sending batches as they are
 * cut. Each batch carries a key derived from its content and flags, so running the same command
 * again after an interruption sends the same batches under the same keys, and the server answers
 * the ones it has already applied from its record (`replayed`) instead of writing them twice.
 */

export interface ImportInput {
  readonly url?: string | undefined
  readonly paths: ReadonlyArray<string>
  readonly format?: ImportFormat | undefined
  readonly upsert: boolean
  readonly dryRun: boolean
  /** Rows per batch (default 1,000; the server takes at most 2,000). */
  readonly batchSize: number
  /** A batch is also closed before its JSON body passes this many bytes. */
  readonly maxBatchBytes?: number | undefined
  /** Batches in flight at once (default 3). */
  readonly concurrency?: number | undefined
}

export const defaultBatchSize = 1000
export const maxBatchSize = 2000
/** Three in flight keep PostgreSQL writing one batch while the next is encoded, sent and checked. */
export const defaultConcurrency = 3
/** One batch may take a while on a busy server; far longer than the CLI's usual 15 s. */
const batchTimeoutSeconds = 120
/** Attempts per batch before the import stops (the first try plus retries). */
export const maxAttempts = 8

export type Batch = ImportBatch

/** What the import reads: the files, and their size when known (not for stdin). */
export interface ImportStart {
  readonly url: string
  readonly files: ReadonlyArray<string>
  /** Files inside the given folders that were not import files. */
  readonly skippedFiles: number
  readonly bytes: number | null
}

/** How far reading has got: rows read and checked, and bytes of the files. */
export interface ReadProgress extends ImportCounts {
  readonly bytesRead: number
}

export type ImportEvent =
  | { readonly _tag: "Started"; readonly start: ImportStart }
  | {
      readonly _tag: "BatchDone"
      /** The batch's place and size: its rows are let go once it is answered. */
      readonly batch: { readonly index: number; readonly rows: number }
      readonly result: ReportImportResult
      readonly totals: ImportTotals
      readonly read: ReadProgress
    }
  | {
      readonly _tag: "Retrying"
      readonly batch: Batch
      readonly attempt: number
      readonly delayMs: number
      readonly reason: string
    }

export interface ImportSummary {
  readonly ok: boolean
  readonly url: string
  readonly dryRun: boolean
  readonly upsert: boolean
  readonly files: ReadonlyArray<string>
  readonly rows: {
    readonly total: number
    readonly valid: number
    readonly sent: number
    readonly created: number
    readonly updated: number
    readonly unchanged: number
    /** Rows refused, locally or by the server. */
    readonly failed: number
    /** Rows of batches an earlier run had already applied (counted in created/updated/unchanged). */
    readonly replayed: number
    /** Valid rows not sent because the import was interrupted. */
    readonly notSent: number
  }
  readonly batches: { readonly total: number; readonly sent: number; readonly replayed: number }
  readonly issues: ReadonlyArray<ImportIssue>
  readonly interrupted: boolean
  readonly elapsedMs: number
  /** Rows sent per second of sending (null when nothing was sent). */
  readonly rowsPerSecond: number | null
}

/**
 * Pauses between tries: 0.5 s, 1 s, 2 s … capped at 30 s, jittered, or what a 429 asks for
 * (`folio kpis import` retries its batches with it too).
 */
export const retryPolicy = (onRetry: (error: ClientFailure, attempt: number, delayMs: number) => void) =>
  Schedule.identity<ClientFailure>().pipe(
    Schedule.intersect(Schedule.exponential(Duration.millis(500))),
    Schedule.intersect(Schedule.recurs(maxAttempts - 1)),
    Schedule.whileInput(isTransient),
    Schedule.jittered,
    Schedule.modifyDelayEffect(([[error], count], delay) =>
      Effect.sync(() => {
        const ms = Math.round(retryAfterMs(error) ?? Math.min(30_000, Duration.toMillis(delay)))
        onRetry(error, count + 1, ms)
        return Duration.millis(ms)
      }),
    ),
  )

type Sent = { readonly _tag: "Sent"; readonly result: ReportImportResult } | { readonly _tag: "Stopped" }

/**
 * Sends one batch under its key, retrying transient failures (network, timeouts, 5xx, rate
 * limits) with `retryPolicy`. Retrying is safe because the key is the same: a batch that did
 * reach the server is answered from its record. A stop request cuts a pause short; it never
 * aborts a request in flight (each try is uninterruptible), whose outcome is then kept.
 */
const sendBatch = (
  target: Target,
  importId: string,
  batch: Batch,
  flags: ImportFlags,
  stop: Deferred.Deferred<void>,
  onEvent: (event: ImportEvent) => void,
): Effect.Effect<Sent, CliError> =>
  Effect.gen(function* () {
    const batchKey = yield* Effect.promise(() => batchKeyOf(batch, flags))
    let answered: ReportImportResult | undefined
    const once = send(
      target,
      (client) =>
        client.reports
          .import({ payload: { batchKey, importId, upsert: flags.upsert, dryRun: flags.dryRun, rows: [] } })
          .pipe(withEncodedRows(batch.rowsJson)),
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
        onEvent({ _tag: "Retrying", batch, attempt, delayMs, reason: describe(error).message }),
      ),
    )
    const outcome = yield* Effect.raceFirst(
      Effect.either(retried),
      Deferred.await(stop).pipe(Effect.as("stopped" as const)),
    )
    if (answered !== undefined) return { _tag: "Sent", result: answered } as const
    if (outcome === "stopped") return { _tag: "Stopped" } as const
    if (Either.isLeft(outcome)) return yield* Effect.fail(describe(outcome.left))
    return { _tag: "Sent", result: outcome.right } as const
  })

/** Why the import stopped early: what the user asked, or what went wrong (with the summary so far). */
export class ImportStopped extends CliError {
  readonly summary: ImportSummary
  constructor(error: CliError, summary: ImportSummary) {
    super({ code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode })
    this.summary = summary
  }
}

const noFiles = (paths: ReadonlyArray<string>, skipped: number) =>
  new CliError({
    code: "UsageError",
    message: `No import files in ${paths.join(", ")}${skipped > 0 ? ` (${skipped} other files skipped)` : ""}.`,
    hint: "Reports are read from .csv, .json, .ndjson, .jsonl and .md files.",
    exitCode: 2,
  })

/**
 * Runs the whole import as a stream: files are read a chunk at a time, parsed and checked by
 * core's readers and batcher, and each batch is sent as soon as it is cut, with up to
 * `concurrency` in flight; reading waits while they are (back-pressure), so memory holds a few
 * batches whatever the files' size. Events report progress; `stop` (Ctrl-C) ends the import
 * after the batches in flight. A failure after some batches were sent comes as ImportStopped,
 * carrying the summary of what was done.
 */
export const runImport = (
  input: ImportInput,
  stop: Deferred.Deferred<void>,
  onEvent: (event: ImportEvent) => void,
): Effect.Effect<ImportSummary, CliError> =>
  Effect.gen(function* () {
    const started = performance.now()
    const found = yield* findInputFiles(input.paths, input.format)
    if (found.files.length === 0) return yield* Effect.fail(noFiles(input.paths, found.skipped))
    // A report CSV whose header is wrong stops the import before anything is sent.
    yield* checkCsvHeaders(found.files)
    // Signed in is checked after the files, so a file problem is reported even when signed out.
    const target = yield* signedInTarget(input)
    const bytes = yield* totalBytes(found.files)
    onEvent({
      _tag: "Started",
      start: { url: target.url, files: found.files.map((f) => f.name), skippedFiles: found.skipped, bytes },
    })
    const flags: ImportFlags = { upsert: input.upsert, dryRun: input.dryRun }
    const importId = newImportId()
    const batcher = importBatcher({
      size: input.batchSize,
      maxBytes: input.maxBatchBytes ?? importBatchMaxBytes,
    })
    const issues: Array<ImportIssue> = []
    let totals = noTotals
    let batchesCut = 0
    let interrupted = false
    let failure: CliError | undefined
    const reading = { bytesRead: 0 }
    const stopping = () => interrupted || failure !== undefined
    yield* Deferred.await(stop).pipe(
      Effect.andThen(() => {
        interrupted = true
      }),
      Effect.fork,
    )

    const summary = (): ImportSummary => {
      const counts = batcher.counts()
      issues.push(...batcher.takeIssues())
      const elapsedMs = Math.round(performance.now() - started)
      const failed = counts.invalid + totals.failed
      const notSent = counts.valid - totals.sent
      return {
        ok: failed === 0 && notSent === 0 && !interrupted,
        url: target.url,
        dryRun: input.dryRun,
        upsert: input.upsert,
        files: found.files.map((file) => file.name),
        rows: {
          total: counts.rows,
          valid: counts.valid,
          sent: totals.sent,
          created: totals.created,
          updated: totals.updated,
          unchanged: totals.unchanged,
          failed,
          replayed: totals.replayed,
          notSent,
        },
        batches: { total: batchesCut, sent: totals.batches, replayed: totals.batchesReplayed },
        issues: sortIssues(
          issues,
          found.files.map((file) => file.name),
        ),
        interrupted,
        elapsedMs,
        // From the command's start to its end, reading and parsing included: the rate the user saw.
        rowsPerSecond:
          totals.sent === 0 || elapsedMs === 0 ? null : Math.round((totals.sent * 1000) / elapsedMs),
      }
    }

    const cut = (batches: ReadonlyArray<Batch>) => {
      batchesCut += batches.length
      return batches
    }
    const chunksOf = fileReader(found.files, reading)
    async function* batchesOfFiles(): AsyncGenerator<Batch> {
      for (const [index, file] of found.files.entries()) {
        const reader = importReader(file.name, file.format)
        for await (const chunk of chunksOf(index)) {
          if (stopping()) return
          yield* cut(batcher.add(reader.push(chunk)))
        }
        yield* cut(batcher.add(reader.end()))
      }
      yield* cut(batcher.finish())
    }

    yield* Stream.fromAsyncIterable(batchesOfFiles(), (error) =>
      error instanceof CliError ? error : new CliError({ code: "ReadError", message: String(error) }),
    ).pipe(
      Stream.takeWhile(() => !stopping()),
      Stream.mapEffect(
        (batch) =>
          stopping()
            ? Effect.succeed(undefined)
            : sendBatch(target, importId, batch, flags, stop, onEvent).pipe(
                // Only the place and size are kept: the rows go as soon as the answer is in.
                Effect.map((sent) =>
                  sent._tag === "Sent"
                    ? { batch: { index: batch.index, rows: batch.size }, result: sent.result }
                    : undefined,
                ),
                Effect.catchAll((error) =>
                  Effect.sync(() => {
                    // The other batches in flight finish (their outcome is then known); no new one starts.
                    failure ??= error
                    return undefined
                  }),
                ),
              ),
        { concurrency: Math.max(1, input.concurrency ?? defaultConcurrency) },
      ),
      Stream.runForEach((answered) =>
        Effect.sync(() => {
          if (answered === undefined) return
          totals = addBatchResult(totals, answered.batch.rows, answered.result)
          issues.push(...batcher.takeIssues(), ...answered.result.issues)
          onEvent({
            _tag: "BatchDone",
            batch: answered.batch,
            result: answered.result,
            totals,
            read: { ...batcher.counts(), bytesRead: reading.bytesRead },
          })
        }),
      ),
      // A file that cannot be read partway: what was sent stays counted, and the summary says so.
      Effect.catchAll((error) =>
        Effect.sync(() => {
          failure ??= error
        }),
      ),
    )
    if (failure !== undefined) return yield* Effect.fail(new ImportStopped(failure, summary()))
    return summary()
  })

/** Issues in the order of the files given, then by line. */
const sortIssues = (issues: ReadonlyArray<ImportIssue>, files: ReadonlyArray<string>): Array<ImportIssue> => {
  const order = new Map(files.map((file, index) => [file, index]))
  return [...issues].sort(
    (a, b) => (order.get(a.file) ?? files.length) - (order.get(b.file) ?? files.length) || a.line - b.line,
  )
}

/** A stop request that the import checks between batches (Ctrl-C, SIGTERM). */
export const makeStopSignal = (): {
  readonly stop: Deferred.Deferred<void>
  readonly request: () => void
} => {
  const stop = Deferred.unsafeMake<void>(FiberId.none)
  return { stop, request: () => Deferred.unsafeDone(stop, Exit.void) }
}
