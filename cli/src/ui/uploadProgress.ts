import type { UploadEvent } from "../services/podcastUpload.js"
import { formatBytes, formatDuration } from "./importProgress.js"
import type { Output } from "./output.js"
import { paint } from "./style.js"
import { visible } from "./terminalText.js"

/**
 * The upload's progress, three ways (as the import's): a live Ink bar on stderr in a terminal, a
 * plain line every few seconds when stderr is piped, nothing with --json.
 */

export interface UploadState {
  readonly name: string
  readonly total: number
  readonly sent: number
  /** performance.now() when the first byte went. */
  readonly startedAt: number
  /** The latest retry, until bytes move again. */
  readonly retry: string | null
}

export interface UploadFigures {
  readonly percent: number
  /** Bytes a second since the start; null in the first quarter second. */
  readonly bytesPerSecond: number | null
  readonly etaMs: number | null
}

export const uploadFigures = (state: UploadState, now: number): UploadFigures => {
  const elapsed = now - state.startedAt
  const fraction = state.total === 0 ? 1 : Math.min(1, state.sent / state.total)
  // Under a quarter second the rate would be noise; a small file's whole upload may be that short.
  const rate = elapsed >= 250 && state.sent > 0 ? (state.sent * 1000) / elapsed : null
  return {
    percent: Math.floor(fraction * 100),
    bytesPerSecond: rate,
    etaMs: rate === null ? null : ((state.total - state.sent) / rate) * 1000,
  }
}

/** `12 MB of 45 MB (26%), 3.1 MB/s, ETA 11 s`. */
export const uploadLine = (state: UploadState, now: number): string => {
  const { percent, bytesPerSecond, etaMs } = uploadFigures(state, now)
  return [
    `${formatBytes(state.sent)} of ${formatBytes(state.total)} (${percent}%)`,
    bytesPerSecond === null ? "- MB/s" : `${formatBytes(Math.round(bytesPerSecond))}/s`,
    etaMs === null ? "ETA -" : `ETA ${formatDuration(etaMs)}`,
  ].join(", ")
}

const advance = (state: UploadState, event: UploadEvent): UploadState =>
  event._tag === "Progress"
    ? { ...state, sent: event.sent, total: event.total, retry: null }
    : {
        ...state,
        retry: `${event.reason} Retrying in ${formatDuration(event.delayMs)} (attempt ${event.attempt}); the upload goes on from where the server has it.`,
      }

export interface UploadReporter {
  readonly onEvent: (event: UploadEvent) => void
  /** Removes any live display before the result is printed. */
  readonly close: () => void
}

const plainReporter = (out: Output, initial: UploadState, everyMs: number): UploadReporter => {
  let state = initial
  let lastLine = 0
  let printedAll = false
  const write = (line: string, tone?: "yellow") =>
    process.stderr.write(
      `${tone === undefined ? visible(line) : paint(out.colorStderr, tone, visible(line))}\n`,
    )
  write(`Uploading ${state.name} (${formatBytes(state.total)})…`)
  return {
    onEvent: (event) => {
      state = advance(state, event)
      if (event._tag === "Retrying") {
        write(state.retry ?? "", "yellow")
        return
      }
      const now = performance.now()
      const finished = state.sent >= state.total
      // tus reports the last chunk's end more than once: the whole file is one line.
      if (finished ? printedAll : now - lastLine < everyMs) return
      lastLine = now
      printedAll = finished
      write(`Uploaded ${uploadLine(state, now)}`)
    },
    close: () => {},
  }
}

const inkReporter = async (out: Output, initial: UploadState): Promise<UploadReporter> => {
  const { mountUploadProgress } = await import("./UploadProgressView.js")
  let state = initial
  const view = mountUploadProgress(state, out)
  return {
    onEvent: (event) => {
      state = advance(state, event)
      view.update(state)
    },
    close: () => view.close(),
  }
}

export const uploadReporter = async (
  out: Output,
  file: { readonly name: string; readonly size: number },
  plainEveryMs = 2000,
): Promise<UploadReporter> => {
  const initial: UploadState = {
    name: file.name,
    total: file.size,
    sent: 0,
    startedAt: performance.now(),
    retry: null,
  }
  if (out.json) return { onEvent: () => {}, close: () => {} }
  if (out.interactive) return inkReporter(out, initial)
  return plainReporter(out, initial, plainEveryMs)
}
