import { apiPrefix } from "@folio/core"
import { noteServerDeployment } from "../api/deployment"
import { folioHeaders } from "../api/requestHeaders"
import { setReadershipFlush } from "./flush"
import { createQueue, type Host, type ReadershipQueue, type ReportVisit, watchReport } from "./queue"

/**
 * The console's readership tracker in the browser: one queue per page, posted a few seconds
 * after events arrive and at once when the page is hidden or left (queue.ts has the rules).
 */

const browserHost: Host = {
  now: () => Date.now(),
  // Looked up at each call, so a clock installed after this module loaded still drives it.
  setTimer: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimer: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
  visible: () => document.visibilityState === "visible",
  onVisibilityChange: (listener) => {
    document.addEventListener("visibilitychange", listener)
    return () => document.removeEventListener("visibilitychange", listener)
  },
  post: async (body) => {
    const headers = { ...folioHeaders(true), "content-type": "application/json" }
    const response = await fetch(`${apiPrefix}/events`, {
      method: "POST",
      // Outlives the page: a tab closed right after reading still delivers its events.
      keepalive: true,
      credentials: "same-origin",
      headers,
      body,
    })
    noteServerDeployment(response.headers)
    return response.status
  },
  warn: (message, detail) => console.warn(message, detail ?? ""),
  leaving: () => leaving,
}

let leaving = false

let shared: ReadershipQueue | undefined

const browserQueue = (): ReadershipQueue => {
  if (shared) return shared
  const queue = createQueue(browserHost)
  shared = queue
  // The page is being hidden or left: what went unanswered may still be on its way (keepalive).
  const flushNow = () => void queue.flush({ unsure: false })
  // `visibilitychange` to hidden is the last moment a page is sure to get (phones often skip
  // `pagehide`); `pagehide` covers a desktop tab closed or navigated away while shown.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushNow()
  })
  window.addEventListener("pagehide", () => {
    leaving = true
    flushNow()
  })
  // Back from the back/forward cache: the page lives on.
  window.addEventListener("pageshow", () => {
    leaving = false
  })
  window.addEventListener("online", () => void queue.flush())
  setReadershipFlush(async () => {
    await queue.flush()
    queue.clear()
  })
  return queue
}

/**
 * Announced on `window` when a visit is being timed, with `{ reportId }`: end-to-end tests move
 * their fake clock only after it (which also fakes `performance`, so a mark would not do).
 */
export const visitEvent = "folio:readership-visit"

/** Starts recording a visit of a report page; answers the function to call when the page is left. */
export const trackReport = (visit: ReportVisit): (() => void) => {
  const end = watchReport(browserHost, browserQueue(), visit)
  window.dispatchEvent(new CustomEvent(visitEvent, { detail: { reportId: visit.reportId } }))
  return end
}
