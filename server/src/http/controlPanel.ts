import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { FailedWork } from "../controlPanel/failedWork.js"
import { ControlPanelHealthCheck } from "../controlPanel/health.js"
import { ActiveSessions } from "../controlPanel/sessions.js"

export const ControlPanelLive = HttpApiBuilder.group(FolioApi, "controlPanel", (handlers) =>
  Effect.gen(function* () {
    const health = yield* ControlPanelHealthCheck
    const failed = yield* FailedWork
    const sessions = yield* ActiveSessions
    return handlers
      .handle("health", () => authorize("controlPanel.view", "admin").pipe(Effect.zipRight(health.check)))
      .handle("failedJobs", ({ urlParams }) =>
        authorize("controlPanel.view", "admin").pipe(Effect.zipRight(failed.jobs(urlParams))),
      )
      .handle("retryJobs", ({ payload }) =>
        authorize("controlPanel.view", "admin").pipe(
          Effect.flatMap(({ actor }) => failed.retryJobs(actor, payload.ids)),
        ),
      )
      .handle("failedMail", ({ urlParams }) =>
        authorize("controlPanel.view", "admin").pipe(Effect.zipRight(failed.mail(urlParams))),
      )
      .handle("retryMail", ({ payload }) =>
        authorize("controlPanel.view", "admin").pipe(
          Effect.flatMap(({ actor }) => failed.retryMail(actor, payload.ids)),
        ),
      )
      .handle("sessions", ({ urlParams }) =>
        authorize("controlPanel.view", "admin").pipe(
          Effect.flatMap(({ actor }) => sessions.list(urlParams, actor.sessionId)),
        ),
      )
  }),
)
