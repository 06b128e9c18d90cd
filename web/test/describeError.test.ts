import { HttpClientError, HttpClientRequest, HttpClientResponse } from "@effect/platform"
import {
  clientExceptionText,
  InternalServerError,
  ServiceUnavailable,
  serverExceptionText,
  UnrecognizedAction,
  unexpectedResponseText,
} from "@folio/core"
import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { describeError } from "../src/errors/describeError"

const host = "folio.example:8443"

describe("describeError", () => {
  it("gives a 500 the server-side text with its digest", () => {
    const error = new InternalServerError({ message: "boom", digest: "d1g35t" })
    expect(describeError(error, host)).toEqual({
      kind: "server",
      text: serverExceptionText(host, "d1g35t"),
      digest: "d1g35t",
    })
  })

  it("gives a body of the wrong shape the unexpected-response text", () => {
    const parsed = Schema.decodeUnknownEither(Schema.Struct({ status: Schema.Literal("ok") }))({})
    if (Either.isRight(parsed)) throw new Error("expected a ParseError")
    expect(describeError(parsed.left, host).text).toBe(unexpectedResponseText)
  })

  it("gives a status the contract does not declare the unexpected-response text", () => {
    const request = HttpClientRequest.get("/api/health")
    const response = HttpClientResponse.fromWeb(
      request,
      new Response("<html>Bad gateway</html>", { status: 502 }),
    )
    const error = new HttpClientError.ResponseError({ request, response, reason: "Decode" })
    expect(describeError(error, host).text).toBe(unexpectedResponseText)
  })

  it("treats a request that never got an answer as the client's failure", () => {
    const request = HttpClientRequest.get("/api/health")
    const error = new HttpClientError.RequestError({ request, reason: "Transport" })
    expect(describeError(error, host).text).toBe(clientExceptionText(host))
  })

  it("shows an unrecognized action's own message", () => {
    const error = new UnrecognizedAction({ message: "No such action.", method: "GET", path: "/api/x" })
    expect(describeError(error, host)).toMatchObject({ kind: "unrecognizedAction", text: "No such action." })
  })

  it("shows the server's words for a declared failure", () => {
    const error = new ServiceUnavailable({ message: "The database is not answering." })
    expect(describeError(error, host).text).toBe("The database is not answering.")
  })

  it("falls back to the client-side text with the host", () => {
    expect(describeError(new TypeError("x is undefined"), host)).toEqual({
      kind: "client",
      text: clientExceptionText(host),
      digest: null,
    })
  })
})
