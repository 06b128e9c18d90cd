import type { IncomingMessage, Server, ServerResponse } from "node:http"

/**
 * The port opens before the API's handlers are built, and Node keeps a request that no listener
 * answers open until its 5-minute timeout: a health probe arriving in that gap (or while the server
 * stops) would hang. Until the app's own listener is attached, and after it is removed, this one
 * answers 503 with Retry-After, in the API's JSON error shape.
 */
export const answerUntilServing = function (
  this: Server,
  _request: IncomingMessage,
  response: ServerResponse,
) {
  if (this.listenerCount("request") > 1) return
  response.writeHead(503, { "content-type": "application/json", "retry-after": "1", connection: "close" })
  response.end(
    JSON.stringify({
      _tag: "ServiceUnavailable",
      message: "Folio is starting or stopping. Try again in a moment.",
    }),
  )
}
