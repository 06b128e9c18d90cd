import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { reportReachOf } from "../reports/reach.js"
import { Search } from "../search/service.js"

export const SearchLive = HttpApiBuilder.group(FolioApi, "search", (handlers) =>
  Effect.gen(function* () {
    const search = yield* Search
    return handlers.handle("search", ({ urlParams }) =>
      Effect.gen(function* () {
        const { actor } = yield* authorize("search.use", "read")
        const { grant } = yield* authorize("reports.read", "read")
        const reach = yield* reportReachOf(actor, grant)
        return yield* search.search(actor, urlParams, reach)
      }),
    )
  }),
)
