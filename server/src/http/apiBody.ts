import { HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import {
  apiPrefix,
  bodyMaxBytesFor,
  jsonMaxArrayLengthFor,
  jsonMaxDepth,
  payloadTooLargeText,
  podcastUploadPath,
} from "@folio/core"
import { Effect, type Option } from "effect"
import { crossSiteSignIn } from "./crossSite.js"
import { firstShapeViolation, pathText } from "./jsonShape.js"
import { lingeringClose, readBody } from "./requestBody.js"

/** `unread`: the body may still be arriving, so the connection ends once the answer is read. */
const refusal = (status: number, body: object, unread = true) =>
  HttpServerResponse.unsafeJson(body, {
    status,
    headers: { "cache-control": "no-store", ...(unread ? { connection: "close" } : {}) },
  })

export const payloadTooLargeResponse = (maxBytes: number) =>
  refusal(413, { _tag: "PayloadTooLarge", message: payloadTooLargeText(maxBytes), maxBytes })

/** `application/json` or a `+json` type; parameters such as `charset` are ignored. */
const isJson = (contentType: string): boolean => {
  const type = (contentType.split(";", 1)[0] ?? "").trim().toLowerCase()
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))
}

/**
 * Routes whose body is a file, not JSON, and which read it themselves under their own caps and
 * checks (podcasts/uploads.ts, podcasts/media.ts): tus uploads and show artwork. They still
 * authenticate every request, with the CSRF header for cookie callers.
 */
const readsOwnBody = (path: string): boolean =>
  path === podcastUploadPath ||
  path.startsWith(`${podcastUploadPath}/`) ||
  /^\/api\/podcasts\/shows\/[^/]+\/artwork$/.test(path)

/**
 * A request whose body is served here from the text already read, so the API decodes it without
 * reading the connection again. Everything else (url, headers, the Node request) is the original.
 */
const withBodyText = (
  request: HttpServerRequest.HttpServerRequest,
  text: string,
): HttpServerRequest.HttpServerRequest => {
  const served: HttpServerRequest.HttpServerRequest = Object.create(request)
  Object.defineProperty(served, "text", { value: Effect.succeed(text) })
  return served
}

/**
 * What every API request with a body passes before the API decodes it, cheapest check first:
 * - JSON only: a cross-site HTML form can send only form or text bodies, so no form can post to the
 *   API (the login-CSRF defence for sign-in, which has no CSRF token yet); others get a 415.
 * - sign-in refuses a cross-site `Origin` or `Sec-Fetch-Site` (crossSite.ts).
 * - its size: `bodyMaxBytesFor` in core (16 MiB for an import batch, 2 MiB otherwise), refused with
 *   a 413 before reading a declared Content-Length over it, or at the chunk that crosses it.
 * - its shape: nesting and list lengths bounded (core's `jsonMaxDepth`, `jsonMaxArrayLengthFor`),
 *   checked on the text up to the first violation, before anything parses or decodes it.
 * The Sentry tunnel is not under the API and reads its own body under its own caps.
 */
export const apiBodyGuard = (publicUrl: Option.Option<URL>) =>
  HttpMiddleware.make((app) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = request.url.split("?", 1)[0] ?? request.url
      if (!path.startsWith(`${apiPrefix}/`) || request.method === "GET" || request.method === "HEAD")
        return yield* app
      if (request.method === "OPTIONS" || readsOwnBody(path)) return yield* app
      const incoming = NodeHttpServerRequest.toIncomingMessage(request)
      const contentType = request.headers["content-type"]
      if (contentType !== undefined && !isJson(contentType)) {
        lingeringClose(incoming)
        return refusal(415, {
          _tag: "UnsupportedMediaType",
          message: "The API accepts JSON request bodies only (Content-Type: application/json).",
        })
      }
      const crossSite = crossSiteSignIn(path, request.headers, publicUrl)
      if (crossSite !== undefined) {
        lingeringClose(incoming)
        return refusal(403, { _tag: "Forbidden", message: crossSite })
      }
      const maxBytes = bodyMaxBytesFor(path)
      const read = yield* Effect.either(readBody(incoming, maxBytes))
      if (read._tag === "Left") {
        lingeringClose(incoming)
        if (read.left.reason === "OverCap") return payloadTooLargeResponse(maxBytes)
        return refusal(400, { _tag: "BadRequest", message: "The request body was cut off." })
      }
      const text = read.right.toString("utf8")
      const violation = firstShapeViolation(text, {
        maxDepth: jsonMaxDepth,
        maxArrayLength: jsonMaxArrayLengthFor(path),
      })
      if (violation !== undefined) {
        const where = pathText(violation.path)
        return refusal(
          400,
          {
            _tag: "HttpApiDecodeError",
            issues: [{ _tag: "Type", path: violation.path, message: violation.message }],
            message: where === "" ? `The body ${violation.message}` : `${where}: ${violation.message}`,
          },
          false,
        )
      }
      return yield* app.pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, withBodyText(request, text)),
      )
    }),
  )
