import {
  HttpApp,
  HttpMiddleware,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse,
} from "@effect/platform"
import { apiPrefix, deploymentHeaderName, internalErrorMessage } from "@folio/core"
import { Cause, Effect } from "effect"
import { newDigest } from "../auth/tokens.js"
import type { ErrorReporter } from "../errorReports/serverSdk.js"

/**
 * The outermost layer around every request: an unexpected failure becomes a 500 JSON body
 * with a digest that is also on the log line carrying the cause, and on the Sentry event when
 * the server reports to Sentry, so a user's report can be matched to both. Every response
 * names the deployment that served it and carries the headers every answer needs: `nosniff`,
 * HSTS when the public address is https, and `no-store` on API answers that set no caching of
 * their own (they hold one user's data).
 */
export const errorsAndDeployment = (
  deploymentId: string,
  reporter: typeof ErrorReporter.Service,
  options: { readonly https: boolean },
) =>
  HttpMiddleware.make((app) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const api = request.url.startsWith(`${apiPrefix}/`)
      yield* HttpApp.appendPreResponseHandler((_request, response) => {
        const headers: Record<string, string> = {
          [deploymentHeaderName]: deploymentId,
          "x-content-type-options": "nosniff",
        }
        if (options.https) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains"
        if (api && response.headers["cache-control"] === undefined) headers["cache-control"] = "no-store"
        return Effect.succeed(HttpServerResponse.setHeaders(response, headers))
      })
      return yield* app.pipe(
        Effect.catchAllCause((cause) => {
          if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
          const failure = Cause.squash(cause)
          if (failure instanceof HttpServerError.RouteNotFound) {
            return Effect.succeed(HttpServerResponse.text("Not found", { status: 404 }))
          }
          if (failure instanceof HttpServerError.RequestError) {
            // The body could not be read as what its Content-Type says (malformed JSON, mostly).
            const message = api ? "The request body is not valid JSON." : "Bad request"
            return Effect.succeed(
              api
                ? HttpServerResponse.unsafeJson(
                    { _tag: "HttpApiDecodeError", issues: [{ _tag: "Type", path: [], message }], message },
                    { status: 400 },
                  )
                : HttpServerResponse.text(message, { status: 400 }),
            )
          }
          const digest = newDigest()
          return Effect.logError("Unexpected failure while handling a request", cause).pipe(
            Effect.annotateLogs({ digest, method: request.method, url: request.url }),
            Effect.zipRight(reporter.report({ failure, digest, method: request.method, url: request.url })),
            Effect.as(
              HttpServerResponse.unsafeJson(
                { _tag: "InternalServerError", message: internalErrorMessage, digest },
                { status: 500, headers: { "cache-control": "no-store" } },
              ),
            ),
          )
        }),
      )
    }),
  )
