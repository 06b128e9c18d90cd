import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, NotFound } from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { authorize } from "../auth/authorize.js"
import { analytics } from "../readership/analytics.js"
import { eraseReadership, exportReadership, myReadership } from "../readership/personal.js"
import { recordBatch } from "../readership/record.js"
import { reportReachOf } from "../reports/reach.js"
import { UsersRepo } from "../users/repo.js"

/** Events in, a person's own record out, an admin's erasure. */
export const ReadershipLive = HttpApiBuilder.group(FolioApi, "readership", (handlers) =>
  Effect.gen(function* () {
    const users = yield* UsersRepo
    const audit = yield* Audit
    return handlers
      .handle("record", ({ payload }) =>
        Effect.gen(function* () {
          const { actor, grant } = yield* authorize("reports.read", "read")
          return yield* recordBatch(actor, yield* reportReachOf(actor, grant), payload)
        }),
      )
      .handle("mine", () =>
        authorize("profile.manage", "read").pipe(Effect.flatMap(({ actor }) => myReadership(actor.user.id))),
      )
      .handle("export", () =>
        authorize("profile.manage", "read").pipe(Effect.flatMap(({ actor }) => exportReadership(actor.user))),
      )
      .handle("erase", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("readership.erase", "admin")
          const user = yield* users.findById(path.userId)
          if (Option.isNone(user)) return yield* new NotFound({ message: "No such user." })
          const result = yield* eraseReadership(path.userId)
          yield* audit.record({
            action: "readership.erase",
            actor: actor.user,
            target: { type: "user", id: path.userId },
            after: result,
          })
          return result
        }),
      )
  }),
)

/** Analytics: everything for editors and admins, an analyst's own reports for analysts. */
export const AnalyticsLive = HttpApiBuilder.group(FolioApi, "analytics", (handlers) =>
  handlers.handle("get", ({ urlParams }) =>
    Effect.gen(function* () {
      const { actor, grant } = yield* authorize("analytics.view", "read")
      return yield* analytics(
        urlParams,
        grant === "all" ? { kind: "all" } : { kind: "own", authorId: actor.user.id },
      )
    }),
  ),
)
