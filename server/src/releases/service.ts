import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Conflict,
  type FieldIssue,
  Forbidden,
  grantFor,
  NotFound,
  planSchedule,
  type ScheduleApplyRequest,
  ScheduleApplyResult,
  type ScheduleListParams,
  type ScheduleRequest,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { DeliveriesRepo } from "../channels/deliveriesRepo.js"
import { CoverageRepo } from "../coverage/repo.js"
import { enqueue } from "../jobs/worker.js"
import { refuseIfBlocked, releaseBlocks } from "./blocks.js"
import { publishReports } from "./publish.js"
import { type LockedReport, ReleasesRepo } from "./repo.js"

const decodeApplyResult = Schema.decodeUnknown(Schema.typeSchema(ScheduleApplyResult))

/**
 * Release jobs are per instant, not per report: every report due at one time is published by
 * the same few jobs (`releaseJobsPerInstant`, side by side, each claiming batches until none is
 * left), so 500 reports due together make 4 jobs, not 500 that mostly find nothing. A job whose
 * reports were unscheduled or moved finds nothing and ends; the minute sweep catches the rest.
 */
const releaseJobsPerInstant = 4

const queueReleases = (instants: ReadonlyArray<Date>) =>
  Effect.forEach(
    [...new Set(instants.map((at) => at.getTime()))],
    (ms) =>
      Effect.forEach(
        Array.from({ length: releaseJobsPerInstant }, (_, k) => k + 1),
        (k) => enqueue("release", {}, { runAt: new Date(ms), jobKey: `release:${ms}:${k}` }),
        { discard: true },
      ),
    { discard: true },
  )

/** The most releases one schedule answer holds: what one apply may name. */
const scheduleListLimit = 5000

/** How many due reports one transaction of the release job publishes. */
const releaseBatch = 50

const futureProblem = (releaseAt: Date) =>
  releaseAt.getTime() <= Date.now() ? "Choose a release time in the future" : undefined

/**
 * Scheduling, the release job, blackout periods and the restricted list. Every change is audited
 * and queues or removes the report's release job in the same transaction.
 */
export class Releases extends Effect.Service<Releases>()("@folio/server/Releases", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ReleasesRepo
    /** The repositories `publishReports` writes through, each on the transaction it runs in. */
    const publishRepos = { releases: repo, coverage: yield* CoverageRepo, deliveries: yield* DeliveriesRepo }
    const audit = yield* Audit

    const mustSchedule = (actor: Actor) =>
      grantFor(actor.user.role, "reports.schedule") === "none"
        ? Effect.fail(new Forbidden({ message: `Your role (${actor.user.role}) may not schedule releases.` }))
        : Effect.void

    /** Moves a locked report to `releaseAt` (scheduling it when approved), with its job and audit entry. */
    const applySchedule = (
      actor: Actor,
      report: LockedReport,
      releaseAt: Date,
      channels?: ReadonlyArray<string>,
    ) =>
      Effect.gen(function* () {
        yield* repo.schedule(report.id, releaseAt, channels)
        yield* audit.record({
          action: report.status === "scheduled" ? "report.reschedule" : "report.schedule",
          actor: actor.user,
          target: { type: "report", id: report.id },
          before: { status: report.status, releaseAt: report.releaseAt?.toISOString() ?? null },
          after: {
            status: "scheduled",
            releaseAt: releaseAt.toISOString(),
            ...(channels ? { channels } : {}),
          },
        })
      })

    const applyUnschedule = (actor: Actor, report: LockedReport) =>
      Effect.gen(function* () {
        yield* repo.unschedule(report.id)
        yield* audit.record({
          action: "report.unschedule",
          actor: actor.user,
          target: { type: "report", id: report.id },
          before: { status: "scheduled", releaseAt: report.releaseAt?.toISOString() ?? null },
          after: { status: "approved" },
        })
      })

    const lockOne = (id: string) =>
      repo.lockOne(id).pipe(
        Effect.flatMap(
          Option.match({
            onNone: () =>
              Effect.fail(new NotFound({ message: "No such report, or it is not available to you." })),
            onSome: Effect.succeed,
          }),
        ),
      )

    const schedule = (actor: Actor, id: string, request: ScheduleRequest) =>
      Effect.gen(function* () {
        yield* mustSchedule(actor)
        const report = yield* lockOne(id)
        if (request.version !== undefined && request.version !== report.version) {
          return yield* new Conflict({
            message: `This report changed since you opened it (version ${request.version}, now ${report.version}); reload and try again.`,
          })
        }
        if (report.status !== "approved" && report.status !== "scheduled") {
          return yield* new Conflict({
            message: `Only an approved report can be scheduled; this one is ${report.status.replace("_", " ")}.`,
          })
        }
        const problem = futureProblem(request.releaseAt)
        if (problem) return yield* ValidationError.field("releaseAt", problem)
        yield* refuseIfBlocked(repo, report.tickers, request.releaseAt)
        yield* applySchedule(actor, report, request.releaseAt)
        yield* queueReleases([request.releaseAt])
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    /** `scheduled → approved`, inside the caller's transaction (the report is locked there). */
    const unscheduleLocked = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const report = yield* lockOne(id)
        yield* applyUnschedule(actor, report)
      })

    /** Publish now, inside the caller's transaction: refused while a block holds. */
    const publishLocked = (id: string) =>
      Effect.gen(function* () {
        const report = yield* lockOne(id)
        yield* refuseIfBlocked(repo, report.tickers, "now")
        yield* publishReports(publishRepos, [id])
      })

    /**
     * Publishes every due scheduled report, a batch per transaction, each claimed with SKIP
     * LOCKED so several instances share the work and none publishes a report twice. A report a
     * blackout or the restricted list covers now is held with the reason instead.
     */
    const releaseDue = Effect.gen(function* () {
      let published = 0
      for (;;) {
        const batch = yield* Effect.gen(function* () {
          const due = yield* repo.claimDue(releaseBatch)
          const blocked = yield* releaseBlocks(repo, due, "now")
          const held = due.filter((r) => blocked.has(r.id))
          for (const report of held) {
            yield* repo.hold(report.id, blocked.get(report.id)!.message)
          }
          const result = yield* publishReports(
            publishRepos,
            due.filter((r) => !blocked.has(r.id)).map((r) => r.id),
          )
          const releaseAtOf = new Map(due.map((r) => [r.id, r.releaseAt.toISOString()]))
          yield* audit.recordSystem([
            ...held.map((report) => ({
              action: "report.release_held",
              target: { type: "report", id: report.id },
              after: { reason: blocked.get(report.id)!.message, releaseAt: releaseAtOf.get(report.id) },
            })),
            ...result.published.map((report) => ({
              action: report.late ? "report.release_late" : "report.release",
              target: { type: "report", id: report.id },
              before: { status: "scheduled", releaseAt: releaseAtOf.get(report.id) },
              after: {
                status: "published",
                publishedAt: report.publishedAt.toISOString(),
                late: report.late,
              },
            })),
          ])
          published += result.published.length
          return due.length
        }).pipe(sql.withTransaction)
        if (batch < releaseBatch) break
      }
      return published
    }).pipe(Effect.orDie)

    /**
     * Scheduled reports (held ones whatever their time) up to `to` (no bound by default), and
     * reports released from `from` (default: 7 days ago) to `to`, by release time.
     */
    const list = (params: ScheduleListParams) =>
      Effect.gen(function* () {
        const from = params.from ?? new Date(Date.now() - 7 * 24 * 3600 * 1000)
        const to = params.to ?? null
        return yield* repo.list(from, to, scheduleListLimit)
      })

    const apply = (actor: Actor, request: ScheduleApplyRequest) =>
      Effect.gen(function* () {
        yield* mustSchedule(actor)
        const refs = [...new Set(request.entries.map((e) => e.report))]
        const uuids = refs.filter((r) =>
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(r),
        )
        const reports = yield* repo.lockByRefs(refs, uuids)
        const byRef = new Map<string, LockedReport>()
        for (const r of reports) byRef.set(r.id, r)
        for (const r of reports) if (r.externalId) byRef.set(r.externalId, r)
        const { steps, problems } = planSchedule(request.entries, (ref) => byRef.get(ref))
        const issues: Array<FieldIssue> = problems.map((p) => ({
          path: ["entries", p.index],
          message: p.message,
        }))
        const known = new Set(yield* repo.channelNames)
        const indexOf = new Map(request.entries.map((e, i) => [byRef.get(e.report)?.id, i] as const))
        for (const step of steps) {
          const index = indexOf.get(step.reportId) ?? 0
          if (step.to) {
            const problem = futureProblem(step.to)
            if (problem)
              issues.push({ path: ["entries", index, "releaseAt"], message: `${step.title}: ${problem}` })
          }
          for (const name of step.channels ?? []) {
            if (!known.has(name.toLowerCase()))
              issues.push({ path: ["entries", index, "channels"], message: `No channel named "${name}"` })
          }
        }
        if (issues.length > 0) {
          return yield* new ValidationError({
            message: `The schedule was not applied: ${issues.length} problem${issues.length === 1 ? "" : "s"}. ${issues
              .slice(0, 5)
              .map((i) => `Entry ${Number(i.path[1]) + 1}: ${i.message}`)
              .join("; ")}`,
            issues,
          })
        }
        for (const step of steps) {
          if (step.to) {
            const report = byRef.get(step.reportId)!
            yield* refuseIfBlocked(repo, report.tickers, step.to)
          }
        }
        if (!request.dryRun) {
          for (const step of steps) {
            const report = byRef.get(step.reportId)!
            if (step.action === "unschedule") yield* applyUnschedule(actor, report)
            else if (step.to) yield* applySchedule(actor, report, step.to, step.channels)
          }
          yield* queueReleases(steps.flatMap((step) => (step.to ? [step.to] : [])))
        }
        return yield* decodeApplyResult({ steps, applied: !request.dryRun && steps.length > 0 }).pipe(
          Effect.orDie,
        )
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return {
      schedule,
      unscheduleLocked,
      publishLocked,
      releaseDue,
      list,
      apply,
    } as const
  }),
  dependencies: [ReleasesRepo.Default, CoverageRepo.Default, DeliveriesRepo.Default, Audit.Default],
}) {}
