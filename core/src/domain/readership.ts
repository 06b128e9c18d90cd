import { Schema } from "effect"
import { CompanyId, ReportId, TeamId, UserId } from "../ids.js"
import { QueryDate } from "../schema/timestamps.js"

/**
 * Readership: who opened and read what, through which channel. The console posts report opens
 * and reads; the server records the rest itself (sign-ins, searches, feed fetches, email opens).
 * Raw events are kept for the `readership.retentionDays` setting; daily rollups are kept for good
 * and, once a user's events are erased, hold only counts.
 */

export const readershipKinds = [
  "report_view",
  "report_read",
  "search",
  "sign_in",
  "feed_fetch",
  "email_open",
  "podcast_play",
] as const
export const ReadershipKind = Schema.Literal(...readershipKinds)
export type ReadershipKind = typeof ReadershipKind.Type

export const readershipChannels = ["console", "email", "feed", "api"] as const
export const ReadershipChannel = Schema.Literal(...readershipChannels)
export type ReadershipChannel = typeof ReadershipChannel.Type

/** A report counts as read after this much visible dwell (the tab shown, not just open). */
export const readDwellMs = 16_000

/** The most events one batch may hold; the console sends far fewer. */
export const eventBatchMax = 500

/** How far an event's own time may be from the server's: a batch held by a sleeping laptop. */
export const eventMaxAgeMs = 24 * 60 * 60 * 1000
export const eventMaxAheadMs = 5 * 60 * 1000

/** What a client may post: a report opened, a report read (podcast plays join when podcasts do). */
export const ClientEventKind = Schema.Literal("report_view", "report_read")
export type ClientEventKind = typeof ClientEventKind.Type

export const ClientEvent = Schema.Struct({
  kind: ClientEventKind,
  reportId: ReportId,
  /** When it happened, by the client's clock; within a day before and five minutes after the server's. */
  at: Schema.Date,
  /** Visible dwell so far, for a read. */
  durationMs: Schema.optional(
    Schema.Int.pipe(
      Schema.between(0, 86_400_000, { message: () => "durationMs must be between 0 and 86,400,000" }),
    ),
  ),
  /**
   * Whom the client recorded it for. When given it must be the caller: a batch queued before a
   * sign-out is refused rather than counted for whoever signs in next.
   */
  userId: Schema.optional(UserId),
})
export type ClientEvent = typeof ClientEvent.Type

export const EventBatch = Schema.Struct({
  events: Schema.Array(ClientEvent).pipe(
    Schema.minItems(1, { message: () => "events must hold at least one event" }),
    Schema.maxItems(eventBatchMax, { message: () => `events must hold at most ${eventBatchMax} events` }),
  ),
})
export type EventBatch = typeof EventBatch.Type

export const EventBatchResult = Schema.Struct({ accepted: Schema.Int })
export type EventBatchResult = typeof EventBatchResult.Type

/** One recorded event, as its subject sees it on their profile and in the download. */
export const RecordedEvent = Schema.Struct({
  at: Schema.Date,
  kind: ReadershipKind,
  channel: ReadershipChannel,
  /** What it was about: a report's title, a search's words, a feed's name. */
  subject: Schema.NullOr(Schema.String),
  reportId: Schema.NullOr(ReportId),
  durationMs: Schema.NullOr(Schema.Int),
  companyName: Schema.String,
  teamName: Schema.NullOr(Schema.String),
})
export type RecordedEvent = typeof RecordedEvent.Type

export const MyReadership = Schema.Struct({
  retentionDays: Schema.Int,
  /** Every event kept about the caller, by kind. */
  counts: Schema.Array(Schema.Struct({ kind: ReadershipKind, count: Schema.Int })),
  total: Schema.Int,
  /** The newest events, at most `recentMax`. */
  recent: Schema.Array(RecordedEvent),
})
export type MyReadership = typeof MyReadership.Type
export const myReadershipRecentMax = 50

export const ReadershipExport = Schema.Struct({
  user: Schema.Struct({ id: UserId, name: Schema.String, email: Schema.String }),
  exportedAt: Schema.Date,
  retentionDays: Schema.Int,
  events: Schema.Array(RecordedEvent),
})
export type ReadershipExport = typeof ReadershipExport.Type

export const ErasedEvents = Schema.Struct({ erased: Schema.Int })
export type ErasedEvents = typeof ErasedEvents.Type

// ---------------------------------------------------------------------------------------------
// Analytics: answered from the daily rollups.

/** A calendar day, `YYYY-MM-DD` (UTC). */
export const Day = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "A day is written YYYY-MM-DD" }),
)
export type Day = typeof Day.Type

export const AnalyticsParams = Schema.Struct({
  /** First day, inclusive (UTC). */
  from: QueryDate,
  /** Last day, inclusive (UTC). */
  to: QueryDate,
  company: Schema.optional(CompanyId),
  team: Schema.optional(TeamId),
})
export type AnalyticsParams = typeof AnalyticsParams.Type

export const Counts = Schema.Struct({ views: Schema.Int, reads: Schema.Int })
export type Counts = typeof Counts.Type

export const AnalyticsTotals = Schema.Struct({
  views: Schema.Int,
  reads: Schema.Int,
  /** People who read at least one report in the range. */
  readers: Schema.Int,
  searches: Schema.Int,
  signIns: Schema.Int,
  feedFetches: Schema.Int,
  emailOpens: Schema.Int,
  podcastPlays: Schema.Int,
})
export type AnalyticsTotals = typeof AnalyticsTotals.Type

export const AnalyticsDay = Schema.Struct({ day: Day, views: Schema.Int, reads: Schema.Int })
export const AnalyticsReportRow = Schema.Struct({
  id: ReportId,
  title: Schema.String,
  sector: Schema.String,
  publishedAt: Schema.NullOr(Schema.Date),
  views: Schema.Int,
  reads: Schema.Int,
})
export type AnalyticsReportRow = typeof AnalyticsReportRow.Type
export const AnalyticsCompanyRow = Schema.Struct({
  id: CompanyId,
  name: Schema.String,
  views: Schema.Int,
  reads: Schema.Int,
})
/** `id` null: readers in no team of the company. */
export const AnalyticsTeamRow = Schema.Struct({
  id: Schema.NullOr(TeamId),
  name: Schema.String,
  views: Schema.Int,
  reads: Schema.Int,
})
export const AnalyticsReaderRow = Schema.Struct({
  id: UserId,
  name: Schema.String,
  email: Schema.String,
  views: Schema.Int,
  reads: Schema.Int,
  lastDay: Day,
})
export const AnalyticsChannelRow = Schema.Struct({
  channel: ReadershipChannel,
  views: Schema.Int,
  reads: Schema.Int,
})
export const AnalyticsSectorRow = Schema.Struct({
  sector: Schema.String,
  views: Schema.Int,
  reads: Schema.Int,
})
export const AnalyticsAnalystRow = Schema.Struct({
  id: UserId,
  name: Schema.String,
  views: Schema.Int,
  reads: Schema.Int,
})

/** How many rows the ranked tables hold. */
export const analyticsTopMax = 50

export const Analytics = Schema.Struct({
  from: Day,
  to: Day,
  /** `own`: an analyst sees the readership of the reports they wrote; `all` otherwise. */
  scope: Schema.Literal("all", "own"),
  company: Schema.NullOr(Schema.Struct({ id: CompanyId, name: Schema.String })),
  team: Schema.NullOr(Schema.Struct({ id: TeamId, name: Schema.String })),
  totals: AnalyticsTotals,
  /** One row per day of the range, zeros included. */
  series: Schema.Array(AnalyticsDay),
  topReports: Schema.Array(AnalyticsReportRow),
  byCompany: Schema.Array(AnalyticsCompanyRow),
  byTeam: Schema.Array(AnalyticsTeamRow),
  /** The readers of one company or team; empty without one. */
  readers: Schema.Array(AnalyticsReaderRow),
  byChannel: Schema.Array(AnalyticsChannelRow),
  bySector: Schema.Array(AnalyticsSectorRow),
  byAnalyst: Schema.Array(AnalyticsAnalystRow),
})
export type Analytics = typeof Analytics.Type
