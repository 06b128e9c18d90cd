import { SqlClient } from "@effect/sql"
import {
  type Actor,
  BulkResult,
  Conflict,
  type CreateReport,
  type FieldIssue,
  Forbidden,
  grantFor,
  NotFound,
  ReportRevision,
  ReportRevisionSummary,
  type Transition,
  transitionProblem,
  transitions,
  type UpdateReport,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { onUniqueViolation } from "../db/constraints.js"
import { Releases } from "../releases/service.js"
import type { ReportReach } from "./reach.js"
import { ReportReferences } from "./references.js"
import { type AudienceWrite, ReportsRepo, type ReportWrite, type StoredReport } from "./repo.js"

export const reportNotFound = () =>
  new NotFound({ message: "No such report, or it is not available to you." })

const decodeSummaries = Schema.decodeUnknown(
  Schema.Array(Schema.Struct({ ...ReportRevisionSummary.fields, savedAt: Schema.DateFromSelf })),
)
const decodeRevision = Schema.decodeUnknown(
  Schema.Struct({ ...ReportRevision.fields, savedAt: Schema.DateFromSelf }),
)

/** What the audit trail keeps of a save: the fields that changed (the body by length only). */
const changes = (before: ReportWrite, after: ReportWrite) => {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of Object.keys(after) as Array<keyof ReportWrite>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    b[key] = key === "body" ? `${before.body.length} characters` : before[key]
    a[key] = key === "body" ? `${after.body.length} characters` : after[key]
  }
  return { before: b, after: a }
}

const writeOf = (report: StoredReport): ReportWrite => ({
  externalId: report.externalId,
  title: report.title,
  summary: report.summary,
  body: report.body ?? "",
  type: report.type,
  sector: report.sector,
  tickers: report.tickers,
  tags: report.tags,
  channels: report.channels,
  rating: report.rating,
  targetPrice: report.targetPrice,
  targetCurrency: report.targetCurrency,
  authorIds: report.authors.map((a) => a.id),
})

/**
 * Where a save lands in the history. `session`: in the author's open revision when there is one
 * (the newest, not closed, theirs, saved within the idle gap), else in a new one that stays open;
 * `endSession` closes it after this save. Not `session`: a closed revision of its own (a restore).
 */
interface RevisionPlan {
  readonly note: string
  readonly session: boolean
  readonly endSession: boolean
}

const isOwn = (actor: Actor, report: StoredReport) =>
  report.createdBy === actor.user.id || report.authors.some((a) => a.id === actor.user.id)

export const externalIdConflict = (externalId: string | null) =>
  onUniqueViolation({
    reports_external_id_key: () =>
      new Conflict({ message: `Another report already has the externalId "${externalId}".` }),
  })

export class Reports extends Effect.Service<Reports>()("@folio/server/Reports", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ReportsRepo
    const refs = yield* ReportReferences
    const audit = yield* Audit
    const releases = yield* Releases

    const present = (report: StoredReport) => ({ ...report, body: report.body ?? "" })

    const get = (actor: Actor, id: string, reach: ReportReach) =>
      repo
        .find(id, actor.user.id, reach)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(reportNotFound()), onSome: Effect.succeed }),
          ),
          Effect.map(present),
        )

    /** Tickers, authors and audience must exist; all problems are reported together. */
    const checkReferences = (write: ReportWrite, audience: ReadonlyArray<AudienceWrite> | undefined) =>
      Effect.gen(function* () {
        const issues: Array<FieldIssue> = []
        const known = yield* refs.tickers(write.tickers)
        write.tickers.forEach((symbol, index) => {
          if (!known.has(symbol))
            issues.push({ path: ["tickers", index], message: `Unknown ticker ${symbol}` })
        })
        const authors = yield* refs.authorsById(write.authorIds)
        write.authorIds.forEach((id, index) => {
          if (!authors.has(id)) {
            issues.push({
              path: ["authorIds", index],
              message: "Authors are the publisher's analysts, editors or admins",
            })
          }
        })
        if (write.authorIds.length === 0)
          issues.push({ path: ["authorIds"], message: "A report needs at least one author" })
        if (audience) issues.push(...(yield* refs.checkAudience(audience)))
        if (issues.length > 0) {
          return yield* new ValidationError({ message: issues.map((i) => i.message).join("; "), issues })
        }
      })

    const create = (actor: Actor, input: CreateReport) =>
      Effect.gen(function* () {
        const write: ReportWrite = {
          externalId: input.externalId,
          title: input.title,
          summary: input.summary,
          body: input.body,
          type: input.type,
          sector: input.sector,
          tickers: input.tickers,
          tags: input.tags,
          channels: input.channels,
          rating: input.rating,
          targetPrice: input.targetPrice,
          targetCurrency: input.targetCurrency,
          authorIds: input.authorIds ?? [actor.user.id],
        }
        const audience = input.audience.map((e) => ({
          companyId: e.companyId,
          teamId: e.teamId,
          embargoHours: e.embargoHours,
        }))
        yield* checkReferences(write, audience)
        const id = yield* repo.insert(write, actor.user.id).pipe(externalIdConflict(write.externalId))
        yield* repo.replaceAudience(id, audience)
        // Creating starts the author's editing session: the saves that follow land in this revision.
        yield* repo.addRevision(id, 1, write, actor.user.id, "Created", true)
        yield* audit.record({
          action: "report.create",
          actor: actor.user,
          target: { type: "report", id },
          after: { title: write.title, status: "draft" },
        })
        return yield* get(actor, id, { kind: "staff" }).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    /** The report, locked, if the caller may edit it now; else why not. */
    const lockForEdit = (actor: Actor, id: string, reach: ReportReach) =>
      Effect.gen(function* () {
        const report = yield* repo
          .lock(id, actor.user.id, reach)
          .pipe(
            Effect.flatMap(
              Option.match({ onNone: () => Effect.fail(reportNotFound()), onSome: Effect.succeed }),
            ),
          )
        const grant = grantFor(actor.user.role, "reports.edit")
        if (grant === "none")
          return yield* new Forbidden({ message: `Your role (${actor.user.role}) may not edit reports.` })
        if (grant === "own") {
          if (!isOwn(actor, report))
            return yield* new Forbidden({ message: "Analysts edit only their own reports." })
          if (report.status !== "draft") {
            return yield* new Forbidden({
              message:
                "Analysts edit their reports while they are drafts; ask an editor to send it back to draft.",
            })
          }
        }
        if (report.status === "archived") {
          return yield* new Conflict({
            message: "This report is archived; restore it to draft before editing.",
          })
        }
        return report
      })

    const staleMessage = (current: StoredReport, version: number) =>
      `This report changed since you opened it (you started from version ${version}, it is now version ${current.version}, saved ${current.updatedAt.toISOString()}). Your changes were not saved.`

    /**
     * A revision per editing session, not per save. The report itself (the working copy) takes
     * every save; the newest revision follows it while the session goes on, so it always equals
     * the report. Runs under the report's row lock, so two saves never both extend one session.
     */
    const recordRevision = (
      actor: Actor,
      id: string,
      version: number,
      after: ReportWrite,
      plan: RevisionPlan,
    ) =>
      Effect.gen(function* () {
        const open = plan.session && !plan.endSession
        const latest = Option.getOrNull(yield* repo.latestRevision(id))
        if (plan.session && latest?.open && latest.fresh && latest.savedBy === actor.user.id) {
          return yield* repo.advanceRevision(id, latest.version, version, after, open)
        }
        // Someone else's session, an idle one or a closed revision: it stays as it is, for good.
        if (latest?.open) yield* repo.closeRevisions(id, null)
        yield* repo.addRevision(id, version, after, actor.user.id, plan.note, open)
      })

    const save = (
      actor: Actor,
      id: string,
      reach: ReportReach,
      version: number,
      next: (before: ReportWrite) => ReportWrite,
      audience: ReadonlyArray<AudienceWrite> | undefined,
      plan: RevisionPlan,
    ) =>
      Effect.gen(function* () {
        const current = yield* lockForEdit(actor, id, reach)
        if (current.version !== version)
          return yield* new Conflict({ message: staleMessage(current, version) })
        const before = writeOf(current)
        const after = next(before)
        yield* checkReferences(after, audience)
        const newVersion = yield* repo.update(id, after).pipe(externalIdConflict(after.externalId))
        if (audience) yield* repo.replaceAudience(id, audience)
        yield* recordRevision(actor, id, newVersion, after, plan)
        const diff = changes(before, after)
        yield* audit.record({
          action: "report.update",
          actor: actor.user,
          target: { type: "report", id },
          before: { version, ...diff.before },
          after: { version: newVersion, ...diff.after, ...(audience ? { audience: audience.length } : {}) },
        })
        return yield* get(actor, id, { kind: "staff" }).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    /**
     * The editor's last word when nothing is left to save: the caller's open revision is closed.
     * No field changes, so the version stays and there is nothing to be stale against.
     */
    const endSession = (actor: Actor, id: string, reach: ReportReach) =>
      Effect.gen(function* () {
        yield* lockForEdit(actor, id, reach)
        yield* repo.closeRevisions(id, actor.user.id)
        return yield* get(actor, id, { kind: "staff" }).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const update = (actor: Actor, id: string, patch: UpdateReport, reach: ReportReach) => {
      const { version: _version, endSession: ends, ...fields } = patch
      if (ends === true && Object.values(fields).every((value) => value === undefined)) {
        return endSession(actor, id, reach)
      }
      return save(
        actor,
        id,
        reach,
        patch.version,
        (before) => ({
          externalId: patch.externalId === undefined ? before.externalId : patch.externalId,
          title: patch.title ?? before.title,
          summary: patch.summary ?? before.summary,
          body: patch.body ?? before.body,
          type: patch.type ?? before.type,
          sector: patch.sector ?? before.sector,
          tickers: patch.tickers ?? before.tickers,
          tags: patch.tags ?? before.tags,
          channels: patch.channels ?? before.channels,
          rating: patch.rating === undefined ? before.rating : patch.rating,
          targetPrice: patch.targetPrice === undefined ? before.targetPrice : patch.targetPrice,
          targetCurrency: patch.targetCurrency === undefined ? before.targetCurrency : patch.targetCurrency,
          authorIds: patch.authorIds ?? before.authorIds,
        }),
        patch.audience?.map((e) => ({
          companyId: e.companyId,
          teamId: e.teamId,
          embargoHours: e.embargoHours,
        })),
        { note: "Saved", session: true, endSession: ends === true },
      )
    }

    const transition = (
      actor: Actor,
      id: string,
      name: Transition,
      version: number | undefined,
      reach: ReportReach,
    ) =>
      Effect.gen(function* () {
        const rule = transitions[name]
        const grant = grantFor(actor.user.role, rule.action)
        const report = yield* repo
          .lock(id, actor.user.id, reach)
          .pipe(
            Effect.flatMap(
              Option.match({ onNone: () => Effect.fail(reportNotFound()), onSome: Effect.succeed }),
            ),
          )
        if (grant === "none") {
          return yield* new Forbidden({
            message: `Your role (${actor.user.role}) may not ${rule.label.toLowerCase()}.`,
          })
        }
        if (grant === "own" && !isOwn(actor, report)) {
          return yield* new Forbidden({ message: "You may do this only with your own reports." })
        }
        if (version !== undefined && version !== report.version) {
          return yield* new Conflict({ message: staleMessage(report, version) })
        }
        const problem = transitionProblem(name, report.status)
        if (problem) return yield* new Conflict({ message: problem })
        // Publishing and unscheduling also move the release job and create deliveries.
        if (name === "publish") yield* releases.publishLocked(id)
        else if (name === "unschedule") yield* releases.unscheduleLocked(actor, id)
        else yield* repo.setStatus(id, rule.to, null)
        yield* audit.record({
          action: `report.${name}`,
          actor: actor.user,
          target: { type: "report", id },
          before: { status: report.status },
          after: { status: rule.to },
        })
        return yield* get(actor, id, { kind: "staff" }).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const archiveMany = (actor: Actor, ids: ReadonlyArray<string>, reach: ReportReach) =>
      Effect.gen(function* () {
        const done: Array<string> = []
        const failed: Array<{ id: string; message: string }> = []
        for (const id of ids) {
          const result = yield* Effect.either(transition(actor, id, "archive", undefined, reach))
          if (result._tag === "Right") done.push(id)
          else failed.push({ id, message: result.left.message })
        }
        return yield* Schema.decodeUnknown(BulkResult)({ done, failed }).pipe(Effect.orDie)
      })

    const authorOf = (row: {
      savedById: string | null
      savedByName: string | null
      savedByEmail: string | null
    }) =>
      row.savedById ? { id: row.savedById, name: row.savedByName ?? "", email: row.savedByEmail ?? "" } : null

    const revisions = (actor: Actor, id: string, reach: ReportReach) =>
      Effect.gen(function* () {
        yield* get(actor, id, reach)
        const rows = yield* repo.revisions(id)
        return yield* decodeSummaries(
          rows.map((row) => ({
            version: row.version,
            savedAt: row.savedAt,
            note: row.note,
            title: row.title,
            savedBy: authorOf(row),
          })),
        ).pipe(Effect.orDie)
      })

    const revision = (actor: Actor, id: string, version: number, reach: ReportReach) =>
      Effect.gen(function* () {
        yield* get(actor, id, reach)
        const row = yield* repo.revision(id, version).pipe(
          Effect.flatMap(
            Option.match({
              onNone: () => Effect.fail(new NotFound({ message: `No version ${version} of this report.` })),
              onSome: Effect.succeed,
            }),
          ),
        )
        return yield* decodeRevision({
          version: row.version,
          savedAt: row.savedAt,
          note: row.note,
          savedBy: authorOf(row),
          fields: row.fields,
        }).pipe(Effect.orDie)
      })

    const restore = (actor: Actor, id: string, version: number, currentVersion: number, reach: ReportReach) =>
      Effect.gen(function* () {
        const old = yield* revision(actor, id, version, reach)
        return yield* save(
          actor,
          id,
          reach,
          currentVersion,
          (before) => ({ ...before, ...old.fields }),
          undefined,
          { note: `Restored version ${version}`, session: false, endSession: false },
        )
      })

    const setFavorite = (actor: Actor, id: string, on: boolean, reach: ReportReach) =>
      get(actor, id, reach).pipe(Effect.zipRight(repo.setFavorite(actor.user.id, id, on)))

    return {
      get,
      create,
      update,
      transition,
      archiveMany,
      revisions,
      revision,
      restore,
      setFavorite,
    } as const
  }),
  dependencies: [ReportsRepo.Default, ReportReferences.Default, Audit.Default, Releases.Default],
}) {}
