import type { ImportEvent, Prepared } from "../services/reportImport.js"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible } from "./terminalText.js"

/**
 * One stream of import events, three renderers (as gatsby-cli's reporter): a live Ink bar in a
 * terminal, a plain line every few seconds when stderr is piped, and nothing with --json (whose
 * one document comes at the end).
 */

export interface ProgressState {
  readonly phase: "sending" | "stopping"
  readonly files: number
  /** Valid rows to send. */
  readonly total: number
  readonly sent: number
  /** Rows refused so far, locally and by the server. */
  readonly errors: number
  readonly batchesDone: number
  readonly batches: number
  readonly dryRun: boolean
  /** When sending began (performance.now()). */
  readonly startedAt: number
  /** The latest retry, until the next batch succeeds. */
  readonly retry: string | null
}

export interface ImportReporter {
  readonly onEvent: (event: ImportEvent) => void
  /** Ctrl-C was pressed once: finishing the batches in flight. */
  readonly stopping: () => void
  /** Removes any live display before the summary is printed. */
  readonly close: () => void
}

const n = (value: number): string => value.toLocaleString("en-US")

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${n(count)} ${count === 1 ? one : many}`

/** `45 s`, `3 min 20 s`, `1 h 5 min`. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export interface Rates {
  readonly percent: number
  readonly rowsPerSecond: number | null
  readonly etaMs: number | null
}

export const rates = (state: ProgressState, now: number): Rates => {
  const elapsed = now - state.startedAt
  const perSecond = state.sent > 0 && elapsed > 0 ? (state.sent * 1000) / elapsed : null
  return {
    percent: state.total === 0 ? 100 : Math.floor((state.sent * 100) / state.total),
    rowsPerSecond: perSecond === null ? null : Math.round(perSecond),
    etaMs: perSecond === null ? null : ((state.total - state.sent) / perSecond) * 1000,
  }
}

/** The parts of a progress line after the counts: rate, ETA, errors. */
export const progressDetails = (state: ProgressState, now: number): ReadonlyArray<string> => {
  const { rowsPerSecond, etaMs } = rates(state, now)
  return [
    rowsPerSecond === null ? "- rows/s" : `${n(rowsPerSecond)} rows/s`,
    etaMs === null ? "ETA -" : `ETA ${formatDuration(etaMs)}`,
    plural(state.errors, "error"),
  ]
}

/** What is about to happen, once the files are read. */
export const preparedLine = (prepared: Prepared, dryRun: boolean): string => {
  const read = `Read ${plural(prepared.rows, "row")} from ${plural(prepared.files.length, "file")}`
  const invalid = prepared.invalidRows > 0 ? ` (${n(prepared.invalidRows)} with errors)` : ""
  const batches = prepared.batches.length
  const verb = dryRun ? "checking" : "importing"
  return batches === 0
    ? `${read}${invalid}; nothing to send.`
    : `${read}${invalid}; ${verb} ${plural(prepared.validRows, "row")} in ${plural(batches, "batch", "batches")}.`
}

const initial = (prepared: Prepared, dryRun: boolean): ProgressState => ({
  phase: "sending",
  files: prepared.files.length,
  total: prepared.validRows,
  sent: 0,
  errors: prepared.invalidRows,
  batchesDone: 0,
  batches: prepared.batches.length,
  dryRun,
  startedAt: performance.now(),
  retry: null,
})

const advance = (state: ProgressState, event: ImportEvent): ProgressState => {
  switch (event._tag) {
    case "Prepared":
      return state
    case "BatchDone":
      return {
        ...state,
        sent: event.sentRows,
        errors: state.errors + event.result.failed,
        batchesDone: state.batchesDone + 1,
        retry: null,
      }
    case "Retrying":
      return {
        ...state,
        retry: `${visible(event.reason)} Retrying batch ${n(event.batch.index + 1)} in ${formatDuration(event.delayMs)} (attempt ${event.attempt + 1}).`,
      }
  }
}

/** Every few seconds a line on stderr: `Imported 3,000/9,950 rows (30%), 1,180 rows/s, ETA 6 s, 50 errors`. */
const plainReporter = (out: Output, dryRun: boolean, everyMs: number): ImportReporter => {
  let state: ProgressState | undefined
  let lastLine = 0
  const write = (line: string, tone?: "yellow") =>
    process.stderr.write(
      `${tone === undefined ? visible(line) : paint(out.colorStderr, tone, visible(line))}\n`,
    )
  return {
    onEvent: (event) => {
      if (event._tag === "Prepared") {
        state = initial(event.prepared, dryRun)
        write(preparedLine(event.prepared, dryRun))
        lastLine = performance.now()
        return
      }
      if (state === undefined) return
      state = advance(state, event)
      if (event._tag === "Retrying") {
        write(state.retry ?? "", "yellow")
        return
      }
      const now = performance.now()
      const last = state.batchesDone === state.batches
      // The first batch, then at most one line per interval; the summary follows the last.
      if (last || (state.batchesDone > 1 && now - lastLine < everyMs)) return
      lastLine = now
      const { percent } = rates(state, now)
      write(
        `${dryRun ? "Checked" : "Imported"} ${n(state.sent)}/${n(state.total)} rows (${percent}%), ${progressDetails(state, now).join(", ")}`,
      )
    },
    stopping: () =>
      write("Stopping after the batches in flight… (press Ctrl-C again to quit at once)", "yellow"),
    close: () => {},
  }
}

/** The Ink bar on stderr; loaded only in a terminal. */
const inkReporter = async (out: Output, dryRun: boolean): Promise<ImportReporter> => {
  const { mountImportProgress } = await import("./ImportProgressView.js")
  let state: ProgressState | undefined
  let view: ReturnType<typeof mountImportProgress> | undefined
  return {
    onEvent: (event) => {
      if (event._tag === "Prepared") {
        process.stderr.write(`${visible(preparedLine(event.prepared, dryRun))}\n`)
        state = initial(event.prepared, dryRun)
        if (state.batches > 0) view = mountImportProgress(state, out)
        return
      }
      if (state === undefined) return
      state = advance(state, event)
      view?.update(state)
    },
    stopping: () => {
      if (state !== undefined) {
        state = { ...state, phase: "stopping" }
        view?.update(state)
      }
    },
    close: () => {
      view?.close()
      view = undefined
    },
  }
}

export const importReporter = async (
  out: Output,
  dryRun: boolean,
  plainEveryMs = 2000,
): Promise<ImportReporter> => {
  if (out.json) return { onEvent: () => {}, stopping: () => {}, close: () => {} }
  if (out.interactive) return inkReporter(out, dryRun)
  return plainReporter(out, dryRun, plainEveryMs)
}
