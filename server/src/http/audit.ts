import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { authorize } from "../auth/authorize.js"

export const AuditLive = HttpApiBuilder.group(FolioApi, "audit", (handlers) =>
  Effect.gen(function* () {
    const audit = yield* Audit
    return handlers.handle("list", ({ urlParams }) =>
      authorize("audit.read", "admin").pipe(Effect.zipRight(audit.list(urlParams))),
    )
  }),
)
