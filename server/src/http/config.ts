import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { ConfigChanges } from "../config/changes.js"
import { ConfigReads } from "../config/reads.js"
import { ConfigStore } from "../config/store.js"

/**
 * The configuration store, admins only. Reading (the snapshot, a plan, the history) needs a
 * token's `read` scope; changing it needs `admin`, since a key can switch sign-in off.
 */
export const ConfigGroupLive = HttpApiBuilder.group(FolioApi, "config", (handlers) =>
  Effect.gen(function* () {
    const reads = yield* ConfigReads
    const changes = yield* ConfigChanges
    const author = (need: "read" | "admin") =>
      Effect.map(authorize("config.manage", need), ({ actor }) => ({
        id: actor.user.id,
        email: actor.user.email,
      }))
    return handlers
      .handle("snapshot", () => authorize("config.manage", "read").pipe(Effect.zipRight(reads.snapshot)))
      .handle("patch", ({ headers, payload }) =>
        Effect.flatMap(author("admin"), (by) =>
          changes.patch(payload.operations, {
            ifMatch: headers["if-match"],
            comment: payload.comment,
            author: by,
          }),
        ),
      )
      .handle("plan", ({ payload }) =>
        authorize("config.manage", "read").pipe(Effect.zipRight(reads.plan(payload))),
      )
      .handle("history", ({ urlParams }) =>
        authorize("config.manage", "read").pipe(Effect.zipRight(reads.history(urlParams))),
      )
      .handle("version", ({ path }) =>
        authorize("config.manage", "read").pipe(Effect.zipRight(reads.version(path.version))),
      )
      .handle("rollback", ({ headers, payload }) =>
        Effect.flatMap(author("admin"), (by) =>
          changes.rollback(payload.version, {
            ifMatch: headers["if-match"],
            comment: payload.comment,
            author: by,
          }),
        ),
      )
  }),
)

/** Anonymous: what a console needs before sign-in, from memory (the defaults while missing). */
export const SiteLive = HttpApiBuilder.group(FolioApi, "site", (handlers) =>
  Effect.gen(function* () {
    const store = yield* ConfigStore
    return handlers.handle("status", () => Effect.sync(store.siteStatus))
  }),
)
