import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import {
  type Action,
  type Actor,
  Authentication,
  CurrentActor,
  type Grant,
  sessionCookieName,
} from "@folio/core"
import { Effect, Either, Redacted } from "effect"
import { authorize, type Need } from "../auth/authorize.js"

/**
 * The caller of a route outside the JSON API (audio, artwork, tus uploads), resolved by the same
 * Authentication service the API uses: a bearer token (CLI, API tokens), else the session cookie,
 * whose writes must carry the session's CSRF header (`x-folio-csrf`) as on the API.
 */
const resolveActor = Effect.gen(function* () {
  const auth = yield* Authentication
  const request = yield* HttpServerRequest.HttpServerRequest
  const header = request.headers.authorization
  if (header !== undefined && /^bearer /i.test(header)) {
    return yield* auth.bearerToken(Redacted.make(header.slice(7).trim()))
  }
  return yield* auth.sessionCookie(Redacted.make(request.cookies[sessionCookieName] ?? ""))
})

const statusOf: Record<string, number> = { Unauthorized: 401, Forbidden: 403, MaintenanceMode: 503 }

export type Refusal = HttpServerResponse.HttpServerResponse

/** A refusal in the API's JSON shape (`_tag`, `message`), or plain text for tus clients, which show the body as is. */
export const refusal = (
  status: number,
  tag: string,
  message: string,
  format: "json" | "text" = "json",
): HttpServerResponse.HttpServerResponse =>
  format === "json"
    ? HttpServerResponse.unsafeJson(
        { _tag: tag, message },
        { status, headers: { "cache-control": "no-store" } },
      )
    : HttpServerResponse.text(message, { status, headers: { "cache-control": "no-store" } })

/** The caller and their grant for `action`, or the answer that turns them away. */
export const callerFor = (action: Action, need: Need, format: "json" | "text" = "json") =>
  Effect.gen(function* () {
    const resolved = yield* Effect.either(resolveActor)
    if (Either.isLeft(resolved)) {
      const error = resolved.left
      return Either.left(refusal(statusOf[error._tag] ?? 401, error._tag, error.message, format))
    }
    const actor: Actor = resolved.right
    const granted = yield* Effect.either(
      authorize(action, need).pipe(Effect.provideService(CurrentActor, actor)),
    )
    if (Either.isLeft(granted)) return Either.left(refusal(403, "Forbidden", granted.left.message, format))
    const grant: Grant = granted.right.grant
    return Either.right({ actor, grant })
  })
