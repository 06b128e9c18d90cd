import { HttpApp, HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { type Actor, apiPrefix, MaintenanceMode } from "@folio/core"
import { Effect } from "effect"
import { scopeAllows } from "../auth/authorize.js"
import type { ConfigStore } from "../config/store.js"

/**
 * What the configuration store decides about a request before any handler sees it: an instance
 * without a snapshot answers 503 `ConfigMissing` (every API path but these), and maintenance
 * mode turns signed-in non-admins away with 503 `MaintenanceMode` and a Retry-After.
 */

/** Paths that answer whatever the store's state: monitors, the console's first question, the spec. */
const alwaysOpen = new Set([`${apiPrefix}/health`, `${apiPrefix}/status`, `${apiPrefix}/openapi.json`])

/** Signing in and out, and asking who is signed in, keep working during maintenance. */
const openDuringMaintenance = `${apiPrefix}/session`

const pathOf = (url: string) => url.split("?", 1)[0] ?? url

/**
 * The 503 of an instance that cannot load its configuration: the reason and the fix, on every API
 * path but health, status and the OpenAPI document. Nothing is decoded or authenticated first; a
 * property read decides, so a healthy instance pays nothing for it.
 */
export const configMissingGate = (store: ConfigStore) =>
  HttpMiddleware.make((app) =>
    Effect.suspend(() => {
      const state = store.current()
      if (state.status !== "missing") return app
      return Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
        const path = pathOf(request.url)
        if (!path.startsWith(`${apiPrefix}/`) || alwaysOpen.has(path)) return app
        return Effect.succeed(
          HttpServerResponse.unsafeJson(
            { _tag: "ConfigMissing", message: state.reason, reason: state.reason, fix: state.fix },
            { status: 503, headers: { "cache-control": "no-store", "retry-after": "5" } },
          ),
        )
      })
    }),
  )

/** Admins, signed in or through a token with the admin scope, work through maintenance. */
const isAdmin = (actor: Actor) => actor.user.role === "admin" && scopeAllows(actor.scopes, "admin")

/**
 * Run by the authentication middleware once it knows the caller: during maintenance, anyone but
 * an admin gets the configured message as a 503 with `Retry-After`.
 */
export const maintenanceGate = (
  store: ConfigStore,
  actor: Actor,
): Effect.Effect<void, MaintenanceMode, HttpServerRequest.HttpServerRequest> => {
  const settings = store.settings()
  // Decided before any effect is built: the usual case (maintenance off) costs a property read.
  if (!settings["maintenance.enabled"] || isAdmin(actor)) return Effect.void
  return Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (pathOf(request.url) === openDuringMaintenance) return
    const retryAfter = settings["maintenance.retryAfterSeconds"]
    yield* HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(retryAfter))),
    )
    return yield* new MaintenanceMode({
      message: settings["maintenance.message"],
      retryAfterSeconds: retryAfter,
    })
  })
}
