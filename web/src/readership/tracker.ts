import { apiPrefix, csrfHeaderName, deploymentHeaderName } from "@folio/core"
import { currentCsrfToken } from "../api/csrf"
import { consoleDeploymentId, noteServerDeployment } from "../api/deployment"
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
    const headers: Record<string, string> = { "content-type": "application/json" }
    const csrf = currentCsrfToken()
    if (csrf !== null) headers[csrfHeaderName] = csrf
    if (consoleDeploymentId !== undefined) headers[deploymentHeaderName] = consoleDeploymentId
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
}

let shared: ReadershipQueue | undefined

const browserQueue = (): ReadershipQueue => {
  if (shared) return shared
  const queue = createQueue(browserHost)
  shared = queue
  const flushNow = () => void queue.flush()
  // `visibilitychange` to hidden is the last moment a page is sure to get (phones often skip
  // `pagehide`); `pagehide` covers a desktop tab closed or navigated away while shown.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushNow()
  })
  window.addEventListener("pagehide", flushNow)
  window.addEventListener("online", flushNow)
  setReadershipFlush(async () => {
    await queue.flush()
    queue.clear()
  })
  return queue
}

/** Starts recording a visit of a report page; answers the function to call when the page is left. */
export const trackReport = (visit: ReportVisit): (() => void) =>
  watchReport(browserHost, browserQueue(), visit)
