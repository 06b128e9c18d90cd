import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { reportReachOf } from "../reports/reach.js"
import { Tickers } from "../tickers/service.js"

export const TickersLive = HttpApiBuilder.group(FolioApi, "tickers", (handlers) =>
  Effect.gen(function* () {
    const tickers = yield* Tickers
    const reach = Effect.gen(function* () {
      const { actor } = yield* authorize("tickers.read", "read")
      const { grant } = yield* authorize("reports.read", "read")
      return yield* reportReachOf(actor, grant)
    })
    return handlers
      .handle("list", ({ urlParams }) => reach.pipe(Effect.flatMap((r) => tickers.list(urlParams, r))))
      .handle("get", ({ path }) => reach.pipe(Effect.flatMap((r) => tickers.get(path.symbol, r))))
      .handle("create", ({ payload }) =>
        authorize("tickers.manage", "write").pipe(
          Effect.flatMap(({ actor }) => tickers.create(actor, payload)),
        ),
      )
      .handle("update", ({ path, payload }) =>
        authorize("tickers.manage", "write").pipe(
          Effect.flatMap(({ actor }) => tickers.update(actor, path.symbol, payload)),
        ),
      )
      .handle("import", ({ payload }) =>
        authorize("tickers.manage", "write").pipe(
          Effect.flatMap(({ actor }) => tickers.importMany(actor, payload)),
        ),
      )
  }),
)
