import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { reachOf } from "../companies/reach.js"
import { Companies } from "../companies/service.js"

export const CompaniesLive = HttpApiBuilder.group(FolioApi, "companies", (handlers) =>
  Effect.gen(function* () {
    const companies = yield* Companies
    return handlers
      .handle("list", ({ urlParams }) =>
        authorize("companies.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => companies.list(urlParams, reachOf(grant, actor))),
        ),
      )
      .handle("get", ({ path }) =>
        authorize("companies.read", "read").pipe(
          Effect.flatMap(({ actor, grant }) => companies.get(path.companyId, reachOf(grant, actor))),
        ),
      )
      .handle("create", ({ payload }) =>
        authorize("companies.manage", "admin").pipe(
          Effect.flatMap(({ actor }) => companies.create(actor, payload)),
        ),
      )
      .handle("update", ({ path, payload }) =>
        authorize("companies.manage", "admin").pipe(
          Effect.flatMap(({ actor }) => companies.update(actor, path.companyId, payload)),
        ),
      )
  }),
)
