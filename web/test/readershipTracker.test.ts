import { eventBatchMax, type ReportId, readDwellMs, type UserId } from "@folio/core"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  batchesOf,
  createQueue,
  type Host,
  queueDefaults,
  type WireEvent,
  watchReport,
} from "../src/readership/queue"

const reportId = "7d0e2c3a-6f7b-4c55-9a39-2f1f3f9d0a11" as ReportId
const otherReport = "0b9c7a42-1d7e-4f4e-8f1e-5d8f0c1b2a33" as ReportId
const ann = "5b1f0f2e-2d43-4a8e-9d5f-1a2b3c4d5e6f" as UserId
const bob = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" as UserId

/** A page in a test: a visibility switch, and a server whose answers the test chooses. */
const testHost = () => {
  let shown = true
  const listeners = new Set<() => void>()
  const posted: Array<ReadonlyArray<WireEvent>> = []
  const answers: Array<number | "offline"> = []
  const warnings: string[] = []
  let left = false
  const host: Host = {
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    visible: () => shown,
    onVisibilityChange: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    post: async (body) => {
      posted.push((JSON.parse(body) as { events: WireEvent[] }).events)
      const answer = answers.shift() ?? 200
      if (answer === "offline") throw new TypeError("Failed to fetch")
      return answer
    },
    warn: (message) => warnings.push(message),
    leaving: () => left,
  }
  const setVisible = (visible: boolean) => {
    shown = visible
    for (const listener of [...listeners]) listener()
  }
  const leave = () => {
    left = true
  }
  return { host, posted, answers, warnings, setVisible, listeners, leave }
}

/** A queue that keeps what is added, for the dwell rules alone. */
const recorder = () => {
  const events: WireEvent[] = []
  return {
    events,
    queue: {
      add: (event: WireEvent) => events.push(event),
      flush: async () => {},
      clear: () => {},
      size: () => 0,
    },
  }
}

const kinds = (events: ReadonlyArray<WireEvent>) => events.map((event) => event.kind)

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-02T09:00:00Z") })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("watchReport: a read is 16 s of visible dwell", () => {
  it("records the view at once and one read once the report has been visible 16 s", () => {
    const { host } = testHost()
    const { events, queue } = recorder()
    watchReport(host, queue, { reportId, userId: ann, openedAt: Date.now() })
    expect(kinds(events)).toEqual(["report_view"])
    expect(events[0]).toMatchObject({ reportId, userId: ann, at: "2026-03-02T09:00:00.000Z" })

    vi.advanceTimersByTime(readDwellMs - 1)
    expect(kinds(events)).toEqual(["report_view"])
    vi.advanceTimersByTime(1)
    expect(kinds(events)).toEqual(["report_view", "report_read"])
    expect(events[1]).toMatchObject({ durationMs: readDwellMs, at: "2026-03-02T09:00:16.000Z" })

    // Staying on longer adds nothing more.
    vi.advanceTimersByTime(10 * 60_000)
    expect(events).toHaveLength(2)
  })

  it("records no read when the page is left before 16 s, and stops listening", () => {
    const { host, listeners } = testHost()
    const { events, queue } = recorder()
    const end = watchReport(host, queue, { reportId, userId: ann, openedAt: Date.now() })
    vi.advanceTimersByTime(5_000)
    end()
    vi.advanceTimersByTime(60_000)
    expect(kinds(events)).toEqual(["report_view"])
    expect(listeners.size).toBe(0)
  })

  it("pauses the clock while the tab is hidden: 20 s open with 10 hidden is no read", () => {
    const { host, setVisible } = testHost()
    const { events, queue } = recorder()
    watchReport(host, queue, { reportId, userId: ann, openedAt: Date.now() })
    vi.advanceTimersByTime(5_000)
    setVisible(false)
    vi.advanceTimersByTime(10_000)
    setVisible(true)
    vi.advanceTimersByTime(5_000)
    expect(kinds(events)).toEqual(["report_view"])

    // Six more visible seconds make 16: the read, with the visible time only.
    vi.advanceTimersByTime(6_000)
    expect(kinds(events)).toEqual(["report_view", "report_read"])
    expect(events[1]?.durationMs).toBe(readDwellMs)
    expect(events[1]?.at).toBe("2026-03-02T09:00:26.000Z")
  })

  it("starts counting only once a report opened in a hidden tab is shown", () => {
    const { host, setVisible } = testHost()
    setVisible(false)
    const { events, queue } = recorder()
    watchReport(host, queue, { reportId, userId: ann, openedAt: Date.now() })
    vi.advanceTimersByTime(60_000)
    expect(kinds(events)).toEqual(["report_view"])
    setVisible(true)
    vi.advanceTimersByTime(readDwellMs)
    expect(kinds(events)).toEqual(["report_view", "report_read"])
  })

  it("ignores repeated visibility events of the same state", () => {
    const { host, setVisible } = testHost()
    const { events, queue } = recorder()
    watchReport(host, queue, { reportId, userId: ann, openedAt: Date.now() })
    vi.advanceTimersByTime(8_000)
    setVisible(true)
    vi.advanceTimersByTime(8_000)
    expect(kinds(events)).toEqual(["report_view", "report_read"])
  })

  it("counts from when the page was opened, even if the tracker started a little later", () => {
    const { host } = testHost()
    const { events, queue } = recorder()
    const openedAt = Date.now()
    vi.advanceTimersByTime(300)
    watchReport(host, queue, { reportId, userId: ann, openedAt })
    vi.advanceTimersByTime(readDwellMs - 300)
    expect(kinds(events)).toEqual(["report_view", "report_read"])
  })
})

describe("createQueue: batches to POST /api/events", () => {
  const view = (userId: UserId = ann, report: ReportId = reportId): WireEvent => ({
    kind: "report_view",
    reportId: report,
    userId,
    at: new Date().toISOString(),
  })

  it("sends once, 5 s after the first event, everything that arrived meanwhile", async () => {
    const { host, posted } = testHost()
    const queue = createQueue(host)
    queue.add(view())
    await vi.advanceTimersByTimeAsync(3_000)
    queue.add(view(ann, otherReport))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(posted).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(posted).toHaveLength(1)
    expect(posted[0]?.map((event) => event.reportId)).toEqual([reportId, otherReport])
    expect(queue.size()).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(posted).toHaveLength(1)
  })

  it("flush sends at once (the page is hidden or left)", async () => {
    const { host, posted } = testHost()
    const queue = createQueue(host)
    queue.add(view())
    await queue.flush()
    expect(posted).toHaveLength(1)
    // Nothing left to send when the timer would have fired.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(posted).toHaveLength(1)
  })

  it("keeps the events when the send fails (offline, 5xx) and tries again later, backing off", async () => {
    const { host, posted, answers } = testHost()
    const queue = createQueue(host)
    answers.push("offline", 503)
    queue.add(view())
    await queue.flush()
    expect(queue.size()).toBe(1)
    // Another event meanwhile: kept after the one that failed.
    queue.add(view(ann, otherReport))
    await vi.advanceTimersByTimeAsync(2 * queueDefaults.delayMs)
    expect(posted).toHaveLength(2)
    expect(queue.size()).toBe(2)
    await vi.advanceTimersByTimeAsync(4 * queueDefaults.delayMs - 1)
    expect(posted).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(posted).toHaveLength(3)
    expect(posted[2]?.map((event) => event.reportId)).toEqual([reportId, otherReport])
    expect(queue.size()).toBe(0)
  })

  it("a page being hidden or left sends what is new, not what went unanswered (it may still be on its way)", async () => {
    const { host, posted, answers } = testHost()
    const queue = createQueue(host)
    answers.push("offline")
    queue.add(view())
    await queue.flush()
    queue.add(view(ann, otherReport))
    await queue.flush({ unsure: false })
    expect(posted.map((batch) => batch.map((event) => event.reportId))).toEqual([[reportId], [otherReport]])
    expect(queue.size()).toBe(1)
    // The retry timer, with the page still there, sends it again.
    await vi.advanceTimersByTimeAsync(2 * queueDefaults.delayMs)
    expect(posted.map((batch) => batch.map((event) => event.reportId))).toEqual([
      [reportId],
      [otherReport],
      [reportId],
    ])
    expect(queue.size()).toBe(0)
  })

  it("does not send again what failed once the page is being left: the browser carries keepalive requests on", async () => {
    const { host, posted, answers, leave } = testHost()
    const queue = createQueue(host)
    answers.push("offline")
    queue.add(view())
    const sending = queue.flush()
    // The page is left while the request is in flight; the page then sees it fail.
    leave()
    await sending
    expect(queue.size()).toBe(0)
    await queue.flush()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(posted).toHaveLength(1)
  })

  it("drops a batch the server refuses (4xx): it never will be taken", async () => {
    const { host, posted, answers, warnings } = testHost()
    const queue = createQueue(host)
    answers.push(403)
    queue.add(view())
    await queue.flush()
    expect(queue.size()).toBe(0)
    expect(warnings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(posted).toHaveLength(1)
  })

  it("tries again after 429 and 408, which are not refusals", async () => {
    const { host, answers } = testHost()
    const queue = createQueue(host)
    answers.push(429)
    queue.add(view())
    await queue.flush()
    expect(queue.size()).toBe(1)
    answers.push(408)
    await queue.flush()
    expect(queue.size()).toBe(1)
  })

  it("sends each user's events in a batch of their own", async () => {
    const { host, posted, answers } = testHost()
    const queue = createQueue(host)
    queue.add(view(ann))
    queue.add(view(bob))
    queue.add(view(ann, otherReport))
    // Bob's batch is refused (he signed out): Ann's still counts.
    answers.push(200, 401)
    await queue.flush()
    expect(posted.map((batch) => batch.map((event) => event.userId))).toEqual([[ann, ann], [bob]])
    expect(queue.size()).toBe(0)
  })

  it("lets go of events older than the server takes (a day)", async () => {
    const { host, posted } = testHost()
    const queue = createQueue(host)
    queue.add({ ...view(), at: new Date(Date.now() - 25 * 3600_000).toISOString() })
    queue.add(view(ann, otherReport))
    await queue.flush()
    expect(posted).toEqual([[expect.objectContaining({ reportId: otherReport })]])
  })

  it("clear lets go of the queue and of what a send in flight would put back", async () => {
    const { host, answers } = testHost()
    const queue = createQueue(host)
    answers.push(503)
    queue.add(view())
    const sending = queue.flush()
    queue.clear()
    await sending
    expect(queue.size()).toBe(0)
  })

  it("holds at most maxQueued events, the newest", () => {
    const { host } = testHost()
    const queue = createQueue(host, { ...queueDefaults, maxQueued: 3 })
    for (let index = 0; index < 5; index++) queue.add(view())
    expect(queue.size()).toBe(3)
  })
})

describe("batchesOf", () => {
  const event = (index: number, userId: UserId = ann): WireEvent => ({
    kind: "report_read",
    reportId,
    userId,
    at: new Date(Date.UTC(2026, 2, 2, 9, 0, index)).toISOString(),
    durationMs: 16_000 + index,
  })

  it("keeps every body under the keepalive limit and every batch within the contract's maximum", () => {
    const events = Array.from({ length: 1_200 }, (_, index) => event(index))
    const batches = batchesOf(events, queueDefaults.maxBodyBytes)
    expect(batches.flat()).toEqual(events)
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(eventBatchMax)
      expect(new TextEncoder().encode(JSON.stringify({ events: batch })).length).toBeLessThanOrEqual(
        queueDefaults.maxBodyBytes,
      )
    }
    expect(batches.length).toBeGreaterThan(2)
  })

  it("splits at the contract's maximum when the bytes allow more", () => {
    const events = Array.from({ length: eventBatchMax + 1 }, (_, index) => event(index))
    expect(batchesOf(events, 10_000_000).map((batch) => batch.length)).toEqual([eventBatchMax, 1])
  })

  it("never mixes two users in one batch", () => {
    const batches = batchesOf([event(1, ann), event(2, bob), event(3, ann)], 60_000)
    expect(batches.map((batch) => batch.map((one) => one.userId))).toEqual([[ann, ann], [bob]])
  })
})
