import { HttpIncomingMessage, HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { bodyMaxBytesFor, payloadTooLargeText } from "@folio/core"
import { Effect, Option } from "effect"

export const payloadTooLargeResponse = (maxBytes: number) =>
  HttpServerResponse.unsafeJson(
    { _tag: "PayloadTooLarge", message: payloadTooLargeText(maxBytes), maxBytes },
    // The body may still be arriving; closing is cheaper than reading what we refused.
    { status: 413, headers: { "cache-control": "no-store", connection: "close" } },
  )

/**
 * Caps what the server reads of a request body (`bodyMaxBytesFor` in core: 16 MiB for an import
 * batch, 2 MiB otherwise). A declared Content-Length over the cap is refused before the handler
 * runs; a body sent without one is cut off at the cap while it is read. The Sentry tunnel reads
 * its own body under its own cap and is left alone.
 */
export const bodyLimit = (tunnelPath: string) =>
  HttpMiddleware.make((app) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = request.url.split("?", 1)[0] ?? request.url
      if (path === tunnelPath) return yield* app
      const maxBytes = bodyMaxBytesFor(path)
      const declared = Number(request.headers["content-length"] ?? Number.NaN)
      if (declared > maxBytes) return payloadTooLargeResponse(maxBytes)
      return yield* app.pipe(HttpIncomingMessage.withMaxBodySize(Option.some(maxBytes)))
    }),
  )
