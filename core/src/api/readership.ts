import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Analytics,
  AnalyticsParams,
  ErasedEvents,
  EventBatch,
  EventBatchResult,
  MyReadership,
  ReadershipExport,
} from "../domain/readership.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { UserId } from "../ids.js"
import { Authentication } from "./security.js"

const userIdParam = HttpApiSchema.param("userId", UserId)

/** Readership events in, what is recorded about me out, and an admin's erasure. */
export class ReadershipGroup extends HttpApiGroup.make("readership")
  .add(
    HttpApiEndpoint.post("record", "/events")
      .setPayload(EventBatch)
      .addSuccess(EventBatchResult)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Record report opens and reads")
      .annotate(
        OpenApi.Description,
        "A batch of up to 500 events of the caller: `report_view` when a report is opened, `report_read` once it was visible for 16 s. Every event must be the caller's own and about a report the caller may read; otherwise the whole batch is refused and nothing is kept.",
      ),
  )
  .add(
    HttpApiEndpoint.get("mine", "/profile/readership")
      .addSuccess(MyReadership)
      .annotate(OpenApi.Summary, "What is recorded about me")
      .annotate(
        OpenApi.Description,
        "Counts by kind of every event kept about the caller, and the newest 50.",
      ),
  )
  .add(
    HttpApiEndpoint.get("export", "/profile/readership/export")
      .addSuccess(ReadershipExport)
      .annotate(OpenApi.Summary, "Download what is recorded about me")
      .annotate(OpenApi.Description, "Every event kept about the caller, newest first."),
  )
  .add(
    HttpApiEndpoint.del("erase")`/users/${userIdParam}/readership`
      .addSuccess(ErasedEvents)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Erase a user's readership events (admins)")
      .annotate(
        OpenApi.Description,
        "Deletes every raw event of the user and their per-person daily rows; company, team and report totals keep the counts, with no one named.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Readership") {}

/** Readership analytics, answered from the daily rollups. */
export class AnalyticsGroup extends HttpApiGroup.make("analytics")
  .add(
    HttpApiEndpoint.get("get", "/analytics")
      .setUrlParams(AnalyticsParams)
      .addSuccess(Analytics)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Readership over a date range")
      .annotate(
        OpenApi.Description,
        "Views and reads per day, top reports, and reads by company, team, reader, channel, sector and analyst, for `from`–`to` (days, UTC, at most 731). `company` and `team` narrow to one client; then `readers` lists its people. Editors and admins see everything; analysts the readership of reports they wrote. Counts are the daily rollups', up to a minute behind.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Analytics") {}
