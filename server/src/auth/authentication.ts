import { HttpServerRequest } from "@effect/platform"
import { Authentication, apiTokenPrefix, csrfHeaderName, Forbidden, Unauthorized } from "@folio/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { ApiTokens } from "./apiTokens.js"
import { Sessions } from "./sessions.js"

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * Resolves the caller from a bearer token (CLI, CI) or the session cookie (console). The bearer
 * scheme is tried first; the cookie scheme runs last, so its message is the one a caller sees.
 * Cookie-authenticated writes must echo the session's CSRF token in `x-folio-csrf`: another
 * site can make a browser send the cookie, but cannot read the token.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const apiTokens = yield* ApiTokens
    return {
      bearerToken: (token) =>
        Effect.gen(function* () {
          const value = Redacted.value(token).trim()
          if (value === "") return yield* new Unauthorized({ message: "No bearer token." })
          const actor = value.startsWith(apiTokenPrefix)
            ? yield* apiTokens.resolve(value)
            : yield* sessions.resolve(value, "bearer")
          return yield* Option.match(actor, {
            onNone: () =>
              new Unauthorized({ message: "The token is invalid, expired or revoked. Sign in again." }),
            onSome: Effect.succeed,
          })
        }),
      sessionCookie: (token) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const value = Redacted.value(token)
          if (value === "") {
            return yield* new Unauthorized({
              message: request.headers.authorization
                ? "The token is invalid, expired or revoked. Sign in again."
                : "Sign in to continue.",
            })
          }
          const resolved = yield* sessions.resolve(value, "cookie")
          if (Option.isNone(resolved)) {
            return yield* new Unauthorized({ message: "Your session has ended. Sign in again." })
          }
          const actor = resolved.value
          if (!safeMethods.has(request.method) && request.headers[csrfHeaderName] !== actor.csrfToken) {
            return yield* new Forbidden({
              message: "This request is missing its CSRF token. Reload the page and try again.",
            })
          }
          return actor
        }),
    }
  }),
)
