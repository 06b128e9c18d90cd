import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { providersOf } from "../ai/providers.js"
import { AiRuns } from "../ai/runs.js"
import { Audit } from "../audit/audit.js"
import { authorize } from "../auth/authorize.js"
import { ConfigStore } from "../config/store.js"

/**
 * The AI playground's providers and saved runs (`ai.use`). A run itself streams from its own
 * route, outside the API (ai/route.ts). Runs are their author's only: anyone else's is a 404.
 */
export const AiLive = HttpApiBuilder.group(FolioApi, "ai", (handlers) =>
  Effect.gen(function* () {
    const store = yield* ConfigStore
    const runs = yield* AiRuns
    const audit = yield* Audit
    const use = (need: "read" | "write") => authorize("ai.use", need)
    return handlers
      .handle("providers", () => use("read").pipe(Effect.map(() => providersOf(store))))
      .handle("runs", ({ urlParams }) =>
        use("read").pipe(Effect.flatMap(({ actor }) => runs.list(actor.user.id, urlParams))),
      )
      .handle("run", ({ path }) =>
        use("read").pipe(Effect.flatMap(({ actor }) => runs.get(actor.user.id, path.runId))),
      )
      .handle("deleteRun", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* use("write")
          const removed = yield* runs.remove(actor.user.id, path.runId)
          yield* audit.record({
            action: "ai.run.delete",
            actor: { id: actor.user.id, email: actor.user.email },
            target: { type: "ai_run", id: removed.id },
            before: {
              provider: removed.provider,
              model: removed.model,
              template: removed.template,
              reportId: removed.reportId,
            },
          })
        }),
      )
  }),
)
