import type { Breadcrumb, ExceptionValue, StackFrame } from "@folio/core"
import { culpritOf, fingerprintOf, primaryException, topInAppFrame } from "./fingerprint.js"
import { field, integer, type Json, list, record, text, timestamp } from "./payload.js"
import { browserFromUserAgent, osFromUserAgent } from "./userAgent.js"

/** What the inbox keeps of one error event (an `event` item of an envelope). */
export interface IncomingError {
  readonly eventId: string
  readonly fingerprint: string
  readonly type: string
  readonly message: string
  readonly culprit: string | null
  readonly level: string
  readonly deploymentId: string | null
  readonly browser: string | null
  readonly os: string | null
  readonly url: string | null
  /** Who was affected: the SDK user's id, else email, else IP address. */
  readonly userKey: string | null
  readonly exceptions: ReadonlyArray<ExceptionValue>
  readonly breadcrumbs: ReadonlyArray<Breadcrumb>
  /** The event as sent, or a stand-in when it is too large to keep. */
  readonly raw: unknown
}

export const maxFrames = 50
export const maxBreadcrumbs = 100
const maxExceptions = 10
const maxRawBytes = 64 * 1024

const frameOf = (value: unknown): StackFrame => ({
  function: text(field(value, "function"), 300),
  filename: text(field(value, "filename"), 500) ?? text(field(value, "abs_path"), 500),
  lineno: integer(field(value, "lineno")),
  colno: integer(field(value, "colno")),
  // The browser SDK marks every frame in-app unless told otherwise; vendor chunks are not ours.
  inApp: field(value, "in_app") !== false,
})

/** Keeps the frames nearest the throw (the end of Sentry's list) when there are too many. */
const exceptionOf = (value: unknown): ExceptionValue => ({
  type: text(field(value, "type"), 200) ?? "Error",
  value: text(field(value, "value"), 2000) ?? "",
  frames: list(field(value, "stacktrace", "frames"))
    .slice(-maxFrames)
    .map(frameOf),
})

const breadcrumbOf = (value: unknown): Breadcrumb => {
  const data = record(field(value, "data"))
  return {
    timestamp: timestamp(field(value, "timestamp")),
    type: text(field(value, "type"), 100),
    category: text(field(value, "category"), 200),
    level: text(field(value, "level"), 20),
    message: text(field(value, "message"), 2000),
    data: data !== undefined && JSON.stringify(data).length <= 4000 ? { ...data } : null,
  }
}

/** `contexts.browser` or `.os` as "Chrome 126" (name and major version). */
const contextName = (event: Json, key: "browser" | "os"): string | null => {
  const name = text(field(event, "contexts", key, "name"), 100)
  if (name === null) return null
  const version = text(field(event, "contexts", key, "version"), 50)?.split(".")[0]
  return version ? `${name} ${version}` : name
}

const userKeyOf = (event: Json): string | null => {
  const ip = text(field(event, "user", "ip_address"), 100)
  const id = field(event, "user", "id")
  return (
    text(typeof id === "number" ? String(id) : id, 200) ??
    text(field(event, "user", "email"), 200) ??
    (ip === "{{auto}}" ? null : ip)
  )
}

const rawOf = (event: Json): unknown => {
  const size = Buffer.byteLength(JSON.stringify(event))
  return size <= maxRawBytes ? event : { truncated: true, bytes: size, keys: Object.keys(event).slice(0, 50) }
}

/**
 * Reads an event payload. `userAgent` is the request's header, the fallback for the browser and
 * OS when the SDK sent no contexts. Undefined when the payload is not a JSON object.
 */
export const errorEventOf = (
  payload: unknown,
  userAgent: string | undefined,
  fallbackEventId: string,
): IncomingError | undefined => {
  const event = record(payload)
  if (event === undefined) return undefined
  const exceptions = list(field(event, "exception", "values"))
    .slice(-maxExceptions)
    .map(exceptionOf)
  const primary = primaryException(exceptions)
  const frame = topInAppFrame(primary)
  const logMessage =
    text(field(event, "logentry", "formatted"), 2000) ??
    text(field(event, "logentry", "message"), 2000) ??
    text(field(event, "message"), 2000) ??
    text(field(event, "message", "formatted"), 2000)
  const type = primary?.type ?? "Message"
  const message = primary?.value ?? logMessage ?? "(no message)"
  const crumbs = field(event, "breadcrumbs")
  const headerAgent = text(field(event, "request", "headers", "User-Agent"), 500) ?? userAgent
  return {
    eventId: text(field(event, "event_id"), 64) ?? fallbackEventId,
    fingerprint: fingerprintOf(type, message, frame),
    type,
    message,
    culprit: culpritOf(frame),
    level: text(field(event, "level"), 20) ?? "error",
    deploymentId: text(field(event, "release"), 200) ?? text(field(event, "tags", "deployment"), 200),
    browser: contextName(event, "browser") ?? (headerAgent ? browserFromUserAgent(headerAgent) : null),
    os: contextName(event, "os") ?? (headerAgent ? osFromUserAgent(headerAgent) : null),
    url: text(field(event, "request", "url"), 2000),
    userKey: userKeyOf(event),
    exceptions,
    breadcrumbs: (Array.isArray(crumbs) ? crumbs : list(field(crumbs, "values")))
      .slice(-maxBreadcrumbs)
      .map(breadcrumbOf),
    raw: rawOf(event),
  }
}
