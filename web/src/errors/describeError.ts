import { HttpClientError } from "@effect/platform"
import {
  ConfigMissing,
  Conflict,
  clientExceptionText,
  Forbidden,
  InternalServerError,
  MaintenanceMode,
  NotFound,
  PayloadTooLarge,
  PreconditionFailed,
  RateLimited,
  ServiceUnavailable,
  serverExceptionText,
  Unauthorized,
  UnrecognizedAction,
  unexpectedResponseText,
  ValidationError,
} from "@folio/core"
import { ParseResult } from "effect"

export type ErrorKind = "server" | "unexpectedResponse" | "unrecognizedAction" | "answered" | "client"

export interface ErrorDescription {
  readonly kind: ErrorKind
  /** The exact words of the error catalogue (PRODUCT.md), or the server's own message. */
  readonly text: string
  /** The id the server logged with the cause of a 500, for the user to quote. */
  readonly digest: string | null
}

/**
 * Maps anything thrown while loading or rendering a screen to what the user is told. Typed API
 * failures come through `callApi` as the contract's own error classes.
 */
export const describeError = (error: unknown, host: string): ErrorDescription => {
  if (error instanceof InternalServerError) {
    return { kind: "server", text: serverExceptionText(host, error.digest), digest: error.digest }
  }
  if (error instanceof UnrecognizedAction) {
    return { kind: "unrecognizedAction", text: error.message, digest: null }
  }
  // A body that does not match the contract, or a status the contract does not declare.
  if (
    ParseResult.isParseError(error) ||
    (HttpClientError.isHttpClientError(error) && error._tag === "ResponseError")
  ) {
    return { kind: "unexpectedResponse", text: unexpectedResponseText, digest: null }
  }
  // Declared failures carry a message written for users: show the server's words, not a guess.
  if (
    error instanceof ServiceUnavailable ||
    error instanceof Forbidden ||
    error instanceof NotFound ||
    error instanceof Conflict ||
    error instanceof PreconditionFailed ||
    error instanceof MaintenanceMode ||
    error instanceof ConfigMissing ||
    error instanceof RateLimited ||
    error instanceof PayloadTooLarge ||
    error instanceof ValidationError ||
    error instanceof Unauthorized
  ) {
    return { kind: "answered", text: error.message, digest: null }
  }
  return { kind: "client", text: clientExceptionText(host), digest: null }
}
