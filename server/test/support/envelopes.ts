import { randomUUID } from "node:crypto"
import { type SentryDsn, tunnelQuery } from "@folio/core"
import {
  createEnvelope,
  type Envelope,
  type Event,
  type EventEnvelope,
  type SerializedStreamedSpan,
  type StreamedSpanEnvelope,
  serializeEnvelope,
} from "@sentry/core"

/** Real Sentry envelopes, built and serialised by `@sentry/core` as the SDK does. */

const eventId = () => randomUUID().replaceAll("-", "")
const now = () => Date.now() / 1000

export const chromeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

export interface ErrorOptions {
  readonly type?: string
  readonly message?: string
  readonly functionName?: string
  readonly userId?: string
  readonly eventId?: string
  readonly frames?: number
  readonly breadcrumbs?: number
}

/** An error event the way the browser SDK sends one: exception, stack, breadcrumbs, contexts. */
export const errorEvent = (options: ErrorOptions = {}): Event => ({
  event_id: options.eventId ?? eventId(),
  timestamp: now(),
  platform: "javascript",
  level: "error",
  release: "console-1",
  environment: "test",
  request: { url: "http://127.0.0.1/reports/42", headers: { "User-Agent": chromeUserAgent } },
  user: { id: options.userId ?? "user-1" },
  contexts: { browser: { name: "Chrome", version: "126.0.0.0" }, os: { name: "Linux" } },
  exception: {
    values: [
      {
        type: options.type ?? "TypeError",
        value: options.message ?? "Cannot read properties of undefined (reading 'title')",
        stacktrace: {
          frames: [
            ...Array.from({ length: Math.max(0, (options.frames ?? 3) - 2) }, (_, i) => ({
              filename: "http://127.0.0.1/assets/vendor-Dk3kx9aQ.js",
              function: `vendorFrame${i}`,
              lineno: 1,
              colno: i + 1,
              in_app: false,
            })),
            {
              filename: "http://127.0.0.1/assets/index-B2xQ9kLm.js",
              function: "App",
              lineno: 3,
              colno: 7,
              in_app: true,
            },
            {
              filename: "http://127.0.0.1/assets/report-Qw8Lk2Pz.js",
              function: options.functionName ?? "ReportPage",
              lineno: 12,
              colno: 40,
              in_app: true,
            },
          ],
        },
        mechanism: { type: "onerror", handled: false },
      },
    ],
  },
  breadcrumbs: Array.from({ length: options.breadcrumbs ?? 2 }, (_, i) =>
    i === 0
      ? { timestamp: now() - 10, category: "navigation", data: { from: "/", to: "/reports/42" } }
      : { timestamp: now() - 10 + i, category: "ui.click", message: `button#save-${i}` },
  ),
})

export const eventEnvelope = (dsn: string, event: Event = errorEvent()) =>
  serializeEnvelope(
    createEnvelope<EventEnvelope>(
      { event_id: event.event_id ?? eventId(), sent_at: new Date().toISOString(), dsn },
      [[{ type: "event" }, event]],
    ),
  )

/** A page load as a classic transaction item. */
export const transactionEnvelope = (dsn: string, route: string, durationMs: number) => {
  const end = now()
  const event: Event = {
    type: "transaction",
    event_id: eventId(),
    transaction: route,
    start_timestamp: end - durationMs / 1000,
    timestamp: end,
    release: "console-1",
    contexts: {
      trace: { trace_id: eventId(), span_id: eventId().slice(0, 16), op: "pageload", status: "ok" },
    },
    spans: [],
  }
  return serializeEnvelope(
    createEnvelope<EventEnvelope>(
      { event_id: event.event_id ?? "", sent_at: new Date().toISOString(), dsn },
      [[{ type: "transaction" }, event]],
    ),
  )
}

/** Streamed spans (SDK v11): a container with a navigation segment span and one child span. */
export const spanEnvelope = (dsn: string, route: string, durationMs: number) => {
  const traceId = eventId()
  const end = now()
  const span = (name: string, segment: boolean, op: string): SerializedStreamedSpan => ({
    trace_id: traceId,
    span_id: eventId().slice(0, 16),
    name,
    start_timestamp: end - durationMs / 1000,
    end_timestamp: end,
    status: "ok",
    is_segment: segment,
    attributes: {
      "sentry.op": { type: "string", value: op },
      "sentry.release": { type: "string", value: "console-1" },
    },
  })
  const items = [span(route, true, "navigation"), span("GET /api/reports", false, "http.client")]
  return serializeEnvelope(
    createEnvelope<StreamedSpanEnvelope>({ dsn }, [
      [
        { type: "span", item_count: items.length, content_type: "application/vnd.sentry.items.span.v2+json" },
        { items },
      ],
    ]),
  )
}

/** Any envelope, e.g. with an attachment item of a given size. */
export const envelopeOf = (envelope: Envelope) => serializeEnvelope(envelope)

/** The tunnel URL the console's SDK would use for this DSN. */
export const tunnelUrl = (base: string, dsn: SentryDsn, path = "/monitoring") =>
  `${base}${path}?${new URLSearchParams(tunnelQuery(dsn)).toString()}`

export const post = (url: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    body,
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": chromeUserAgent, ...headers },
  })
