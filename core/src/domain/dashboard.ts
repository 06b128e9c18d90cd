import { Schema } from "effect"
import { ReportId } from "../ids.js"
import { ReportStatus } from "./report.js"

/** What the dashboard's tiles need beyond the report lists and analytics they link to. */

/** A report in a dashboard tile: enough to name it and say when. */
export const ReportBrief = Schema.Struct({
  id: ReportId,
  title: Schema.String,
  status: ReportStatus,
  sector: Schema.String,
  publishedAt: Schema.NullOr(Schema.Date),
  updatedAt: Schema.Date,
})
export type ReportBrief = typeof ReportBrief.Type

/**
 * What changed since the caller's last visit: reports they may read that were published, or
 * published ones revised, after `since`. A visit is a dashboard opening more than 30 minutes after
 * the one before; `since` is null on the first.
 */
export const SinceLastVisit = Schema.Struct({
  since: Schema.NullOr(Schema.Date),
  published: Schema.Array(ReportBrief),
  revised: Schema.Array(ReportBrief),
})
export type SinceLastVisit = typeof SinceLastVisit.Type
export const sinceLastVisitMax = 10

/** A report of mine with its readership: all time and the last 7 days. */
export const MyReportReads = Schema.Struct({
  ...ReportBrief.fields,
  views: Schema.Int,
  reads: Schema.Int,
  readsLast7Days: Schema.Int,
})
export type MyReportReads = typeof MyReportReads.Type

/** An author's tiles: drafts an editor sent back, and the readership of their latest reports. */
export const MyReports = Schema.Struct({
  /** Drafts of mine returned from review by someone else, with who and when. */
  sentBack: Schema.Array(
    Schema.Struct({ ...ReportBrief.fields, sentBackBy: Schema.String, sentBackAt: Schema.Date }),
  ),
  latest: Schema.Array(MyReportReads),
})
export type MyReports = typeof MyReports.Type

/** An admin's headline figures. */
export const PlatformFigures = Schema.Struct({
  /** People signed in within 30 days / all active accounts. */
  activeUsers: Schema.Int,
  users: Schema.Int,
  clientCompanies: Schema.Int,
  publishedLast30Days: Schema.Int,
  readsLast7Days: Schema.Int,
  readsPrevious7Days: Schema.Int,
  /** Deliveries that ended dead and wait for a retry by hand. */
  deadDeliveries: Schema.Int,
  openErrorIssues: Schema.Int,
  /** Jobs due and not yet run, and jobs that failed their last attempt. */
  jobsWaiting: Schema.Int,
  jobsFailing: Schema.Int,
})
export type PlatformFigures = typeof PlatformFigures.Type
