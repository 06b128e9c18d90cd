import { HttpServerResponse } from "@effect/platform"
import { Data } from "effect"

/**
 * Why the tunnel refused an envelope. Every refusal is a 4xx with a JSON body naming the reason,
 * and nothing refused is ever forwarded or filed.
 */
export class TunnelRejection extends Data.TaggedError("TunnelRejection")<{
  readonly status: 400 | 403 | 405 | 413 | 415
  readonly reason:
    | "BadEnvelope"
    | "Forbidden"
    | "MethodNotAllowed"
    | "PayloadTooLarge"
    | "UnsupportedMediaType"
  readonly message: string
}> {}

export const badEnvelope = (detail: string) =>
  new TunnelRejection({ status: 400, reason: "BadEnvelope", message: `The envelope is malformed: ${detail}` })

export const forbidden = (message: string) =>
  new TunnelRejection({ status: 403, reason: "Forbidden", message })

export const tooLarge = (message: string) =>
  new TunnelRejection({ status: 413, reason: "PayloadTooLarge", message })

export const rejectionResponse = (rejection: TunnelRejection) =>
  HttpServerResponse.unsafeJson(
    { _tag: rejection.reason, message: rejection.message },
    {
      status: rejection.status,
      headers: {
        "cache-control": "no-store",
        ...(rejection.status === 405 ? { allow: "POST" } : {}),
        // The body may still be arriving; closing is cheaper than reading what we refused.
        ...(rejection.status === 413 ? { connection: "close" } : {}),
      },
    },
  )
