import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { myReports, platformFigures, sinceLastVisit } from "../readership/dashboard.js"
import { reportReachOf } from "../reports/reach.js"

/** The dashboard's tiles that are not report lists or analytics. */
export const DashboardLive = HttpApiBuilder.group(FolioApi, "dashboard", (handlers) =>
  handlers
    .handle("sinceLastVisit", () =>
      Effect.gen(function* () {
        yield* authorize("dashboard.view", "read")
        const { actor, grant } = yield* authorize("reports.read", "read")
        return yield* sinceLastVisit(actor.user.id, yield* reportReachOf(actor, grant))
      }),
    )
    .handle("myReports", () =>
      authorize("reports.create", "read").pipe(Effect.flatMap(({ actor }) => myReports(actor.user.id))),
    )
    .handle("figures", () => authorize("controlPanel.view", "read").pipe(Effect.zipRight(platformFigures))),
)
