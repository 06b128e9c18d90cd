import { Schema } from "effect"
import { BlackoutId, ReportId } from "../ids.js"
import { singleLineText } from "../schema/text.js"
import { QueryDate } from "../schema/timestamps.js"
import { ReportVersion } from "./report.js"
import { TickerSymbol } from "./ticker.js"

/**
 * Release scheduling: when an approved report goes out, the quiet periods and restricted tickers
 * that stop it, and the agenda the console and `folio schedule` show. Times cross the wire in
 * UTC (ISO 8601); the console shows them in the reader's zone, naming it.
 */

/** A release instant a person or a file may ask for: years 2000–9999, whole seconds are enough. */
export const ReleaseTime = QueryDate.pipe(
  Schema.filter((date) => date.getUTCFullYear() >= 2000 || "A release time is after the year 2000"),
)

const Reason = Schema.Trim.pipe(
  Schema.minLength(3, { message: () => "Give a reason of at least 3 characters" }),
  Schema.maxLength(300, { message: () => "A reason is at most 300 characters" }),
  singleLineText("A reason"),
)

/** A quiet period: nothing about its ticker (or anything at all, when global) is released in it. */
export const Blackout = Schema.Struct({
  id: BlackoutId,
  startsAt: Schema.Date,
  endsAt: Schema.Date,
  /** Null: every report. */
  ticker: Schema.NullOr(Schema.String),
  reason: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
})
export type Blackout = typeof Blackout.Type

export const BlackoutInput = Schema.Struct({
  startsAt: ReleaseTime,
  endsAt: ReleaseTime,
  ticker: Schema.optionalWith(Schema.NullOr(TickerSymbol), { default: () => null }),
  reason: Reason,
}).pipe(
  Schema.filter((b) =>
    b.endsAt.getTime() > b.startsAt.getTime()
      ? undefined
      : { path: ["endsAt"], message: "A blackout ends after it starts" },
  ),
)
export type BlackoutInput = typeof BlackoutInput.Type

export const BlackoutListParams = Schema.Struct({
  /** Blackouts that have not ended by this instant (default: now). */
  from: Schema.optional(QueryDate),
  to: Schema.optional(QueryDate),
})

/** A ticker nothing may be scheduled or published about until it is taken off the list. */
export const RestrictedTicker = Schema.Struct({
  symbol: Schema.String,
  reason: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
})
export type RestrictedTicker = typeof RestrictedTicker.Type

export const RestrictTicker = Schema.Struct({ reason: Reason })

export const ScheduleRequest = Schema.Struct({
  releaseAt: ReleaseTime,
  /** The report's version the caller saw; 409 when it changed since. */
  version: Schema.optional(ReportVersion),
})
export type ScheduleRequest = typeof ScheduleRequest.Type

/** One release on the agenda: scheduled (maybe held by a blackout), or already published. */
export const Release = Schema.Struct({
  reportId: ReportId,
  externalId: Schema.NullOr(Schema.String),
  title: Schema.String,
  status: Schema.Literal("scheduled", "published"),
  releaseAt: Schema.Date,
  publishedAt: Schema.NullOr(Schema.Date),
  /** Set while a blackout or the restricted list holds a due release back. */
  heldReason: Schema.NullOr(Schema.String),
  /** Published after its time because no instance was running (or it was held). */
  late: Schema.Boolean,
  tickers: Schema.Array(Schema.String),
  channels: Schema.Array(Schema.String),
  /** Distinct embargo delays of the audience, in hours: one delivery tier each. */
  tiers: Schema.Array(Schema.Int),
  version: Schema.Int,
})
export type Release = typeof Release.Type

export const ScheduleListParams = Schema.Struct({
  from: Schema.optional(QueryDate),
  to: Schema.optional(QueryDate),
})
export type ScheduleListParams = typeof ScheduleListParams.Type

/** One entry of a declarative schedule file: `report` is an externalId or a report id. */
export const ScheduleEntry = Schema.Struct({
  report: Schema.String.pipe(
    Schema.minLength(1),
    Schema.maxLength(200),
    singleLineText("A report reference"),
  ),
  /** Null unschedules. */
  releaseAt: Schema.NullOr(ReleaseTime),
  /** When given, the channels the release goes to (by name); left alone when absent. */
  channels: Schema.optional(Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(80)))),
})
export type ScheduleEntry = typeof ScheduleEntry.Type

export const ScheduleApplyRequest = Schema.Struct({
  entries: Schema.Array(ScheduleEntry).pipe(Schema.maxItems(5000)),
  dryRun: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
export type ScheduleApplyRequest = typeof ScheduleApplyRequest.Type

export const PlanAction = Schema.Literal("schedule", "move", "unschedule")
export type PlanAction = typeof PlanAction.Type

export const PlanStep = Schema.Struct({
  reportId: ReportId,
  externalId: Schema.NullOr(Schema.String),
  title: Schema.String,
  action: PlanAction,
  from: Schema.NullOr(Schema.Date),
  to: Schema.NullOr(Schema.Date),
  channels: Schema.optional(Schema.Array(Schema.String)),
})
export type PlanStep = typeof PlanStep.Type

export const ScheduleApplyResult = Schema.Struct({
  steps: Schema.Array(PlanStep),
  applied: Schema.Boolean,
})
export type ScheduleApplyResult = typeof ScheduleApplyResult.Type

/** What a plan needs to know of a report an entry names. */
export interface PlannedReport {
  readonly id: string
  readonly externalId: string | null
  readonly title: string
  readonly status: string
  readonly releaseAt: Date | null
  readonly channels: ReadonlyArray<string>
}

export interface PlanProblem {
  readonly index: number
  readonly message: string
}

const sameChannels = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n")

/**
 * The steps that bring the schedule to what `entries` say, or the problems that stop it (all of
 * them, by entry). Reports the entries do not name are left alone; an entry that already holds
 * is no step, so applying the same file twice gives an empty plan.
 */
export const planSchedule = (
  entries: ReadonlyArray<ScheduleEntry>,
  find: (reference: string) => PlannedReport | undefined,
): { readonly steps: ReadonlyArray<PlanStep>; readonly problems: ReadonlyArray<PlanProblem> } => {
  const steps: Array<PlanStep> = []
  const problems: Array<PlanProblem> = []
  const seen = new Map<string, number>()
  entries.forEach((entry, index) => {
    const report = find(entry.report)
    if (!report) {
      problems.push({ index, message: `No report with externalId or id "${entry.report}"` })
      return
    }
    const earlier = seen.get(report.id)
    if (earlier !== undefined) {
      problems.push({ index, message: `"${entry.report}" is already named by entry ${earlier + 1}` })
      return
    }
    seen.set(report.id, index)
    const base = { reportId: report.id as ReportId, externalId: report.externalId, title: report.title }
    const channelsChange =
      entry.channels !== undefined && !sameChannels(entry.channels, report.channels)
        ? entry.channels
        : undefined
    const withChannels = channelsChange ? { channels: channelsChange } : {}
    const to = entry.releaseAt
    switch (report.status) {
      case "approved":
        if (to !== null) steps.push({ ...base, action: "schedule", from: null, to, ...withChannels })
        return
      case "scheduled":
        if (to === null) steps.push({ ...base, action: "unschedule", from: report.releaseAt, to: null })
        else if (report.releaseAt?.getTime() !== to.getTime() || channelsChange)
          steps.push({ ...base, action: "move", from: report.releaseAt, to, ...withChannels })
        return
      case "published":
        // Released as the file says: nothing left to do.
        if (to !== null && report.releaseAt?.getTime() === to.getTime()) return
        problems.push({
          index,
          message: `"${entry.report}" is already published${report.releaseAt ? ` (released ${report.releaseAt.toISOString()})` : ""}; it cannot be scheduled again`,
        })
        return
      default:
        if (to === null) return
        problems.push({
          index,
          message: `"${entry.report}" is ${report.status.replace("_", " ")}; only an approved report can be scheduled`,
        })
    }
  })
  return { steps, problems }
}

/** The entry `folio schedule export` writes for a scheduled report, which `apply` reads back as no step. */
export const scheduleEntryOf = (release: Release): ScheduleEntry => ({
  report: release.externalId ?? release.reportId,
  releaseAt: release.releaseAt,
  channels: release.channels,
})
