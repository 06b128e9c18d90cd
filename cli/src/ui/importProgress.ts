import { plural } from "@folio/core"
import type { ImportStart } from "../services/reportImport.js"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible } from "./terminalText.js"

/**
 * One stream of import events, three renderers (as gatsby-cli's reporter): a live Ink bar in a
 * terminal, a plain line every few seconds when stderr is piped, and nothing with --json (whose
 * one document comes at the end).
 */

/**
 * What the renderers read of an import's events: the report import's `ImportEvent` is one, and
 * `folio kpis import` sends the same three with its own batch results left out.
 */
export type ProgressEvent =
  | { readonly _tag: "Started"; readonly start: ImportStart }
  | {
      readonly _tag: "BatchDone"
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

export interface ProgressState {
  readonly phase: "sending" | "stopping"
  readonly files: number
  /** The files' size; null when reading stdin. */
  readonly bytesTotal: number | null
  readonly bytesRead: number
  /** Rows read so far (valid or not). */
  readonly read: number
  /** Rows sent and answered. */
  readonly sent: number
  /** Rows refused so far, locally and by the server. */
  readonly errors: number
  readonly batchesDone: number
  readonly dryRun: boolean
  /** When the command began (performance.now()): rates count reading and parsing too. */
  readonly startedAt: number
  /** The latest retry, until the next batch succeeds. */
  readonly retry: string | null
}

export interface ImportReporter {
  readonly onEvent: (event: ProgressEvent) => void
  /** Ctrl-C was pressed once: finishing the batches in flight. */
  readonly stopping: () => void
  /** Removes any live display before the summary is printed. */
  readonly close: () => void
}

const n = (value: number): string => value.toLocaleString("en-US")

/** `45 s`, `3 min 20 s`, `1 h 5 min`. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** `812 KB`, `4.2 MB`, `1.1 GB`. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} B`
  const units = ["KB", "MB", "GB", "TB"]
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

export interface Rates {
  /** Of the files' bytes read; null for stdin. */
  readonly percent: number | null
  readonly rowsPerSecond: number | null
  readonly etaMs: number | null
}

export const rates = (state: ProgressState, now: number): Rates => {
  const elapsed = now - state.startedAt
  const perSecond = state.sent > 0 && elapsed > 0 ? (state.sent * 1000) / elapsed : null
  const fraction =
    state.bytesTotal === null
      ? null
      : state.bytesTotal === 0
        ? 1
        : Math.min(1, state.bytesRead / state.bytesTotal)
  return {
    percent: fraction === null ? null : Math.floor(fraction * 100),
    rowsPerSecond: perSecond === null ? null : Math.round(perSecond),
    etaMs: fraction === null || fraction === 0 || elapsed <= 0 ? null : (elapsed * (1 - fraction)) / fraction,
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

/** What is about to happen, once the files are found. */
export const startedLine = (start: ImportStart, dryRun: boolean): string => {
  const what = plural(start.files.length, "file")
  const size = start.bytes === null ? "" : ` (${formatBytes(start.bytes)})`
  const skipped = start.skippedFiles > 0 ? `; ${plural(start.skippedFiles, "other file")} skipped` : ""
  return `${dryRun ? "Checking" : "Importing"} ${what}${size}, sending batches as they are read${skipped}.`
}

const initial = (start: ImportStart, dryRun: boolean, startedAt: number): ProgressState => ({
  phase: "sending",
  files: start.files.length,
  bytesTotal: start.bytes,
  bytesRead: 0,
  read: 0,
  sent: 0,
  errors: 0,
  batchesDone: 0,
  dryRun,
  startedAt,
  retry: null,
})

const advance = (state: ProgressState, event: ProgressEvent): ProgressState => {
  switch (event._tag) {
    case "Started":
      return state
    case "BatchDone":
      return {
        ...state,
        bytesRead: event.read.bytesRead,
        read: event.read.rows,
        sent: event.totals.sent,
        errors: event.read.invalid + event.totals.failed,
        batchesDone: event.totals.batches,
        retry: null,
      }
    case "Retrying":
      return {
        ...state,
        retry: `${visible(event.reason)} Retrying batch ${n(event.batch.index + 1)} in ${formatDuration(event.delayMs)} (attempt ${event.attempt + 1}).`,
      }
  }
}

/** `Imported 3,000 rows (30% read)`: the counts part of a progress line. */
export const progressCounts = (state: ProgressState, now: number): string => {
  const { percent } = rates(state, now)
  return `${state.dryRun ? "Checked" : "Imported"} ${plural(state.sent, "row")}${percent === null ? "" : ` (${percent}% read)`}`
}

/** Every few seconds a line on stderr: `Imported 3,000/9,950 rows (30%), 1,180 rows/s, ETA 6 s, 50 errors`. */
const plainReporter = (out: Output, dryRun: boolean, everyMs: number, startedAt: number): ImportReporter => {
  let state: ProgressState | undefined
  let lastLine = 0
  const write = (line: string, tone?: "yellow") =>
    process.stderr.write(
      `${tone === undefined ? visible(line) : paint(out.colorStderr, tone, visible(line))}\n`,
    )
  return {
    onEvent: (event) => {
      if (event._tag === "Started") {
        state = initial(event.start, dryRun, startedAt)
        write(startedLine(event.start, dryRun))
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
      // The first batch, then at most one line per interval; the summary follows the last.
      if (state.batchesDone > 1 && now - lastLine < everyMs) return
      lastLine = now
      write(`${progressCounts(state, now)}, ${progressDetails(state, now).join(", ")}`)
    },
    stopping: () =>
      write("Stopping after the batches in flight… (press Ctrl-C again to quit at once)", "yellow"),
    close: () => {},
  }
}

/** The Ink bar on stderr; loaded only in a terminal. */
const inkReporter = async (out: Output, dryRun: boolean, startedAt: number): Promise<ImportReporter> => {
  const { mountImportProgress } = await import("./ImportProgressView.js")
  let state: ProgressState | undefined
  let view: ReturnType<typeof mountImportProgress> | undefined
  return {
    onEvent: (event) => {
      if (event._tag === "Started") {
        process.stderr.write(`${visible(startedLine(event.start, dryRun))}\n`)
        state = initial(event.start, dryRun, startedAt)
        view = mountImportProgress(state, out)
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
  startedAt = performance.now(),
): Promise<ImportReporter> => {
  if (out.json) return { onEvent: () => {}, stopping: () => {}, close: () => {} }
  if (out.interactive) return inkReporter(out, dryRun, startedAt)
  return plainReporter(out, dryRun, plainEveryMs, startedAt)
}
