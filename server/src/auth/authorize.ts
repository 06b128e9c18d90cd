import { type Action, CurrentActor, Forbidden, type Grant, grantFor } from "@folio/core"
import { Effect } from "effect"

export type Need = "read" | "write" | "admin"

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
    if (!actor.scopes.includes(need)) {
      return yield* new Forbidden({ message: `This API token lacks the "${need}" scope.` })
    }
    return { actor, grant }
  })
