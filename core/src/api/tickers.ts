import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Ticker,
  TickerImportRequest,
  TickerImportResult,
  TickerInput,
  TickerListParams,
  TickerPage,
  TickerSymbol,
  UpdateTicker,
} from "../domain/ticker.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

const symbolParam = HttpApiSchema.param("symbol", TickerSymbol)

/** The securities research is written about. Everyone signed in may read them. */
export class TickersGroup extends HttpApiGroup.make("tickers")
  .add(
    HttpApiEndpoint.get("list", "/tickers")
      .setUrlParams(TickerListParams)
      .addSuccess(TickerPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List tickers")
      .annotate(OpenApi.Description, "Ordered by symbol; `q` matches the symbol's start or the name."),
  )
  .add(
    HttpApiEndpoint.get("get")`/tickers/${symbolParam}`
      .addSuccess(Ticker)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get a ticker"),
  )
  .add(
    HttpApiEndpoint.post("create", "/tickers")
      .setPayload(TickerInput)
      .addSuccess(Ticker, { status: 201 })
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Create a ticker"),
  )
  .add(
    HttpApiEndpoint.patch("update")`/tickers/${symbolParam}`
      .setPayload(UpdateTicker)
      .addSuccess(Ticker)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Change a ticker"),
  )
  .add(
    HttpApiEndpoint.post("import", "/tickers/import")
      .setPayload(TickerImportRequest)
      .addSuccess(TickerImportResult)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Create or update many tickers by symbol")
      .annotate(
        OpenApi.Description,
        "All rows are applied in one transaction or none is. With `dryRun` nothing is written.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Tickers") {}
