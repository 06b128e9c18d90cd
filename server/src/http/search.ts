import { HttpApiBuilder } from "@effect/platform"
import { FolioApi, SearchResult } from "@folio/core"
import { Effect, Schema } from "effect"
import { authorize } from "../auth/authorize.js"
import { channelOf, recordServerEvent } from "../readership/record.js"
import { reportReachOf } from "../reports/reach.js"
import { reportWire } from "../reports/wire.js"
import { Search } from "../search/service.js"
import { jsonResponse } from "./jsonResponse.js"

/** The few tickers, companies and people beside the hits go through their schemas as usual. */
const encodeSide = Schema.encodeSync(SearchResult.pick("facets", "tickers", "companies", "users"))

export const SearchLive = HttpApiBuilder.group(FolioApi, "search", (handlers) =>
  Effect.gen(function* () {
    const search = yield* Search
    return handlers.handle("search", ({ urlParams }) =>
      Effect.gen(function* () {
        const { actor } = yield* authorize("search.use", "read")
        const { grant } = yield* authorize("reports.read", "read")
        const reach = yield* reportReachOf(actor, grant)
        const found = yield* search.search(actor, urlParams, reach)
        // A search counts once, not once per page of its results.
        if (urlParams.cursor === undefined) {
          yield* recordServerEvent({
            userId: actor.user.id,
            companyId: actor.company.id,
            kind: "search",
            channel: channelOf(actor),
            subject: urlParams.q,
          })
        }
        const side = encodeSide(found)
        // In SearchResult's order; the hits' reports in the wire's shape (reports/wire.ts).
        return jsonResponse({
          reports: found.reports.map((hit) => ({
            report: reportWire(hit.report, false),
            title: hit.title,
            snippet: hit.snippet,
          })),
          total: found.total,
          capped: found.capped,
          nextCursor: found.nextCursor,
          facets: side.facets,
          tickers: side.tickers,
          companies: side.companies,
          users: side.users,
        })
      }),
    )
  }),
)
