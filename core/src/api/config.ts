import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  ConfigHistoryPage,
  ConfigHistoryParams,
  ConfigPatch,
  ConfigPlan,
  ConfigPlanRequest,
  ConfigRollback,
  ConfigSnapshot,
  ConfigVersionNumber,
  SiteStatus,
} from "../domain/config.js"
import { Forbidden, NotFound, PreconditionFailed, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

const versionParam = HttpApiSchema.param("version", ConfigVersionNumber)

/** `If-Match: <digest>`: the write happens only if the store is still at that digest (else 412). */
const IfMatch = Schema.Struct({ "if-match": Schema.optional(Schema.String.pipe(Schema.maxLength(200))) })

/**
 * The configuration store (admins), modelled on Vercel Edge Config: read the snapshot and its
 * digest, change it with one list of operations applied all or nothing, guarded by `If-Match`.
 */
export class ConfigGroup extends HttpApiGroup.make("config")
  .add(
    HttpApiEndpoint.get("snapshot", "/config")
      .addSuccess(ConfigSnapshot)
      .annotate(OpenApi.Summary, "The current configuration: every key, its value and the digest")
      .annotate(OpenApi.Description, "Secret keys say whether they are set, never their value."),
  )
  .add(
    HttpApiEndpoint.patch("patch", "/config")
      .setHeaders(IfMatch)
      .setPayload(ConfigPatch)
      .addSuccess(ConfigSnapshot)
      .addError(ValidationError)
      .addError(PreconditionFailed)
      .annotate(OpenApi.Summary, "Change keys: create, update, upsert or delete, all or nothing")
      .annotate(
        OpenApi.Description,
        "Every operation is checked first (the key's schema, create of an existing key, update or delete of a missing one); one bad operation changes nothing and the 400 names its path. With `If-Match: <digest>`, a store that moved on answers 412 and changes nothing. A change is a new version of the whole store. Deleting a known key puts its default back.",
      ),
  )
  .add(
    HttpApiEndpoint.post("plan", "/config/plan")
      .setPayload(ConfigPlanRequest)
      .addSuccess(ConfigPlan)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Plan the changes that bring the named keys to a desired state")
      .annotate(
        OpenApi.Description,
        "Changes nothing. `null` deletes a key (a known key: back to its default); keys not named are left alone. Apply the plan with PATCH and `If-Match` set to the plan's digest.",
      ),
  )
  .add(
    HttpApiEndpoint.get("history", "/config/history")
      .setUrlParams(ConfigHistoryParams)
      .addSuccess(ConfigHistoryPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Versions of the store, newest first, or those that changed one key"),
  )
  .add(
    HttpApiEndpoint.get("version")`/config/versions/${versionParam}`
      .addSuccess(ConfigSnapshot)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "The store as it was at a version"),
  )
  .add(
    HttpApiEndpoint.post("rollback", "/config/rollback")
      .setHeaders(IfMatch)
      .setPayload(ConfigRollback)
      .addSuccess(ConfigSnapshot)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .annotate(OpenApi.Summary, "Roll the store back to a version (itself a new version)"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Configuration") {}

/** What every console needs before and after sign-in: maintenance, the banner, sign-in methods. */
export class SiteGroup extends HttpApiGroup.make("site")
  .add(
    HttpApiEndpoint.get("status", "/status")
      .addSuccess(SiteStatus)
      .annotate(OpenApi.Summary, "Maintenance, banner and the sign-in methods on offer")
      .annotate(OpenApi.Description, "Anonymous; answers during maintenance."),
  )
  .annotate(OpenApi.Title, "Site status") {}
