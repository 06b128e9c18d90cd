import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Coverage,
  CoverageHistory,
  CoverageHistoryParams,
  CoverageList,
  CoverageListParams,
  DropCoverage,
  RatingDistribution,
  SetCoverage,
} from "../domain/coverage.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** Who covers which ticker, with what call. Everyone signed in may read it. */
export class CoverageGroup extends HttpApiGroup.make("coverage")
  .add(
    HttpApiEndpoint.get("list", "/coverage")
      .setUrlParams(CoverageListParams)
      .addSuccess(CoverageList)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List the coverage universe")
      .annotate(
        OpenApi.Description,
        "Active coverage (dropped rows too with `includeDropped=true`), filtered and sorted (`sort`, `-` for descending; by symbol by default). Not paged: at most 5,000 rows, `truncated` says when more matched.",
      ),
  )
  .add(
    HttpApiEndpoint.get("distribution", "/coverage/distribution")
      .addSuccess(RatingDistribution)
      .annotate(OpenApi.Summary, "Rating distribution")
      .annotate(
        OpenApi.Description,
        "Counts of buy, hold, sell and not rated over active coverage: overall, per analyst, and for tickers flagged as a paid relationship.",
      ),
  )
  .add(
    HttpApiEndpoint.get("history", "/coverage/history")
      .setUrlParams(CoverageHistoryParams)
      .addSuccess(CoverageHistory)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "A ticker's coverage history")
      .annotate(
        OpenApi.Description,
        "Every initiation, change and drop, newest first; `analyst` narrows to one analyst.",
      ),
  )
  .add(
    HttpApiEndpoint.post("set", "/coverage")
      .setPayload(SetCoverage)
      .addSuccess(Coverage)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Initiate or change coverage")
      .annotate(
        OpenApi.Description,
        "Editors and admins for any analyst of the publisher; an analyst for their own coverage only. The change is kept in the history; a call equal to the current one changes nothing.",
      ),
  )
  .add(
    HttpApiEndpoint.post("drop", "/coverage/drop")
      .setPayload(DropCoverage)
      .addSuccess(Coverage)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Drop coverage")
      .annotate(
        OpenApi.Description,
        "Ends coverage; the row and its history are kept, listed with `includeDropped=true`.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Coverage") {}
