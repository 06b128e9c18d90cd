import { HttpServerResponse } from "@effect/platform"
import { Data } from "effect"
import { waitPhrase } from "../auth/rateLimits.js"

/**
 * Why the tunnel refused an envelope. Every refusal is a 4xx with a JSON body naming the reason,
 * and nothing refused is ever forwarded or filed.
 */
export class TunnelRejection extends Data.TaggedError("TunnelRejection")<{
  readonly status: 400 | 403 | 405 | 413 | 415 | 429
  readonly reason:
    | "BadEnvelope"
    | "Forbidden"
    | "MethodNotAllowed"
    | "PayloadTooLarge"
    | "UnsupportedMediaType"
    | "RateLimited"
  readonly message: string
  /** For a 429: the SDK waits this long before it sends again. */
  readonly retryAfterSeconds?: number
}> {}

export const badEnvelope = (detail: string) =>
  new TunnelRejection({ status: 400, reason: "BadEnvelope", message: `The envelope is malformed: ${detail}` })

export const forbidden = (message: string) =>
  new TunnelRejection({ status: 403, reason: "Forbidden", message })

export const tooLarge = (message: string) =>
  new TunnelRejection({ status: 413, reason: "PayloadTooLarge", message })

export const rateLimited = (perMinute: number, retryAfterSeconds: number) =>
  new TunnelRejection({
    status: 429,
    reason: "RateLimited",
    message: `Too many error reports from this address (at most ${perMinute} a minute). Try again in ${waitPhrase(retryAfterSeconds)}.`,
    retryAfterSeconds,
  })

export const rejectionResponse = (rejection: TunnelRejection) =>
  HttpServerResponse.unsafeJson(
    { _tag: rejection.reason, message: rejection.message },
    {
      status: rejection.status,
      headers: {
        "cache-control": "no-store",
        ...(rejection.status === 405 ? { allow: "POST" } : {}),
        // The body may still be arriving; closing is cheaper than reading what we refused (on a
        // kept-alive connection Node would read all of it, uncapped, to get to the next request).
        connection: "close",
        // Sentry's SDKs back off on a 429 for Retry-After seconds, whatever category they send.
        ...(rejection.retryAfterSeconds !== undefined
          ? { "retry-after": String(rejection.retryAfterSeconds) }
          : {}),
      },
    },
  )
