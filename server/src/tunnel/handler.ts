import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { ingestUrlFor } from "@folio/core"
import { type Duration, Effect, Option } from "effect"
import { AppConfig } from "../config.js"
import { ErrorInbox } from "../errorReports/inbox.js"
import { lingeringClose, readBody } from "../http/requestBody.js"
import { makeAllowList } from "./allowList.js"
import { inboxContents } from "./contents.js"
import { parseTunnelEnvelope } from "./envelope.js"
import { forwardEnvelope } from "./forward.js"
import { badEnvelope, rateLimited, rejectionResponse, TunnelRejection, tooLarge } from "./rejection.js"
import { makeTunnelThrottle } from "./throttle.js"

export const maxEnvelopeBytes = 20 * 1024 * 1024

/**
 * The error tunnel (PRODUCT.md, "Error tunnel"): the console's Sentry SDK posts envelopes here,
 * same-origin. An envelope is read within its caps, parsed, and checked against the configured
 * DSNs; then its errors and traces are filed in the local inbox and, for an external DSN, its
 * untouched bytes go to that DSN's ingest, whose answer (status and rate-limit headers) goes back
 * to the SDK. No cookie or session is read: the tunnel authorises nothing but envelopes.
 */
export const makeTunnelHandler = (forwardTimeout?: Duration.Duration) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const inbox = yield* ErrorInbox
    const allow = makeAllowList([...Option.toArray(config.sentryDsn), ...config.sentryAllowedDsns])
    const ingestOrigin = Option.getOrUndefined(config.sentryIngestUrl)
    const throttle = makeTunnelThrottle({ perMinute: config.tunnelRateLimit })

    return Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.method !== "POST") {
        return yield* new TunnelRejection({
          status: 405,
          reason: "MethodNotAllowed",
          message: "The tunnel accepts POST only.",
        })
      }
      const encoding = request.headers["content-encoding"]
      if (encoding !== undefined && encoding !== "identity") {
        return yield* new TunnelRejection({
          status: 415,
          reason: "UnsupportedMediaType",
          message: "The tunnel accepts uncompressed envelopes only.",
        })
      }
      // Before the body is read: a refusal here costs next to nothing.
      const address = Option.getOrElse(request.remoteAddress, () => "unknown")
      const verdict = throttle(address)
      if (!verdict.allowed) {
        if (verdict.firstRefusal)
          yield* Effect.logWarning("The error tunnel is refusing an address over its rate limit").pipe(
            Effect.annotateLogs({ address, perMinute: config.tunnelRateLimit }),
          )
        return yield* rateLimited(config.tunnelRateLimit, verdict.retryAfterSeconds)
      }
      const bytes = yield* readBody(NodeHttpServerRequest.toIncomingMessage(request), maxEnvelopeBytes).pipe(
        Effect.mapError((failure) =>
          failure.reason === "OverCap"
            ? tooLarge(`The envelope is larger than ${maxEnvelopeBytes / 1024 / 1024} MiB.`)
            : badEnvelope("the request body was cut off."),
        ),
      )
      const envelope = yield* parseTunnelEnvelope(bytes)
      const dsn = yield* allow(envelope.dsn, new URL(request.url, "http://tunnel").searchParams)
      const contents = yield* inboxContents(envelope, request.headers["user-agent"])
      const filing = inbox.file(contents)
      if (dsn.local) {
        yield* filing.pipe(Effect.orDie)
        return HttpServerResponse.unsafeJson({}, { headers: { "cache-control": "no-store" } })
      }
      // Sentry's answer is what the SDK needs (its back-off); a failure to file is the server's own
      // problem, logged, and must not turn an accepted envelope into an error for the browser.
      const [answer] = yield* Effect.all(
        [
          forwardEnvelope(ingestUrlFor(dsn, ingestOrigin), bytes, forwardTimeout),
          filing.pipe(
            Effect.catchAllCause((cause) =>
              Effect.logError("Could not file an envelope in the error inbox", cause),
            ),
          ),
        ],
        { concurrency: 2 },
      )
      return answer
    }).pipe(
      Effect.catchTag("TunnelRejection", (rejection) =>
        Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
          // A refused envelope may still be arriving: the client must read the refusal first.
          lingeringClose(NodeHttpServerRequest.toIncomingMessage(request))
          return rejectionResponse(rejection)
        }),
      ),
    )
  })
