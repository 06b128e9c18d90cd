import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { reachOf } from "../companies/reach.js"
import { Users } from "../users/service.js"

export const UsersLive = HttpApiBuilder.group(FolioApi, "users", (handlers) =>
  Effect.gen(function* () {
    const users = yield* Users
    const manage = authorize("users.manage", "admin")
    return handlers
      .handle("list", ({ urlParams }) =>
        authorize("users.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => users.list(urlParams, reachOf(grant, actor))),
        ),
      )
      .handle("get", ({ path }) =>
        authorize("users.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => users.get(path.userId, reachOf(grant, actor))),
        ),
      )
      .handle("setRole", ({ path, payload }) =>
        manage.pipe(Effect.flatMap(({ actor }) => users.setRole(actor, path.userId, payload.role))),
      )
      .handle("setStatus", ({ path, payload }) =>
        manage.pipe(Effect.flatMap(({ actor }) => users.setStatus(actor, path.userId, payload.status))),
      )
  }),
)
