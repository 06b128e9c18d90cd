import { HttpServerResponse } from "@effect/platform"

/**
 * A 200 JSON answer from a value already in the wire's shape (see reports/wire.ts): serialised
 * once, and handed to Node as text, which writes it without another copy. A handler that returns
 * it skips the endpoint's success schema, so only values held to that schema by a test belong here.
 */
export const jsonResponse = (value: unknown): HttpServerResponse.HttpServerResponse => {
  const text = JSON.stringify(value)
  return HttpServerResponse.raw(text, {
    contentType: "application/json",
    contentLength: Buffer.byteLength(text),
  })
}
