import { type Action, CurrentActor, Forbidden, type Grant, grantFor } from "@folio/core"
import { Effect } from "effect"

export type Need = "read" | "write" | "admin"

/** Scopes nest: a `write` token may also read, an `admin` token may also write and read. */
const rank: Record<Need, number> = { read: 1, write: 2, admin: 3 }
export const scopeAllows = (scopes: ReadonlyArray<Need>, need: Need): boolean =>
  scopes.some((scope) => rank[scope] >= rank[need])

/**
 * The one gate every handler passes: the role's grant for the action from core's policy matrix,
 * and, for API tokens, the scope the operation needs. Returns the grant so a handler can narrow
 * "own" to the caller's own objects.
 */
export const authorize = (action: Action, need: Need) =>
  Effect.gen(function* () {
    const actor = yield* CurrentActor
    const grant: Grant = grantFor(actor.user.role, action)
    if (grant === "none") {
      return yield* new Forbidden({ message: `Your role (${actor.user.role}) may not do this.` })
    }
    if (!scopeAllows(actor.scopes, need)) {
      return yield* new Forbidden({ message: `This API token lacks the "${need}" scope.` })
    }
    return { actor, grant }
  })
