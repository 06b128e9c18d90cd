import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  BulkArchive,
  BulkResult,
  CreateReport,
  Report,
  ReportListParams,
  ReportPage,
  ReportRevision,
  ReportRevisionSummary,
  ReportVersion,
  RestoreRevision,
  revisionIdleGapMinutes,
  TransitionRequest,
  UpdateReport,
} from "../domain/report.js"
import { TransitionName } from "../domain/reportLifecycle.js"
import { Conflict, Forbidden, NotFound, ReleaseBlocked, ValidationError } from "../errors.js"
import { ReportId } from "../ids.js"
import { ImportIssue, ReportRecord } from "../import/reportRecord.js"
import { Page } from "../schema/pagination.js"
import { storableText } from "../schema/text.js"
import { Authentication } from "./security.js"

const reportIdParam = HttpApiSchema.param("reportId", ReportId)
const versionParam = HttpApiSchema.param("version", Schema.compose(Schema.NumberFromString, ReportVersion))
const transitionParam = HttpApiSchema.param("transition", TransitionName)

export const ImportRow = Schema.Struct({
  file: Schema.String.pipe(storableText("The file name")),
  line: Schema.Int,
  record: ReportRecord,
})
export type ImportRow = typeof ImportRow.Type

export const ReportImportRequest = Schema.Struct({
  /** The same key for the same batch: a batch the server already applied is not applied again. */
  batchKey: Schema.String.pipe(Schema.minLength(8), Schema.maxLength(128), storableText("batchKey")),
  /**
   * The import the batch belongs to (one per run of a client): the server refuses a row whose
   * externalId an earlier batch of the same import sent.
   */
  importId: Schema.optional(Schema.UUID),
  upsert: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  dryRun: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  rows: Schema.Array(ImportRow).pipe(Schema.maxItems(2000)),
})
export type ReportImportRequest = typeof ReportImportRequest.Type

export const ReportImportResult = Schema.Struct({
  batchKey: Schema.String,
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
  failed: Schema.Int,
  issues: Schema.Array(ImportIssue),
  dryRun: Schema.Boolean,
  /** True when this batch had been applied before and the stored result is returned. */
  replayed: Schema.Boolean,
})
export type ReportImportResult = typeof ReportImportResult.Type

export const ReportExportPage = Page(ReportRecord)
export type ReportExportPage = typeof ReportExportPage.Type

/** Reports: write, review, publish, read. Every read path applies the caller's audience in SQL. */
export class ReportsGroup extends HttpApiGroup.make("reports")
  .add(
    HttpApiEndpoint.get("list", "/reports")
      .setUrlParams(ReportListParams)
      .addSuccess(ReportPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List reports")
      .annotate(
        OpenApi.Description,
        "Readers see published reports their company or team is entitled to, after any embargo. Keyset-paginated: pass `nextCursor` back as `cursor`.",
      ),
  )
  .add(
    HttpApiEndpoint.get("export", "/reports/export")
      .setUrlParams(ReportListParams)
      .addSuccess(ReportExportPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Export reports in the import format")
      .annotate(
        OpenApi.Description,
        "The same filters and audience as the list; records import back unchanged.",
      ),
  )
  .add(
    HttpApiEndpoint.get("get")`/reports/${reportIdParam}`
      .addSuccess(Report)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get a report"),
  )
  .add(
    HttpApiEndpoint.post("create", "/reports")
      .setPayload(CreateReport)
      .addSuccess(Report, { status: 201 })
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Create a draft report"),
  )
  .add(
    HttpApiEndpoint.patch("update")`/reports/${reportIdParam}`
      .setPayload(UpdateReport)
      .addSuccess(Report)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Save a report")
      .annotate(
        OpenApi.Description,
        "Send the `version` you started from; 409 when someone saved in between. Every save updates the report " +
          "(its working copy) and its `version`, so autosave never loses a keystroke; revisions are kept per editing " +
          "session, not per save. A save adds a new revision when the report's newest revision is someone else's, " +
          `when the same author's previous save is more than ${revisionIdleGapMinutes} minutes old (an idle gap), ` +
          "or when the newest revision was closed (by `endSession`, a restore, or a change of status); otherwise it " +
          "overwrites the newest revision, which then holds this version. `endSession: true` marks the last save of " +
          "a session (leaving the editor): its revision is closed and the next save starts a new one. Sent with no " +
          "field but `version`, it only closes the caller's open revision and changes nothing else (no new version).",
      ),
  )
  .add(
    HttpApiEndpoint.post("transition")`/reports/${reportIdParam}/actions/${transitionParam}`
      .setPayload(TransitionRequest)
      .addSuccess(Report)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .addError(ReleaseBlocked)
      .annotate(
        OpenApi.Summary,
        "Submit, return to draft, approve, publish now, unschedule, archive or restore a report",
      )
      .annotate(
        OpenApi.Description,
        "Publishing is refused (409 `ReleaseBlocked`, with the reason) while a blackout period covers now or a ticker is restricted. " +
          "Every change of status closes the report's newest revision, so the history keeps the text as it was at each step.",
      ),
  )
  .add(
    HttpApiEndpoint.post("archiveMany", "/reports/archive")
      .setPayload(BulkArchive)
      .addSuccess(BulkResult)
      .annotate(OpenApi.Summary, "Archive many published reports"),
  )
  .add(
    HttpApiEndpoint.get("revisions")`/reports/${reportIdParam}/revisions`
      .addSuccess(Schema.Array(ReportRevisionSummary))
      .addError(NotFound)
      .annotate(OpenApi.Summary, "List a report's revisions, newest first")
      .annotate(
        OpenApi.Description,
        "One revision per editing session and per change of status, not one per save: each is the report as it " +
          "was at its `version`, and the newest always equals the report as it is now.",
      ),
  )
  .add(
    HttpApiEndpoint.get("revision")`/reports/${reportIdParam}/revisions/${versionParam}`
      .addSuccess(ReportRevision)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get one revision"),
  )
  .add(
    HttpApiEndpoint.post("restore")`/reports/${reportIdParam}/revisions/${versionParam}/restore`
      .setPayload(RestoreRevision)
      .addSuccess(Report)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Restore a revision as a new version")
      .annotate(
        OpenApi.Description,
        "`version` in the body is the report's current version (409 when stale). The restore is a closed " +
          "revision of its own: saves after it start a new one.",
      ),
  )
  .add(
    HttpApiEndpoint.put("favorite")`/reports/${reportIdParam}/favorite`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Add a report to my favorites"),
  )
  .add(
    HttpApiEndpoint.del("unfavorite")`/reports/${reportIdParam}/favorite`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Remove a report from my favorites"),
  )
  .add(
    HttpApiEndpoint.post("import", "/reports/import")
      .setPayload(ReportImportRequest)
      .addSuccess(ReportImportResult)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Import a batch of reports")
      .annotate(
        OpenApi.Description,
        "Rows are validated like the CLI and console do; each failing row is reported with file, line and field. Without `upsert` an existing `externalId` is a conflict. A repeated `batchKey` returns the first result without writing again.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Reports") {}
