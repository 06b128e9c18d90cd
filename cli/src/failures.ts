import type { HttpApiError, HttpClientError } from "@effect/platform"
import { type ApiError, plural, unexpectedResponseText } from "@folio/core"
import { type Cause, type ParseResult, Schema } from "effect"
import { CliError } from "./cliError.js"
import { cliVersion } from "./version.js"

/** How long one request may take before the CLI gives up on the server. */
export const requestTimeoutSeconds = 15

/** Everything a typed client call can fail with once a timeout is applied. */
export type ClientFailure =
  | ApiError
  | HttpApiError.HttpApiDecodeError
  | HttpClientError.HttpClientError
  | ParseResult.ParseError
  | Cause.TimeoutException

// fetch() rejects with TypeError("fetch failed") whose cause carries the system error code.
const NetworkCause = Schema.Struct({
  cause: Schema.Struct({ code: Schema.optional(Schema.String), message: Schema.String }),
})
const decodeNetworkCause = Schema.decodeUnknownOption(NetworkCause)

const networkProblem = (cause: unknown): { reason: string; hint: string } => {
  const decoded = decodeNetworkCause(cause)
  const code = decoded._tag === "Some" ? decoded.value.cause.code : undefined
  const message = decoded._tag === "Some" ? decoded.value.cause.message : "the request failed"
  switch (code) {
    case "ECONNREFUSED":
      return {
        reason: "connection refused",
        hint: "Is the server running? Start it with `npm start` or pass --url.",
      }
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { reason: "host not found", hint: "Check the address, or pass --url." }
    case "ECONNRESET":
    case "EPIPE":
      return { reason: "the connection was reset", hint: "Check that the URL points at Folio, or try again." }
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return {
        reason: "the connection timed out",
        hint: "Check the address and your network, or pass --url.",
      }
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return { reason: "the network cannot reach the host", hint: "Check the address and your network." }
    default:
      if (code?.includes("CERT") || code === "UNABLE_TO_VERIFY_LEAF_SIGNATURE")
        return {
          reason: `its TLS certificate is not trusted (${code})`,
          hint: "Check the URL, or trust the CA.",
        }
      return { reason: message, hint: "Check the address, or pass --url." }
  }
}

const seconds = (total: number): string => {
  if (total < 120) return plural(total, "second")
  const minutes = Math.ceil(total / 60)
  return `${minutes} minutes`
}

const withStop = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/**
 * Turns a failed request into the line the user reads. Typed API errors keep the server's
 * message; transport and decoding failures say what happened at which address.
 */
export const describeFailure =
  (
    target: { readonly url: string; readonly token: string | null; readonly tokenSource: string | null },
    timeoutSeconds: number = requestTimeoutSeconds,
  ) =>
  (error: ClientFailure): CliError => {
    const url = target.url
    switch (error._tag) {
      case "RequestError":
        if (error.reason === "Transport") {
          const { reason, hint } = networkProblem(error.cause)
          return new CliError({
            code: "Unreachable",
            message: `Cannot reach Folio at ${url}: ${reason}.`,
            hint,
          })
        }
        return new CliError({
          code: "RequestError",
          message: `Cannot send ${error.request.method} ${error.request.url}: ${error.message}`,
        })
      case "ResponseError":
        return new CliError({
          code: "UnexpectedResponse",
          message: `${unexpectedResponseText} (${error.request.method} ${error.request.url} answered HTTP ${error.response.status}.)`,
          hint: `Is ${url} a Folio server?`,
        })
      case "ParseError":
        return new CliError({
          code: "UnexpectedResponse",
          message: `${unexpectedResponseText.replace(/\.$/, "")} at ${url}.`,
          hint: `Is it a Folio server, and the same version as this CLI (${cliVersion})?`,
        })
      case "TimeoutException":
        return new CliError({
          code: "Timeout",
          message: `Folio at ${url} did not answer within ${seconds(timeoutSeconds)}.`,
          hint: "Check that the server is healthy, or pass --url.",
        })
      case "Unauthorized":
        return new CliError({
          code: error._tag,
          message: withStop(error.message),
          hint:
            target.tokenSource === "env"
              ? "Check FOLIO_TOKEN, or unset it to use the stored credential."
              : target.tokenSource === "credential"
                ? "Run `folio login` to sign in again."
                : target.token === null
                  ? undefined
                  : "Run `folio login` to sign in again.",
        })
      // The server's message already says when ("… Try again in 42 seconds."): add it only if not.
      case "RateLimited":
        return new CliError({
          code: error._tag,
          message: /try again in/i.test(error.message)
            ? withStop(error.message)
            : `${withStop(error.message)} Try again in ${seconds(error.retryAfterSeconds)}.`,
        })
      case "ValidationError": {
        const issues = error.issues
          .filter((issue) => issue.message !== error.message)
          .map((issue) =>
            issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
          )
        return new CliError({
          code: error._tag,
          message: withStop(issues.length > 0 ? `${error.message} (${issues.join("; ")})` : error.message),
        })
      }
      case "HttpApiDecodeError": {
        // The server could not decode what this CLI sent: a version mismatch, or a bad flag value.
        const issues = error.issues.map((issue) =>
          issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message,
        )
        return new CliError({
          code: "ValidationError",
          message: withStop(issues.length > 0 ? `${error.message} (${issues.join("; ")})` : error.message),
        })
      }
      case "ServiceUnavailable":
        return new CliError({
          code: error._tag,
          message: `Folio at ${url} is unavailable: ${withStop(error.message)}`,
        })
      case "UnrecognizedAction":
        return new CliError({
          code: error._tag,
          message: `Folio at ${url} does not recognise ${error.method} ${error.path}.`,
          hint: `The server may be older than this CLI (folio ${cliVersion}).`,
        })
      case "PayloadTooLarge":
        return new CliError({
          code: error._tag,
          message: `Folio at ${url} refused the request: ${withStop(error.message)}`,
          hint: "For an import, a smaller --batch-size sends less at once.",
        })
      case "InternalServerError":
        return new CliError({
          code: error._tag,
          message: `${withStop(error.message)} Digest: ${error.digest}.`,
          hint: "The server log has the cause under this digest.",
        })
      // A guarded write whose digest is stale: nothing changed (the config commands say more).
      case "PreconditionFailed":
        return new CliError({
          code: error._tag,
          message: `${withStop(error.message)} The store is at ${error.digest}; nothing was changed.`,
          exitCode: 4,
        })
      case "MaintenanceMode":
        return new CliError({
          code: error._tag,
          message: `Folio at ${url} is in maintenance: ${withStop(error.message)} Try again in ${seconds(error.retryAfterSeconds)}.`,
          hint: "Admins keep working: sign in as one, or use an admin-scoped token.",
        })
      case "ConfigMissing":
        return new CliError({
          code: error._tag,
          message: `Folio at ${url} has no configuration: ${withStop(error.reason)}`,
          hint: `Fix: ${error.fix}`,
        })
      case "Forbidden":
      case "NotFound":
      case "Conflict":
        return new CliError({ code: error._tag, message: withStop(error.message) })
      // A blackout or the restricted list: the server's message already holds the reason.
      case "ReleaseBlocked":
        return new CliError({
          code: "Conflict",
          message: withStop(error.message),
          hint:
            error.rule === "blackout"
              ? "Choose a time outside the blackout period, or ask an editor to remove it (`folio blackouts list`)."
              : "Take the ticker off the restricted list first (`folio restricted list`).",
        })
    }
  }

/**
 * Failures worth trying again after a pause: the network, a timeout, the server or a proxy in
 * front of it failing (5xx), or a rate limit. Everything else would fail the same way again.
 */
export const isTransient = (error: ClientFailure): boolean => {
  switch (error._tag) {
    case "RequestError":
      return error.reason === "Transport"
    case "ResponseError":
      return error.response.status >= 500 || error.response.status === 429
    case "TimeoutException":
    case "InternalServerError":
    case "ServiceUnavailable":
    case "RateLimited":
      return true
    default:
      return false
  }
}

/** The pause a rate-limited answer asks for, in milliseconds. */
export const retryAfterMs = (error: ClientFailure): number | undefined =>
  error._tag === "RateLimited" ? error.retryAfterSeconds * 1000 : undefined
