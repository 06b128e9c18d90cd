import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, transitions } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { recordServerEvent } from "../readership/record.js"
import { recordOf } from "../reports/export.js"
import { ReportImporter } from "../reports/importer.js"
import { reportReachOf } from "../reports/reach.js"
import { ReportsRepo } from "../reports/repo.js"
import { Reports } from "../reports/service.js"
import { reportWire } from "../reports/wire.js"
import { jsonResponse } from "./jsonResponse.js"

/** Reads and writes both start from the caller's reading reach: an unreadable report is a 404. */
const readReach = authorize("reports.read", "read").pipe(
  Effect.flatMap(({ actor, grant }) =>
    reportReachOf(actor, grant).pipe(Effect.map((reach) => ({ actor, reach }))),
  ),
)

export const ReportsLive = HttpApiBuilder.group(FolioApi, "reports", (handlers) =>
  Effect.gen(function* () {
    const reports = yield* Reports
    const repo = yield* ReportsRepo
    const importer = yield* ReportImporter
    return (
      handlers
        // The two reads every screen makes answer in the wire's shape directly (reports/wire.ts).
        .handle("list", ({ urlParams }) =>
          readReach.pipe(
            Effect.flatMap(({ actor, reach }) => repo.list(urlParams, actor.user.id, reach)),
            Effect.map((page) =>
              jsonResponse({
                items: page.items.map((r) => reportWire(r, false)),
                nextCursor: page.nextCursor,
              }),
            ),
          ),
        )
        .handle("export", ({ urlParams }) =>
          Effect.gen(function* () {
            const { actor } = yield* authorize("reports.export", "read")
            const { reach } = yield* readReach
            const page = yield* repo.list(urlParams, actor.user.id, reach, true)
            return { items: page.items.map(recordOf), nextCursor: page.nextCursor }
          }),
        )
        .handle("get", ({ path }) =>
          Effect.gen(function* () {
            const { actor, reach } = yield* readReach
            const report = yield* reports.get(actor, path.reportId, reach)
            // The console records its own opens and reads (with dwell); the API counts a fetch as an open.
            if (actor.via !== "cookie" && report.status === "published") {
              yield* recordServerEvent({
                userId: actor.user.id,
                companyId: actor.company.id,
                kind: "report_view",
                channel: "api",
                reportId: report.id,
              })
            }
            return jsonResponse(reportWire(report, true))
          }),
        )
        .handle("create", ({ payload }) =>
          authorize("reports.create", "write").pipe(
            Effect.flatMap(({ actor }) => reports.create(actor, payload)),
          ),
        )
        .handle("update", ({ path, payload }) =>
          Effect.gen(function* () {
            yield* authorize("reports.edit", "write")
            const { actor, reach } = yield* readReach
            return yield* reports.update(actor, path.reportId, payload, reach)
          }),
        )
        .handle("transition", ({ path, payload }) =>
          Effect.gen(function* () {
            yield* authorize(transitions[path.transition].action, "write")
            const { actor, reach } = yield* readReach
            return yield* reports.transition(actor, path.reportId, path.transition, payload.version, reach)
          }),
        )
        .handle("archiveMany", ({ payload }) =>
          Effect.gen(function* () {
            yield* authorize("reports.archive", "write")
            const { actor, reach } = yield* readReach
            return yield* reports.archiveMany(actor, payload.ids, reach)
          }),
        )
        .handle("revisions", ({ path }) =>
          readReach.pipe(
            Effect.flatMap(({ actor, reach }) => reports.revisions(actor, path.reportId, reach)),
          ),
        )
        .handle("revision", ({ path }) =>
          readReach.pipe(
            Effect.flatMap(({ actor, reach }) => reports.revision(actor, path.reportId, path.version, reach)),
          ),
        )
        .handle("restore", ({ path, payload }) =>
          Effect.gen(function* () {
            yield* authorize("reports.edit", "write")
            const { actor, reach } = yield* readReach
            return yield* reports.restore(actor, path.reportId, path.version, payload.version, reach)
          }),
        )
        .handle("favorite", ({ path }) =>
          Effect.gen(function* () {
            yield* authorize("favorites.manage", "write")
            const { actor, reach } = yield* readReach
            yield* reports.setFavorite(actor, path.reportId, true, reach)
          }),
        )
        .handle("unfavorite", ({ path }) =>
          Effect.gen(function* () {
            yield* authorize("favorites.manage", "write")
            const { actor, reach } = yield* readReach
            yield* reports.setFavorite(actor, path.reportId, false, reach)
          }),
        )
        .handle("import", ({ payload }) =>
          authorize("reports.import", "write").pipe(
            Effect.flatMap(({ actor }) => importer.run(actor, payload)),
          ),
        )
    )
  }),
)
