import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { AuditListParams, AuditPage } from "../domain/audit.js"
import { Forbidden, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** The audit trail (admins): auth events and every admin and publishing change, newest first. */
export class AuditGroup extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("list", "/audit")
      .setUrlParams(AuditListParams)
      .addSuccess(AuditPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Audit entries, newest first, filtered by user or action"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Audit log") {}
