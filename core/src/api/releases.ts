import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  Blackout,
  BlackoutInput,
  BlackoutListParams,
  Release,
  RestrictedTicker,
  RestrictTicker,
  ScheduleApplyRequest,
  ScheduleApplyResult,
  ScheduleListParams,
  ScheduleRequest,
} from "../domain/release.js"
import { Report } from "../domain/report.js"
import { TickerSymbol } from "../domain/ticker.js"
import { Conflict, Forbidden, NotFound, ReleaseBlocked, ValidationError } from "../errors.js"
import { BlackoutId, ReportId } from "../ids.js"
import { Authentication } from "./security.js"

const reportIdParam = HttpApiSchema.param("reportId", ReportId)
const blackoutIdParam = HttpApiSchema.param("blackoutId", BlackoutId)
const symbolParam = HttpApiSchema.param("symbol", TickerSymbol)

/** The release schedule, blackout (quiet) periods and the restricted-ticker list. Editors and admins. */
export class ReleasesGroup extends HttpApiGroup.make("releases")
  .add(
    HttpApiEndpoint.get("schedule", "/schedule")
      .setUrlParams(ScheduleListParams)
      .addSuccess(Schema.Array(Release))
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List scheduled, held and released reports")
      .annotate(
        OpenApi.Description,
        "Scheduled reports (held ones carry `heldReason`) up to `to` (default: all), and reports released from `from` (default: 7 days ago) to `to`, by release time; at most 5,000.",
      ),
  )
  .add(
    HttpApiEndpoint.put("setSchedule")`/reports/${reportIdParam}/schedule`
      .setPayload(ScheduleRequest)
      .addSuccess(Report)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .addError(ReleaseBlocked)
      .annotate(OpenApi.Summary, "Schedule or reschedule a report's release")
      .annotate(
        OpenApi.Description,
        "An approved report becomes scheduled; a scheduled one moves. 409 `ReleaseBlocked` when a blackout covers the time or a ticker is restricted, with the reason.",
      ),
  )
  .add(
    HttpApiEndpoint.del("unsetSchedule")`/reports/${reportIdParam}/schedule`
      .addSuccess(Report)
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Unschedule a report (back to approved)"),
  )
  .add(
    HttpApiEndpoint.post("apply", "/schedule/apply")
      .setPayload(ScheduleApplyRequest)
      .addSuccess(ScheduleApplyResult)
      .addError(ValidationError)
      .addError(ReleaseBlocked)
      .annotate(OpenApi.Summary, "Apply a declarative schedule")
      .annotate(
        OpenApi.Description,
        "Brings the named reports to the given release times (null unschedules) in one transaction, or changes nothing. Returns the plan; with `dryRun` only the plan. Reports not named are left alone.",
      ),
  )
  .add(
    HttpApiEndpoint.get("blackouts", "/blackouts")
      .setUrlParams(BlackoutListParams)
      .addSuccess(Schema.Array(Blackout))
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List blackout periods that have not ended"),
  )
  .add(
    HttpApiEndpoint.post("addBlackout", "/blackouts")
      .setPayload(BlackoutInput)
      .addSuccess(Blackout, { status: 201 })
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Add a blackout period")
      .annotate(
        OpenApi.Description,
        "Scheduled releases that fall inside it are held, not published, until an editor acts.",
      ),
  )
  .add(
    HttpApiEndpoint.del("removeBlackout")`/blackouts/${blackoutIdParam}`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Remove a blackout period"),
  )
  .add(
    HttpApiEndpoint.get("restricted", "/restricted-tickers")
      .addSuccess(Schema.Array(RestrictedTicker))
      .annotate(OpenApi.Summary, "List restricted tickers"),
  )
  .add(
    HttpApiEndpoint.put("restrict")`/restricted-tickers/${symbolParam}`
      .setPayload(RestrictTicker)
      .addSuccess(RestrictedTicker)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Put a ticker on the restricted list"),
  )
  .add(
    HttpApiEndpoint.del("unrestrict")`/restricted-tickers/${symbolParam}`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Take a ticker off the restricted list"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Releases") {}
