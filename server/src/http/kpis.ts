import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { KpiImporter } from "../kpis/importer.js"
import { KpisRepo } from "../kpis/repo.js"

export const KpisLive = HttpApiBuilder.group(FolioApi, "kpis", (handlers) =>
  Effect.gen(function* () {
    const kpis = yield* KpisRepo
    const importer = yield* KpiImporter
    return handlers
      .handle("list", ({ urlParams }) =>
        authorize("kpis.read", "read").pipe(Effect.zipRight(kpis.tickers(urlParams))),
      )
      .handle("get", ({ path }) =>
        authorize("kpis.read", "read").pipe(Effect.zipRight(kpis.forTicker(path.symbol))),
      )
      .handle("import", ({ payload }) =>
        authorize("kpis.manage", "write").pipe(
          Effect.flatMap(({ actor, grant }) => importer.run(actor, grant, payload)),
        ),
      )
  }),
)
