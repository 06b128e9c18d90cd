import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  ErrorIssue,
  ErrorIssueDetail,
  ErrorIssueListParams,
  ErrorIssuePage,
  ErrorReportSettings,
  SetErrorIssueStatus,
  TraceListParams,
  TracePage,
  TraceRouteList,
} from "../domain/errorReport.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { ErrorIssueId } from "../ids.js"
import { Authentication } from "./security.js"

const issueIdParam = HttpApiSchema.param("issueId", ErrorIssueId)

/**
 * The error-report inbox behind `/developer/reports` (developers and admins of the publisher):
 * console errors and traces received through the tunnel.
 */
export class ErrorReportsGroup extends HttpApiGroup.make("errorReports")
  .add(
    HttpApiEndpoint.get("listIssues", "/error-reports/issues")
      .setUrlParams(ErrorIssueListParams)
      .addSuccess(ErrorIssuePage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Error issues, most recently seen first"),
  )
  .add(
    HttpApiEndpoint.get("getIssue")`/error-reports/issues/${issueIdParam}`
      .addSuccess(ErrorIssueDetail)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "An issue with its latest event's stack trace and breadcrumbs"),
  )
  .add(
    HttpApiEndpoint.post("setIssueStatus")`/error-reports/issues/${issueIdParam}/status`
      .setPayload(SetErrorIssueStatus)
      .addSuccess(ErrorIssue)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Resolve, ignore or reopen an issue")
      .annotate(OpenApi.Description, "A resolved issue reopens by itself when the error happens again."),
  )
  .add(
    HttpApiEndpoint.get("listTraceRoutes", "/error-reports/routes")
      .addSuccess(TraceRouteList)
      .annotate(OpenApi.Summary, "Trace items summarised per route (count, p50, p95)"),
  )
  .add(
    HttpApiEndpoint.get("listTraces", "/error-reports/traces")
      .setUrlParams(TraceListParams)
      .addSuccess(TracePage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Trace items, newest first, optionally for one route"),
  )
  .add(
    HttpApiEndpoint.get("getSettings", "/error-reports/settings")
      .addSuccess(ErrorReportSettings)
      .annotate(OpenApi.Summary, "The inbox's retention setting"),
  )
  .add(
    HttpApiEndpoint.put("updateSettings", "/error-reports/settings")
      .setPayload(ErrorReportSettings)
      .addSuccess(ErrorReportSettings)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Change the inbox's retention"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Error reports") {}
