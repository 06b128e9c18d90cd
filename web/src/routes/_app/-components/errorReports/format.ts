import type { StackFrame } from "@folio/core"

/** "840 ms", "1.2 s", "2 min 5 s": a span's duration at a glance. */
export const formatMs = (ms: number): string => {
  if (!Number.isFinite(ms) || ms < 0) return "–"
  if (ms < 1) return "< 1 ms"
  if (ms < 1_000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`
  const minutes = Math.floor(ms / 60_000)
  const seconds = Math.round((ms % 60_000) / 1_000)
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

/** The file part of a frame's URL: `https://folio.example/assets/app-1a2b.js` → `/assets/app-1a2b.js`. */
export const shortFilename = (filename: string | null): string => {
  if (filename === null || filename === "") return "<unknown>"
  try {
    const url = new URL(filename)
    return url.origin === window.location.origin ? url.pathname : `${url.host}${url.pathname}`
  } catch {
    return filename
  }
}

/** `file:line:col`, as an editor or a source-map tool expects it. */
export const frameLocation = (frame: StackFrame): string =>
  [shortFilename(frame.filename), frame.lineno, frame.colno].filter((part) => part !== null).join(":")

/** A page URL without the origin when it is this console's own. */
export const shortUrl = (url: string | null): string | null => {
  if (url === null) return null
  try {
    const parsed = new URL(url)
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : url
  } catch {
    return url
  }
}

/**
 * A route id as the router names it (`/_app/reports/$reportId`, `/_app/reports/` for an index)
 * as its path reads: without pathless layout segments or the index's trailing slash.
 */
export const routeLabel = (route: string): string => {
  const visible = route
    .split("/")
    .filter((segment) => segment !== "" && !segment.startsWith("_"))
    .join("/")
  return `/${visible}`
}

/** Text that names URLs of this console (a culprit, a breadcrumb) without repeating its origin. */
export const withoutOwnOrigin = (text: string): string => text.replaceAll(window.location.origin, "")

/** Sentry names a frame it cannot name `?`. */
export const functionName = (name: string | null): string =>
  name === null || name === "" || name === "?" ? "<anonymous>" : name

/** A trace id is 32 hex digits: the first 8 tell traces apart on screen. */
export const shortTraceId = (traceId: string): string => traceId.slice(0, 8)
