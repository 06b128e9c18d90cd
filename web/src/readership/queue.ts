import {
  type ClientEventKind,
  eventBatchMax,
  eventMaxAgeMs,
  type ReportId,
  readDwellMs,
  type UserId,
} from "@folio/core"

/**
 * The readership tracker's rules (tracker.ts wires them to the browser): a report page records
 * `report_view` when opened and one `report_read` once it has been *visible* for `readDwellMs`
 * (the clock stops while the tab is hidden). Events wait in a queue that is posted to `POST /api/events` a few seconds after they
 * arrive, and at once when the page is hidden or left, with `fetch(…, { keepalive: true })` so a
 * closed tab still delivers them with the CSRF header (which `sendBeacon` cannot send).
 *
 * Time comes from `Date.now` and `setTimeout` only, so a fake clock (Playwright's `page.clock`,
 * Vitest's fake timers) drives it. The logic takes its surroundings as a `Host` to be testable.
 */

/** One event as posted: core's `ClientEvent` in its JSON form. */
export interface WireEvent {
  readonly kind: ClientEventKind
  readonly reportId: ReportId
  readonly at: string
  readonly userId: UserId
  readonly durationMs?: number
}

export interface Host {
  readonly now: () => number
  readonly setTimer: (run: () => void, ms: number) => unknown
  readonly clearTimer: (timer: unknown) => void
  readonly visible: () => boolean
  /** Calls `listener` on every visibility change; answers a function that stops. */
  readonly onVisibilityChange: (listener: () => void) => () => void
  /** Posts one batch (JSON); answers the HTTP status, or rejects when nothing was answered. */
  readonly post: (body: string) => Promise<number>
  readonly warn: (message: string, detail?: unknown) => void
  /**
   * Whether the page is being left (`pagehide`). A keepalive request in flight then is carried on
   * by the browser while the page sees it fail: trying it again would count it twice.
   */
  readonly leaving: () => boolean
}

export interface QueueOptions {
  /** How long after the first unsent event a batch goes out. */
  readonly delayMs: number
  /** Keepalive requests may carry 64 KiB in all; each batch stays under this. */
  readonly maxBodyBytes: number
  /** Beyond this, the oldest unsent events are let go (a long time offline). */
  readonly maxQueued: number
  /** The longest wait between two attempts after failures. */
  readonly maxRetryMs: number
}

export const queueDefaults: QueueOptions = {
  delayMs: 5_000,
  maxBodyBytes: 60_000,
  maxQueued: 2_000,
  maxRetryMs: 5 * 60_000,
}

export interface ReadershipQueue {
  readonly add: (event: WireEvent) => void
  /**
   * Posts what is queued now; settles once every batch was answered (or failed). With `unsure`
   * false (the page is being hidden or left), what went unanswered before waits for the retry:
   * the browser may be carrying those requests on still.
   */
  readonly flush: (options?: { readonly unsure: boolean }) => Promise<void>
  /** Lets go of everything queued, and of what failed sends would have put back. */
  readonly clear: () => void
  readonly size: () => number
}

const byteLength = (text: string): number => new TextEncoder().encode(text).length

/**
 * Batches of one user's events each (the server refuses a batch naming anyone but the caller),
 * at most `eventBatchMax` events and `maxBodyBytes` bytes each.
 */
export const batchesOf = (events: ReadonlyArray<WireEvent>, maxBodyBytes: number): WireEvent[][] => {
  const byUser = new Map<string, WireEvent[]>()
  for (const event of events) {
    const list = byUser.get(event.userId)
    if (list) list.push(event)
    else byUser.set(event.userId, [event])
  }
  const batches: WireEvent[][] = []
  // `{"events":[` + `]}`, and a comma between two events.
  const overhead = 13
  for (const list of byUser.values()) {
    let batch: WireEvent[] = []
    let bytes = overhead
    for (const event of list) {
      const size = byteLength(JSON.stringify(event)) + 1
      if (batch.length > 0 && (batch.length >= eventBatchMax || bytes + size > maxBodyBytes)) {
        batches.push(batch)
        batch = []
        bytes = overhead
      }
      batch.push(event)
      bytes += size
    }
    if (batch.length > 0) batches.push(batch)
  }
  return batches
}

/** Answers worth trying again: none at all (offline), a timeout, too many requests, or a server fault. */
const retryable = (status: number | undefined): boolean =>
  status === undefined || status === 408 || status === 429 || status >= 500

export const createQueue = (host: Host, options: QueueOptions = queueDefaults): ReadershipQueue => {
  // Never sent, or refused with an answer (5xx, 429): safe to send again at any time.
  let queued: WireEvent[] = []
  // Sent, and no answer came (offline, or the request cut off while the page is left): tried
  // again by the retry timer, never by the flush of a page being hidden or left.
  let unsure: WireEvent[] = []
  let timer: unknown
  let failures = 0
  // Bumped by `clear`: sends begun before it put nothing back.
  let generation = 0

  const schedule = (ms: number) => {
    if (timer !== undefined) return
    timer = host.setTimer(() => {
      timer = undefined
      void flush()
    }, ms)
  }

  const cancelTimer = () => {
    if (timer === undefined) return
    host.clearTimer(timer)
    timer = undefined
  }

  const send = async (batch: ReadonlyArray<WireEvent>): Promise<"sent" | "retry" | "unsure" | "dropped"> => {
    let status: number
    try {
      status = await host.post(JSON.stringify({ events: batch }))
    } catch {
      // The page being left cuts its requests off, while the browser carries keepalive ones on:
      // most likely delivered then. Otherwise (offline) tried again later.
      return host.leaving() ? "sent" : "unsure"
    }
    if (status >= 200 && status < 300) return "sent"
    if (retryable(status)) return "retry"
    // Refused (not the caller's, a report they may not read, signed out): it never will be taken.
    host.warn(`Folio: ${batch.length} readership event(s) refused (HTTP ${status})`)
    return "dropped"
  }

  const trimmed = (events: WireEvent[]) => events.slice(-options.maxQueued)

  const flush = async ({ unsure: withUnsure = true }: { readonly unsure: boolean } = { unsure: true }) => {
    if (withUnsure) cancelTimer()
    // The server refuses events older than a day: they are let go rather than sink a batch.
    const oldest = host.now() - eventMaxAgeMs + 60_000
    const taken = (withUnsure ? [...unsure, ...queued] : queued).filter(
      (event) => Date.parse(event.at) > oldest,
    )
    queued = []
    if (withUnsure) unsure = []
    if (taken.length === 0) return
    const started = generation
    const outcomes = await Promise.all(
      batchesOf(taken, options.maxBodyBytes).map(async (batch) => ({ batch, outcome: await send(batch) })),
    )
    if (generation !== started) return
    const failed = (outcome: string) =>
      outcomes.filter((one) => one.outcome === outcome).flatMap(({ batch }) => batch)
    const retry = failed("retry")
    const unanswered = failed("unsure")
    if (retry.length > 0 || unanswered.length > 0) {
      // Back in front, in their order; tried again later, a little later each time.
      queued = trimmed([...retry, ...queued])
      unsure = trimmed([...unsure, ...unanswered])
      failures += 1
      cancelTimer()
      schedule(Math.min(options.delayMs * 2 ** failures, options.maxRetryMs))
    } else {
      failures = 0
      if (queued.length > 0 || unsure.length > 0) schedule(options.delayMs)
    }
  }

  return {
    add: (event) => {
      queued = trimmed([...queued, event])
      schedule(options.delayMs)
    },
    flush,
    clear: () => {
      cancelTimer()
      queued = []
      unsure = []
      failures = 0
      generation += 1
    },
    size: () => queued.length + unsure.length,
  }
}

export interface ReportVisit {
  readonly reportId: ReportId
  readonly userId: UserId
  /** When the page was opened (`Date.now()`): the view's time, and when visible dwell began. */
  readonly openedAt: number
}

/**
 * Records a visit of a report page: the view at once, the read after `readDwellMs` of visible
 * dwell. Answers the function that ends the visit (the page left): no read if it came too soon.
 */
export const watchReport = (host: Host, queue: ReadershipQueue, visit: ReportVisit): (() => void) => {
  const { reportId, userId } = visit
  queue.add({ kind: "report_view", reportId, userId, at: new Date(visit.openedAt).toISOString() })
  let dwelt = 0
  let visibleSince: number | undefined = host.visible() ? Math.min(visit.openedAt, host.now()) : undefined
  let timer: unknown
  let over = false

  const elapsed = () => dwelt + (visibleSince === undefined ? 0 : host.now() - visibleSince)
  const stopTimer = () => {
    if (timer !== undefined) host.clearTimer(timer)
    timer = undefined
  }
  const arm = () => {
    stopTimer()
    timer = host.setTimer(check, Math.max(0, readDwellMs - elapsed()))
  }
  const check = () => {
    timer = undefined
    if (over || visibleSince === undefined) return
    const total = elapsed()
    // A timer may fire a little early by another clock: wait for the rest.
    if (total < readDwellMs) return arm()
    end()
    queue.add({
      kind: "report_read",
      reportId,
      userId,
      at: new Date(host.now()).toISOString(),
      durationMs: Math.round(total),
    })
  }
  const changed = () => {
    if (over) return
    if (host.visible()) {
      if (visibleSince !== undefined) return
      visibleSince = host.now()
      arm()
    } else if (visibleSince !== undefined) {
      dwelt += host.now() - visibleSince
      visibleSince = undefined
      stopTimer()
    }
  }
  const stopListening = host.onVisibilityChange(changed)
  const end = () => {
    over = true
    stopTimer()
    stopListening()
  }
  if (visibleSince !== undefined) arm()
  return end
}
