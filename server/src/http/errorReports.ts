import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, Forbidden } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { authorize, type Need } from "../auth/authorize.js"
import { ErrorIssues } from "../errorReports/issues.js"
import { ErrorReportSettingsStore } from "../errorReports/settings.js"
import { Traces } from "../errorReports/traces.js"

export const publisherOnlyMessage =
  "Error reports belong to the publisher: only its own developers and admins can see them."

/**
 * The inbox holds every console user's errors, whatever their company, so on top of the role's
 * grant the caller must work for the publisher: a client company's developer gets a 403.
 */
const authorizeInbox = (need: Need) =>
  authorize("developer.errorReports", need).pipe(
    Effect.filterOrFail(
      ({ actor }) => actor.company.kind === "publisher",
      () => new Forbidden({ message: publisherOnlyMessage }),
    ),
  )

export const ErrorReportsLive = HttpApiBuilder.group(FolioApi, "errorReports", (handlers) =>
  Effect.gen(function* () {
    const issues = yield* ErrorIssues
    const traces = yield* Traces
    const settings = yield* ErrorReportSettingsStore
    const audit = yield* Audit
    return handlers
      .handle("listIssues", ({ urlParams }) =>
        authorizeInbox("read").pipe(Effect.zipRight(issues.list(urlParams))),
      )
      .handle("getIssue", ({ path }) =>
        authorizeInbox("read").pipe(Effect.zipRight(issues.detail(path.issueId))),
      )
      .handle("setIssueStatus", ({ path, payload }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorizeInbox("write")
          const { before, after } = yield* issues.setStatus(path.issueId, payload.status, actor.user.id)
          if (before.status !== after.status) {
            yield* audit.record({
              action: "errorIssue.status",
              actor: actor.user,
              target: { type: "error_issue", id: after.id },
              before: { status: before.status },
              after: { status: after.status },
            })
          }
          return after
        }),
      )
      .handle("listTraceRoutes", () => authorizeInbox("read").pipe(Effect.zipRight(traces.routes)))
      .handle("listTraces", ({ urlParams }) =>
        authorizeInbox("read").pipe(Effect.zipRight(traces.list(urlParams))),
      )
      .handle("getSettings", () => authorizeInbox("read").pipe(Effect.zipRight(settings.get)))
      .handle("updateSettings", ({ payload }) =>
        Effect.gen(function* () {
          const { actor } = yield* authorizeInbox("admin")
          const before = yield* settings.get
          const after = yield* settings.update(payload, { id: actor.user.id, email: actor.user.email })
          yield* audit.record({
            action: "errorReports.settings",
            actor: actor.user,
            target: { type: "error_report_settings", id: "retention" },
            before,
            after,
          })
          return after
        }),
      )
  }),
)
