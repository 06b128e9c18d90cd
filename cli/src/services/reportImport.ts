import { createHash } from "node:crypto"
import {
  cutIntoBatches,
  encodeRecord,
  type ImportFormat,
  type ImportIssue,
  type ImportRow,
  importBatchMaxBytes,
  parseImportFile,
  type ReportImportResult,
  validateRecord,
} from "@folio/core"
import { Deferred, Effect, Either, Exit, FiberId } from "effect"
import { send, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { type ClientFailure, describeFailure, isTransient, retryAfterMs } from "../failures.js"
import { findInputFiles, readInputFile } from "./importFiles.js"

/**
 * `folio reports import`: read every file, parse and validate each row with core (the same code
 * the console and the server run), then send the valid rows in batches. Each batch carries a key
 * derived from its content and flags, so running the same command again after an interruption
 * sends the same batches under the same keys, and the server answers the ones it has already
 * applied from its record (`replayed`) instead of writing them twice.
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

export interface Batch {
  readonly index: number
  readonly key: string
  readonly rows: ReadonlyArray<ImportRow>
  readonly bytes: number
}

export interface Prepared {
  readonly url: string
  readonly files: ReadonlyArray<string>
  /** Files inside the given folders that were not import files. */
  readonly skippedFiles: number
  /** Every row read, valid or not. */
  readonly rows: number
  readonly validRows: number
  /** Rows refused before sending (with at least one issue each), plus unreadable files. */
  readonly invalidRows: number
  readonly issues: ReadonlyArray<ImportIssue>
  readonly batches: ReadonlyArray<Batch>
}

export type ImportEvent =
  | { readonly _tag: "Prepared"; readonly prepared: Prepared }
  | {
      readonly _tag: "BatchDone"
      readonly batch: Batch
      readonly result: ReportImportResult
      readonly sentRows: number
      readonly failedRows: number
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

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex")

/**
 * The batch key: a hash of exactly what the batch asks the server to do (its rows with their
 * file names and lines, upsert, dry run). The same command over the same files cuts the same
 * batches and so sends the same keys; any change to a row gives its batch a new key.
 */
export const batchKey = (
  rows: ReadonlyArray<{ readonly file: string; readonly line: number; readonly json: string }>,
  flags: { readonly upsert: boolean; readonly dryRun: boolean },
): string =>
  `folio-import-v1-${sha256(
    `${JSON.stringify({ upsert: flags.upsert, dryRun: flags.dryRun })}\n${rows
      .map((row) => `${JSON.stringify(row.file)}:${row.line}:${row.json}`)
      .join("\n")}`,
  )}`

/** Cuts rows into batches of at most `size` rows and `maxBytes` of JSON, in order. */
export const cutBatches = (
  rows: ReadonlyArray<{ readonly row: ImportRow; readonly json: string }>,
  flags: { readonly upsert: boolean; readonly dryRun: boolean },
  size: number,
  maxBytes: number,
): ReadonlyArray<Batch> => {
  // The row's JSON plus the envelope around it ({"file":…,"line":…,"record":…},).
  const bytesOf = (entry: { readonly row: ImportRow; readonly json: string }) =>
    Buffer.byteLength(entry.json) + Buffer.byteLength(entry.row.file) + 40
  return cutIntoBatches(rows, { size, maxBytes }, bytesOf).map((entries, index) => ({
    index,
    key: batchKey(
      entries.map(({ row, json }) => ({ file: row.file, line: row.line, json })),
      flags,
    ),
    rows: entries.map(({ row }) => row),
    bytes: entries.reduce((sum, entry) => sum + bytesOf(entry), 0),
  }))
}

/**
 * Reads, parses and validates every file, and cuts the valid rows into batches. A row whose
 * externalId an earlier row of the same import already uses is refused: the two would overwrite
 * each other (with --upsert) or conflict (without), depending only on the order of the files.
 */
export const prepareImport = (input: ImportInput): Effect.Effect<Omit<Prepared, "url">, CliError> =>
  Effect.gen(function* () {
    const found = yield* findInputFiles(input.paths, input.format)
    if (found.files.length === 0)
      return yield* Effect.fail(
        new CliError({
          code: "UsageError",
          message: `No import files in ${input.paths.join(", ")}${found.skipped > 0 ? ` (${found.skipped} other files skipped)` : ""}.`,
          hint: "Reports are read from .csv, .json, .ndjson, .jsonl and .md files.",
          exitCode: 2,
        }),
      )
    const issues: Array<ImportIssue> = []
    const valid: Array<{ readonly row: ImportRow; readonly json: string }> = []
    const externalIds = new Map<string, string>()
    let rows = 0
    let invalidRows = 0
    for (const file of found.files) {
      const text = yield* readInputFile(file)
      const parsed = parseImportFile(file.name, text, file.format)
      // A parse issue is a row (or a whole file) that could not be read at all; a row the parser
      // both read and complained about (a stray quote) is refused too.
      issues.push(...parsed.issues)
      const unreadable = new Set(parsed.issues.map((issue) => issue.line))
      invalidRows += unreadable.size
      rows += unreadable.size
      for (const raw of parsed.records) {
        if (unreadable.has(raw.line)) continue
        rows++
        const checked = validateRecord(raw)
        if (Either.isLeft(checked)) {
          issues.push(...checked.left)
          invalidRows++
          continue
        }
        const { record } = checked.right
        if (record.externalId !== undefined) {
          const earlier = externalIds.get(record.externalId)
          if (earlier !== undefined) {
            issues.push({
              file: raw.file,
              line: raw.line,
              field: "externalId",
              message: `externalId "${record.externalId}" is already used at ${earlier}`,
            })
            invalidRows++
            continue
          }
          externalIds.set(record.externalId, `${raw.file}:${raw.line}`)
        }
        valid.push({
          row: { file: raw.file, line: raw.line, record },
          json: JSON.stringify(encodeRecord(record)),
        })
      }
    }
    const batches = cutBatches(
      valid,
      { upsert: input.upsert, dryRun: input.dryRun },
      input.batchSize,
      input.maxBatchBytes ?? importBatchMaxBytes,
    )
    return {
      files: found.files.map((file) => file.name),
      skippedFiles: found.skipped,
      rows,
      validRows: valid.length,
      invalidRows,
      issues,
      batches,
    }
  })

/** Back-off before retry `attempt` (1-based): 0.5 s, 1 s, 2 s … capped at 30 s, with jitter. */
const backoffMs = (attempt: number): number =>
  Math.min(30_000, 500 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5)

type Sent = { readonly _tag: "Sent"; readonly result: ReportImportResult } | { readonly _tag: "Stopped" }

/**
 * Sends one batch, retrying transient failures (network, timeouts, 5xx, rate limits) with
 * back-off. Retrying is safe because the key is the same: a batch that did reach the server is
 * answered from its record. A stop request cuts a back-off pause short; it never aborts a
 * request in flight, whose outcome would otherwise be unknown.
 */
const sendBatch = (
  target: Target,
  batch: Batch,
  flags: { readonly upsert: boolean; readonly dryRun: boolean },
  stop: Deferred.Deferred<void>,
  onEvent: (event: ImportEvent) => void,
): Effect.Effect<Sent, CliError> =>
  Effect.gen(function* () {
    for (let attempt = 1; ; attempt++) {
      const outcome = yield* Effect.either(
        send(
          target,
          (client) =>
            client.reports.import({
              payload: { batchKey: batch.key, upsert: flags.upsert, dryRun: flags.dryRun, rows: batch.rows },
            }),
          batchTimeoutSeconds,
        ),
      )
      if (Either.isRight(outcome)) return { _tag: "Sent", result: outcome.right } as const
      const error: ClientFailure = outcome.left
      const described = describeFailure(target, batchTimeoutSeconds)(error)
      if (!isTransient(error) || attempt >= maxAttempts) return yield* Effect.fail(described)
      const delayMs = Math.round(retryAfterMs(error) ?? backoffMs(attempt))
      onEvent({ _tag: "Retrying", batch, attempt, delayMs, reason: described.message })
      const stopped = yield* Effect.raceFirst(
        Effect.sleep(delayMs).pipe(Effect.as(false)),
        Deferred.await(stop).pipe(Effect.as(true)),
      )
      if (stopped) return { _tag: "Stopped" } as const
    }
  })

/** Why the import stopped early: what the user asked, or what went wrong (with the summary so far). */
export class ImportStopped extends CliError {
  readonly summary: ImportSummary
  constructor(error: CliError, summary: ImportSummary) {
    super({ code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode })
    this.summary = summary
  }
}

/**
 * Runs the whole import. Events report progress as it happens; `stop` (Ctrl-C) ends the import
 * after the batches in flight. A failure after some batches were sent comes as ImportStopped,
 * carrying the summary of what was done.
 */
export const runImport = (
  input: ImportInput,
  stop: Deferred.Deferred<void>,
  onEvent: (event: ImportEvent) => void,
): Effect.Effect<ImportSummary, CliError> =>
  Effect.gen(function* () {
    const local = yield* prepareImport(input)
    // Signed in is checked after reading, so a file problem is reported even when signed out.
    const target = yield* signedInTarget(input)
    const prepared: Prepared = { url: target.url, ...local }
    onEvent({ _tag: "Prepared", prepared })
    const flags = { upsert: input.upsert, dryRun: input.dryRun }
    const issues: Array<ImportIssue> = [...prepared.issues]
    const totals = { sent: 0, created: 0, updated: 0, unchanged: 0, failed: 0, replayed: 0 }
    let batchesSent = 0
    let batchesReplayed = 0
    let interrupted = false
    const started = performance.now()

    const summary = (): ImportSummary => {
      const elapsedMs = Math.round(performance.now() - started)
      const failed = prepared.invalidRows + totals.failed
      const notSent = prepared.validRows - totals.sent
      return {
        ok: failed === 0 && notSent === 0 && !interrupted,
        url: target.url,
        dryRun: input.dryRun,
        upsert: input.upsert,
        files: prepared.files,
        rows: {
          total: prepared.rows,
          valid: prepared.validRows,
          sent: totals.sent,
          created: totals.created,
          updated: totals.updated,
          unchanged: totals.unchanged,
          failed,
          replayed: totals.replayed,
          notSent,
        },
        batches: { total: prepared.batches.length, sent: batchesSent, replayed: batchesReplayed },
        issues: sortIssues(issues, prepared.files),
        interrupted,
        elapsedMs,
        rowsPerSecond:
          totals.sent === 0 || elapsedMs === 0 ? null : Math.round((totals.sent * 1000) / elapsedMs),
      }
    }

    // Up to `concurrency` batches are in flight: while PostgreSQL writes one, the next is being
    // encoded, sent and checked. Batches are independent (the server refuses an externalId used
    // twice in one import before anything is sent), so their order does not matter, and each
    // batch's key makes a retry or a re-run safe whichever of them had landed.
    let next = 0
    let failure: CliError | undefined
    const worker = Effect.gen(function* () {
      while (next < prepared.batches.length && failure === undefined && !interrupted) {
        if (yield* Deferred.isDone(stop)) {
          interrupted = true
          break
        }
        const batch = prepared.batches[next++] as Batch
        const sent = yield* Effect.either(sendBatch(target, batch, flags, stop, onEvent))
        if (Either.isLeft(sent)) {
          // The other workers finish their batch in flight (its outcome is then known) and stop.
          failure ??= sent.left
          break
        }
        if (sent.right._tag === "Stopped") {
          interrupted = true
          break
        }
        const { result } = sent.right
        batchesSent++
        totals.sent += batch.rows.length
        totals.created += result.created
        totals.updated += result.updated
        totals.unchanged += result.unchanged
        totals.failed += result.failed
        if (result.replayed) {
          batchesReplayed++
          totals.replayed += batch.rows.length
        }
        issues.push(...result.issues)
        onEvent({ _tag: "BatchDone", batch, result, sentRows: totals.sent, failedRows: totals.failed })
      }
    })
    const workers = Math.max(1, Math.min(input.concurrency ?? defaultConcurrency, prepared.batches.length))
    yield* Effect.all(
      Array.from({ length: workers }, () => worker),
      { concurrency: "unbounded", discard: true },
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
