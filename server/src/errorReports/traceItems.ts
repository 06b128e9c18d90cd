import { field, finite, list, text } from "./payload.js"

/** What the inbox keeps of a page load or navigation: one row per route visit. */
export interface IncomingTrace {
  readonly traceId: string
  /** The transaction (segment) name: the TanStack route path, e.g. `/reports/$reportId`. */
  readonly route: string
  readonly op: string | null
  readonly durationMs: number
  readonly status: string | null
  readonly deploymentId: string | null
}

const maxTracesPerItem = 1000

/** From Sentry's float seconds; null when a bound is missing or the span ends before it starts. */
const durationMs = (start: unknown, end: unknown): number | null => {
  const from = finite(start)
  const to = finite(end)
  return from === null || to === null || to < from ? null : Math.round((to - from) * 1_000_000) / 1000
}

const traceOf = (fields: {
  readonly traceId: unknown
  readonly route: unknown
  readonly op: unknown
  readonly start: unknown
  readonly end: unknown
  readonly status: unknown
  readonly release: unknown
}): IncomingTrace | undefined => {
  const traceId = text(fields.traceId, 64)
  const route = text(fields.route, 500)
  const duration = durationMs(fields.start, fields.end)
  if (traceId === null || route === null || duration === null) return undefined
  return {
    traceId,
    route,
    op: text(fields.op, 100),
    durationMs: duration,
    status: text(fields.status, 50),
    deploymentId: text(fields.release, 200),
  }
}

/** A `transaction` item: a whole page load or navigation with its child spans inside. */
export const transactionTrace = (payload: unknown): ReadonlyArray<IncomingTrace> => {
  const trace = traceOf({
    traceId: field(payload, "contexts", "trace", "trace_id"),
    route: field(payload, "transaction"),
    op: field(payload, "contexts", "trace", "op"),
    start: field(payload, "start_timestamp"),
    end: field(payload, "timestamp"),
    status: field(payload, "contexts", "trace", "status"),
    release: field(payload, "release"),
  })
  return trace ? [trace] : []
}

const attribute = (span: unknown, name: string): unknown => field(span, "attributes", name, "value")

/**
 * A `span` item: SDK v11 streams spans in containers (`{ items: [...] }`); the older form is one
 * span per item. Only segment spans (the page load or navigation itself) become rows; child spans
 * (fetches, resources) are forwarded to Sentry but not kept here.
 */
export const spanTraces = (payload: unknown): ReadonlyArray<IncomingTrace> => {
  const container = field(payload, "items")
  const spans = Array.isArray(container) ? container : [payload]
  return list(spans)
    .filter((span) => field(span, "is_segment") === true)
    .slice(0, maxTracesPerItem)
    .flatMap((span) => {
      const trace = traceOf({
        traceId: field(span, "trace_id"),
        route: field(span, "name") ?? field(span, "description"),
        op: attribute(span, "sentry.op") ?? field(span, "op"),
        start: field(span, "start_timestamp"),
        end: field(span, "end_timestamp") ?? field(span, "timestamp"),
        status: field(span, "status"),
        release: attribute(span, "sentry.release"),
      })
      return trace ? [trace] : []
    })
}
