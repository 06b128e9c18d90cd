import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { authorize } from "../auth/authorize.js"

/** `audit-log-2025-01-31.csv`: the day of the export, so several downloads keep apart. */
const exportFileName = () => `audit-log-${new Date().toISOString().slice(0, 10)}.csv`

export const AuditLive = HttpApiBuilder.group(FolioApi, "audit", (handlers) =>
  Effect.gen(function* () {
    const audit = yield* Audit
    return handlers
      .handle("list", ({ urlParams }) =>
        authorize("audit.read", "admin").pipe(Effect.zipRight(audit.list(urlParams))),
      )
      .handle("export", ({ urlParams }) =>
        authorize("audit.read", "admin").pipe(
          Effect.zipRight(audit.exportCsv(urlParams)),
          Effect.map((body) =>
            HttpServerResponse.stream(body, {
              contentType: "text/csv; charset=utf-8",
              headers: {
                "content-disposition": `attachment; filename="${exportFileName()}"`,
                "cache-control": "no-store",
              },
            }),
          ),
        ),
      )
  }),
)
