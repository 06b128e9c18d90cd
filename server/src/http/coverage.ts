import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { CoverageService } from "../coverage/service.js"
import { reportReachOf } from "../reports/reach.js"

export const CoverageLive = HttpApiBuilder.group(FolioApi, "coverage", (handlers) =>
  Effect.gen(function* () {
    const coverage = yield* CoverageService
    /** A row's last report (and a change's report) shows only when the caller may read it. */
    const reach = Effect.gen(function* () {
      const { actor } = yield* authorize("coverage.read", "read")
      const { grant } = yield* authorize("reports.read", "read")
      return yield* reportReachOf(actor, grant)
    })
    const manage = Effect.gen(function* () {
      const { actor, grant } = yield* authorize("coverage.manage", "write")
      return { actor, grant, reach: yield* reach }
    })
    return handlers
      .handle("list", ({ urlParams }) => reach.pipe(Effect.flatMap((r) => coverage.list(urlParams, r))))
      .handle("distribution", () =>
        authorize("coverage.read", "read").pipe(Effect.zipRight(coverage.distribution)),
      )
      .handle("history", ({ urlParams }) =>
        reach.pipe(
          Effect.flatMap((r) => coverage.history(urlParams.symbol, urlParams.analyst, r)),
          Effect.map((items) => ({ items })),
        ),
      )
      .handle("set", ({ payload }) =>
        manage.pipe(Effect.flatMap(({ actor, grant, reach }) => coverage.set(actor, grant, payload, reach))),
      )
      .handle("drop", ({ payload }) =>
        manage.pipe(Effect.flatMap(({ actor, grant, reach }) => coverage.drop(actor, grant, payload, reach))),
      )
  }),
)
