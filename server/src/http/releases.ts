import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { ReleaseRules } from "../releases/rules.js"
import { Releases } from "../releases/service.js"
import { Reports } from "../reports/service.js"

export const ReleasesLive = HttpApiBuilder.group(FolioApi, "releases", (handlers) =>
  Effect.gen(function* () {
    const releases = yield* Releases
    const rules = yield* ReleaseRules
    const reports = yield* Reports
    const manage = (need: "read" | "write") => authorize("releases.manage", need)
    const staff = { kind: "staff" } as const
    return handlers
      .handle("schedule", ({ urlParams }) => manage("read").pipe(Effect.zipRight(releases.list(urlParams))))
      .handle("setSchedule", ({ path, payload }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("reports.schedule", "write")
          yield* releases.schedule(actor, path.reportId, payload)
          return yield* reports.get(actor, path.reportId, staff)
        }),
      )
      .handle("unsetSchedule", ({ path }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorize("reports.schedule", "write")
          // Unscheduling is never blocked; only publishing is.
          return yield* reports
            .transition(actor, path.reportId, "unschedule", undefined, staff)
            .pipe(Effect.catchTag("ReleaseBlocked", Effect.die))
        }),
      )
      .handle("apply", ({ payload }) =>
        authorize("reports.schedule", "write").pipe(
          Effect.flatMap(({ actor }) => releases.apply(actor, payload)),
        ),
      )
      .handle("blackouts", ({ urlParams }) =>
        manage("read").pipe(Effect.zipRight(rules.blackouts(urlParams))),
      )
      .handle("addBlackout", ({ payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => rules.addBlackout(actor, payload))),
      )
      .handle("removeBlackout", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => rules.removeBlackout(actor, path.blackoutId))),
      )
      .handle("restricted", () => manage("read").pipe(Effect.zipRight(rules.restricted)))
      .handle("restrict", ({ path, payload }) =>
        manage("write").pipe(
          Effect.flatMap(({ actor }) => rules.restrict(actor, path.symbol, payload.reason)),
        ),
      )
      .handle("unrestrict", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => rules.unrestrict(actor, path.symbol))),
      )
  }),
)
