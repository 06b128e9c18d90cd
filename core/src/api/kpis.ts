import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  KpiImportRequest,
  KpiImportResult,
  KpiTickerList,
  KpiTickerListParams,
  TickerKpis,
} from "../domain/kpi.js"
import { TickerSymbol } from "../domain/ticker.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

const symbolParam = HttpApiSchema.param("symbol", TickerSymbol)

/** Metrics per ticker and their actuals and estimates per period. Everyone signed in may read them. */
export class KpisGroup extends HttpApiGroup.make("kpis")
  .add(
    HttpApiEndpoint.get("list", "/kpis")
      .setUrlParams(KpiTickerListParams)
      .addSuccess(KpiTickerList)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Tickers with KPIs")
      .annotate(
        OpenApi.Description,
        "Every ticker holding at least one metric, by symbol, with counts and its newest actual.",
      ),
  )
  .add(
    HttpApiEndpoint.get("get")`/kpis/${symbolParam}`
      .addSuccess(TickerKpis)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "A ticker's KPI table")
      .annotate(
        OpenApi.Description,
        "Every metric of the ticker with, per period (oldest first), the actual, the estimate and the surprise (actual − estimate) / |estimate|.",
      ),
  )
  .add(
    HttpApiEndpoint.post("import", "/kpis/import")
      .setPayload(KpiImportRequest)
      .addSuccess(KpiImportResult)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Import KPI values")
      .annotate(
        OpenApi.Description,
        "Creates or updates values by ticker, metric, period and kind, defining a metric the first time it is named (its unit is then required). Good rows are written, each refused row is answered with its line and field; a row equal to what is stored counts as unchanged. Analysts may import only for tickers they cover. With `dryRun` nothing is written.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "KPIs") {}
