import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { AuditFilterParams, AuditListParams, AuditPage } from "../domain/audit.js"
import { Forbidden, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** The audit trail (admins): auth events and every admin and publishing change, newest first. */
export class AuditGroup extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("list", "/audit")
      .setUrlParams(AuditListParams)
      .addSuccess(AuditPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Audit entries, newest first, filtered by who, action, target and time"),
  )
  .add(
    HttpApiEndpoint.get("export", "/audit/export")
      .setUrlParams(AuditFilterParams)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv" }))
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "The filtered audit log as CSV, newest first")
      .annotate(
        OpenApi.Description,
        "The same filters as the list; at most the newest 100,000 entries (narrow `from`/`to` for older ones). `before` and `after` are JSON in their cells.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Audit log") {}
