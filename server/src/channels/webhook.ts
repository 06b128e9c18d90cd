import { createHmac, randomBytes } from "node:crypto"
import type { LookupAddress } from "node:dns"
import * as http from "node:http"
import * as https from "node:https"
import type { LookupFunction, Socket } from "node:net"
import { errorCode, resolveTarget, type Target } from "./webhookTarget.js"

/**
 * The webhook transport of release deliveries (issue 11): Standard Webhooks signatures, one POST
 * to the addresses webhookTarget.ts checked, and the retry policy. Plain Promises, because its
 * caller is a graphile-worker job; no database.
 */

// --- Signing (https://www.standardwebhooks.com) -------------------------------------------------

const secretPrefix = "whsec_"

/** A new signing secret: "whsec_" + base64 of 32 random bytes (Standard Webhooks). */
export const newWebhookSecret = (): string => `${secretPrefix}${randomBytes(32).toString("base64")}`

// Like the reference libraries: the prefix is optional and the rest is the key in base64.
const secretKey = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, "base64")

/**
 * Standard Webhooks headers for one message. The signature header holds one `v1,<base64>` entry
 * per secret, space-separated: during a rotation both the new and the old secret sign, so a
 * receiver that still knows only one of them keeps verifying.
 */
export const signWebhook = (input: {
  id: string
  timestamp: Date
  body: string
  secrets: ReadonlyArray<string>
}): Record<string, string> => {
  const seconds = Math.floor(input.timestamp.getTime() / 1000).toString()
  const signed = `${input.id}.${seconds}.${input.body}`
  const signature = input.secrets
    .map((secret) => `v1,${createHmac("sha256", secretKey(secret)).update(signed, "utf8").digest("base64")}`)
    .join(" ")
  return { "webhook-id": input.id, "webhook-timestamp": seconds, "webhook-signature": signature }
}

// --- One POST -------------------------------------------------------------------------------------

export type WebhookOutcome =
  | { readonly kind: "delivered"; readonly status: number }
  /** The receiver asks us to stop: the caller disables the endpoint. */
  | { readonly kind: "gone"; readonly status: 410 }
  /** Retry later. */
  | { readonly kind: "failed"; readonly message: string; readonly status: number | null }
  /** The target address is not allowed (checked again on every attempt, after DNS). */
  | { readonly kind: "refused"; readonly message: string }

/**
 * Hands the connection only the addresses that were checked, so a second DNS answer (rebinding
 * to an internal address between check and connect) is never asked for. Node 20 asks with
 * `all: true` when it tries several addresses (autoSelectFamily).
 */
const pinnedLookup =
  (addresses: ReadonlyArray<LookupAddress>): LookupFunction =>
  (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === "IPv4"
        ? 4
        : options.family === 6 || options.family === "IPv6"
          ? 6
          : 0
    const usable = addresses.filter((address) => family === 0 || address.family === family)
    const first = usable[0]
    // Node's own lookup answers asynchronously; net relies on that ordering.
    process.nextTick(() => {
      if (first === undefined)
        callback(
          Object.assign(new Error(`No checked IPv${family} address for ${hostname}`), { code: "ENOTFOUND" }),
          [],
        )
      else if (options.all === true) callback(null, [...usable])
      else callback(null, first.address, first.family)
    })
  }

/**
 * Keep-alive pools key sockets by host and port, not by the address they are connected to; the
 * pinned addresses join the key, so a pooled socket is reused only for the addresses just checked.
 */
type PinnedRequestOptions = https.RequestOptions & { readonly pinned?: string }

class PinnedHttpAgent extends http.Agent {
  override getName(options?: PinnedRequestOptions): string {
    return `${super.getName(options)}:${options?.pinned ?? ""}`
  }
}

class PinnedHttpsAgent extends https.Agent {
  override getName(options?: PinnedRequestOptions): string {
    return `${super.getName(options)}:${options?.pinned ?? ""}`
  }
}

// A fan-out to one receiver shares these connections; 64 at most per receiver keeps a release
// with many deliveries from opening a socket each (and from flooding the receiver).
const agentOptions = { keepAlive: true, maxSockets: 64 }
const httpAgent = new PinnedHttpAgent(agentOptions)
const httpsAgent = new PinnedHttpsAgent(agentOptions)

const timeoutMsDefault = 15_000
const answerReadBytes = 4096
const quoteChars = 200

/** The start of the receiver's answer, on one line, for the delivery's status. */
const quote = (text: string): string =>
  Array.from(text.replace(/[\p{Cc}\s]+/gu, " ").trim())
    .slice(0, quoteChars)
    .join("")

const outcomeOf = (status: number, location: string | undefined, body: Buffer): WebhookOutcome => {
  if (status >= 200 && status < 300) return { kind: "delivered", status }
  if (status === 410) return { kind: "gone", status }
  // Redirects are never followed: the next hop was not checked, and it may be internal.
  if (status >= 300 && status < 400)
    return {
      kind: "failed",
      status,
      message: `HTTP ${status} from the receiver, a redirect${location === undefined ? "" : ` to ${quote(location)}`}; Folio does not follow redirects, so enter the final URL`,
    }
  const text = quote(body.toString("utf8"))
  return {
    kind: "failed",
    status,
    message: `HTTP ${status} from the receiver${text === "" ? "" : `: ${text}`}`,
  }
}

const seconds = (ms: number): string => `${ms / 1000} second${ms === 1000 ? "" : "s"}`

const send = (
  target: Extract<Target, { _tag: "Target" }>,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  timedOut: WebhookOutcome,
): Promise<WebhookOutcome> =>
  new Promise((resolve) => {
    let settled = false
    const settle = (outcome: WebhookOutcome) => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    const secure = target.url.protocol === "https:"
    const options: PinnedRequestOptions = {
      agent: secure ? httpsAgent : httpAgent,
      host: target.host,
      port: target.url.port === "" ? undefined : Number(target.url.port),
      path: `${target.url.pathname}${target.url.search}`,
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body).toString(),
        "user-agent": "Folio-Webhooks/1",
      },
      lookup: pinnedLookup(target.addresses),
      pinned: target.addresses.map(({ address }) => address).join(","),
      signal,
    }
    const request = (secure ? https : http).request(options)

    // Whether a failure is "could not connect" or a connection that broke afterwards.
    let connected = false
    request.on("socket", (socket: Socket) => {
      if (!socket.connecting)
        connected = true // a pooled keep-alive socket
      else
        socket.once(secure ? "secureConnect" : "connect", () => {
          connected = true
        })
    })

    // Once the status has arrived it is the answer: a body cut short (the deadline, a reset) only
    // shortens the quote.
    let answer: (() => void) | undefined
    request.on("response", (response) => {
      const chunks: Array<Buffer> = []
      let size = 0
      answer = () =>
        settle(outcomeOf(response.statusCode ?? 0, response.headers.location, Buffer.concat(chunks)))
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk)
        size += chunk.length
        if (size >= answerReadBytes) {
          answer?.()
          response.destroy() // the rest is never read; the socket is dropped, not pooled
        }
      })
      response.on("end", () => answer?.())
      response.on("close", () => answer?.())
      response.on("error", () => answer?.())
    })

    request.on("error", (error) => {
      if (answer !== undefined) answer()
      else if (signal.aborted) settle(timedOut)
      else
        settle({
          kind: "failed",
          status: null,
          message: connected
            ? `The connection broke before an answer: ${errorCode(error)}`
            : `Could not connect: ${errorCode(error)}`,
        })
    })
    request.end(body)
  })

/**
 * One POST of `body` (JSON text), signed. Resolves the host once, refuses it unless every address
 * is allowed, and connects only to those addresses. `timeoutMs` (15 s) bounds everything from
 * the lookup to the answer's status. 2xx is delivered, 410 gone, anything else (3xx included:
 * redirects are not followed) failed. Never throws.
 */
export const postWebhook = async (input: {
  url: string
  id: string
  timestamp: Date
  body: string
  secrets: ReadonlyArray<string>
  allow: ReadonlyArray<string>
  timeoutMs?: number
}): Promise<WebhookOutcome> => {
  const timeoutMs = input.timeoutMs ?? timeoutMsDefault
  const timedOut: WebhookOutcome = {
    kind: "failed",
    status: null,
    message: `No answer within ${seconds(timeoutMs)}`,
  }
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), timeoutMs)
  try {
    // The lookup cannot be cancelled, only no longer waited for.
    const expired = new Promise<"expired">((resolve) =>
      deadline.signal.addEventListener("abort", () => resolve("expired"), { once: true }),
    )
    const target = await Promise.race([resolveTarget(input.url, input.allow), expired])
    if (target === "expired") return timedOut
    if (target._tag === "Problem") return { kind: "refused", message: target.message }
    return await send(target, signWebhook(input), input.body, deadline.signal, timedOut)
  } catch (error) {
    return { kind: "failed", status: null, message: `Could not post: ${errorCode(error)}` }
  } finally {
    clearTimeout(timer)
  }
}

// --- Retries --------------------------------------------------------------------------------------

/**
 * The pause after the n-th failed attempt, before jitter. Their sum times the lowest jitter (0.8)
 * is 25 h 22 min: a receiver that is down for a whole day still gets its delivery.
 */
const retryPausesMs: ReadonlyArray<number> = [
  30_000, // 30 s
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  8 * 60 * 60_000,
  8 * 60 * 60_000,
  8 * 60 * 60_000,
]

/** Attempts of one delivery, counting the first. */
export const webhookMaxAttempts: number = retryPausesMs.length + 1

/**
 * The pause before attempt n+1 after n failed ones: the n-th pause above times a random factor
 * in [0.8, 1.2), so the deliveries of one release that failed together do not retry together.
 * Past the last pause the last one repeats. `random` is injectable for tests.
 */
export const webhookRetryDelayMs = (failedAttempts: number, random: () => number = Math.random): number => {
  const index = Math.min(Math.max(Math.floor(failedAttempts), 1), retryPausesMs.length) - 1
  const pause = retryPausesMs[index] ?? 0
  return Math.round(pause * (0.8 + 0.4 * random()))
}
