import { expect, type Page, type Request } from "@playwright/test"
import { parseEnvelope } from "@sentry/core"
import { completeJsonLines } from "./jsonLines"

/** A request the e2e server's stand-in for Sentry's ingest received (one JSON line in E2E_SENTRY_INGEST). */
export interface Forwarded {
  readonly method: string
  /** Path and query, e.g. `/api/4502/envelope/?hsts=0`. */
  readonly url: string
  readonly contentType: string | null
  readonly body: Buffer
}

const ingestFile = (): string => {
  const file = process.env.E2E_SENTRY_INGEST
  if (!file) throw new Error("E2E_SENTRY_INGEST is not set: run the specs through playwright.config.ts")
  return file
}

/** Everything the tunnel has forwarded so far, oldest first. */
export const forwarded = (): ReadonlyArray<Forwarded> => {
  type Record = Omit<Forwarded, "body"> & { readonly body: string }
  return completeJsonLines<Record>(ingestFile()).map((record) => ({
    ...record,
    body: Buffer.from(record.body, "base64"),
  }))
}

export interface EnvelopeItem {
  readonly type: string
  /** The item's JSON payload (events, spans, logs); undefined for binary attachments. */
  readonly payload: unknown
}

const decoder = new TextDecoder()

/** The items of an envelope, parsed with the SDK's own parser. */
export const envelopeItems = (bytes: Uint8Array): ReadonlyArray<EnvelopeItem> =>
  parseEnvelope(bytes)[1].map(([header, payload]) => {
    let json: unknown = payload
    if (payload instanceof Uint8Array) {
      try {
        json = JSON.parse(decoder.decode(payload))
      } catch {
        json = undefined
      }
    }
    return { type: String(header.type), payload: json }
  })

/** Collects, from now on, every envelope the page's SDK posts to the tunnel (`/monitoring`), with its exact bytes. */
export const sentEnvelopes = (page: Page) => {
  const sent: Array<{ readonly url: URL; readonly body: Buffer }> = []
  const onRequest = (request: Request) => {
    const url = new URL(request.url())
    const body = request.postDataBuffer()
    if (request.method() === "POST" && url.pathname === "/monitoring" && body !== null)
      sent.push({ url, body })
  }
  page.on("request", onRequest)
  return sent
}

interface ExceptionPayload {
  readonly exception?: {
    readonly values?: ReadonlyArray<{ readonly type?: string; readonly value?: string }>
  }
}

/** The exception messages of an envelope's error events. */
export const exceptionMessages = (bytes: Uint8Array): ReadonlyArray<string> =>
  envelopeItems(bytes)
    .filter((item) => item.type === "event")
    .flatMap((item) => (item.payload as ExceptionPayload).exception?.values ?? [])
    .map((value) => `${value.type ?? ""}: ${value.value ?? ""}`)

/** The tags of an envelope's error events. */
export const eventTags = (bytes: Uint8Array): ReadonlyArray<Readonly<Record<string, unknown>>> =>
  envelopeItems(bytes)
    .filter((item) => item.type === "event")
    .map((item) => (item.payload as { readonly tags?: Record<string, unknown> }).tags ?? {})

/** The names of the spans (streamed) and transactions (static) an envelope carries. */
export const spanNames = (bytes: Uint8Array): ReadonlyArray<string> =>
  envelopeItems(bytes).flatMap((item) => {
    const payload = item.payload as {
      readonly items?: ReadonlyArray<{ readonly name?: string }>
      readonly name?: string
      readonly transaction?: string
      readonly spans?: ReadonlyArray<{ readonly description?: string }>
    }
    if (item.type === "span") {
      return [
        ...(payload.items ?? []).map((span) => span.name ?? ""),
        ...(payload.name ? [payload.name] : []),
      ]
    }
    if (item.type === "transaction") {
      return [payload.transaction ?? "", ...(payload.spans ?? []).map((span) => span.description ?? "")]
    }
    return []
  })

/** Waits (polling, up to the expect timeout) until the ingest received bytes identical to `body`. */
export const expectForwarded = async (body: Buffer): Promise<Forwarded> => {
  let found: Forwarded | undefined
  await expect
    .poll(() => {
      found = forwarded().find((record) => record.body.equals(body))
      return found !== undefined
    })
    .toBe(true)
  if (found === undefined) throw new Error("unreachable")
  return found
}
