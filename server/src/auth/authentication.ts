import { HttpServerRequest } from "@effect/platform"
import {
  Authentication,
  apiTokenPrefix,
  csrfHeaderName,
  Forbidden,
  type MaintenanceMode,
  Unauthorized,
} from "@folio/core"
import { Effect, FiberRef, Layer, Option, Redacted } from "effect"
import { ConfigStore } from "../config/store.js"
import { maintenanceGate } from "../http/siteGate.js"
import { ApiTokens } from "./apiTokens.js"
import { Sessions } from "./sessions.js"

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * HttpApi tries the cookie scheme when the bearer one fails, whatever the failure: a bearer
 * caller turned away by maintenance would then read the cookie scheme's "Sign in" instead. The
 * bearer scheme leaves its maintenance refusal here (per request fiber) for the cookie scheme.
 */
const bearerRefusal = FiberRef.unsafeMake<MaintenanceMode | undefined>(undefined)

/**
 * Resolves the caller from a bearer token (CLI, CI) or the session cookie (console). The bearer
 * scheme is tried first; the cookie scheme runs last, so its message is the one a caller sees.
 * Once known, the caller passes the maintenance gate (siteGate.ts).
 * Cookie-authenticated writes must echo the session's CSRF token in `x-folio-csrf`: another
 * site can make a browser send the cookie, but cannot read the token.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const apiTokens = yield* ApiTokens
    const store = yield* ConfigStore
    const admitted = <A extends Parameters<typeof maintenanceGate>[1]>(actor: A) =>
      Effect.as(maintenanceGate(store, actor), actor)
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
            onSome: (known) =>
              admitted(known).pipe(Effect.tapError((refusal) => FiberRef.set(bearerRefusal, refusal))),
          })
        }),
      sessionCookie: (token) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const value = Redacted.value(token)
          if (value === "") {
            const refused = yield* FiberRef.get(bearerRefusal)
            if (refused) return yield* refused
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
          return yield* admitted(actor)
        }),
    }
  }),
).pipe(Layer.provide([Sessions.Default, ApiTokens.Default]))
