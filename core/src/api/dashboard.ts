import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { MyReports, PlatformFigures, SinceLastVisit } from "../domain/dashboard.js"
import { Forbidden } from "../errors.js"
import { Authentication } from "./security.js"

/** The dashboard tiles that are not a report list or an analytics question. */
export class DashboardGroup extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("sinceLastVisit", "/dashboard/since-last-visit")
      .addSuccess(SinceLastVisit)
      .annotate(OpenApi.Summary, "What changed since my last visit")
      .annotate(
        OpenApi.Description,
        "Reports the caller may read that were published or revised after their previous visit (a dashboard opening more than 30 minutes after the one before). Records this visit.",
      ),
  )
  .add(
    HttpApiEndpoint.get("myReports", "/dashboard/my-reports")
      .addSuccess(MyReports)
      .annotate(OpenApi.Summary, "My drafts sent back, and the reads of my latest reports"),
  )
  .add(
    HttpApiEndpoint.get("figures", "/dashboard/figures")
      .addSuccess(PlatformFigures)
      .annotate(OpenApi.Summary, "Headline figures of the platform (admins)"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Dashboard") {}
