import { Schema } from "effect"
import { ErrorIssueId } from "../ids.js"
import { JsonValue } from "../schema/json.js"
import { Cursor, Page, PageLimit } from "../schema/pagination.js"
import { storableText } from "../schema/text.js"

/**
 * The local error-report inbox (`/developer/reports`): console errors and traces that arrived
 * through the tunnel, grouped into issues by fingerprint (exception type + normalised message +
 * top in-app frame).
 */
export const ErrorIssueStatus = Schema.Literal("unresolved", "resolved", "ignored")
export type ErrorIssueStatus = typeof ErrorIssueStatus.Type

export const ErrorIssue = Schema.Struct({
  id: ErrorIssueId,
  fingerprint: Schema.String,
  /** The exception type, e.g. `TypeError`. */
  type: Schema.String,
  /** The message of the latest event. */
  message: Schema.String,
  /** The top in-app frame: `function (file:line)`, or null when the stack has none. */
  culprit: Schema.NullOr(Schema.String),
  level: Schema.String,
  status: ErrorIssueStatus,
  count: Schema.Int,
  usersAffected: Schema.Int,
  firstSeen: Schema.Date,
  lastSeen: Schema.Date,
  /** The console deployment (release) of the latest event. */
  deploymentId: Schema.NullOr(Schema.String),
  /** Browser name and version of the latest event, e.g. `Chrome 156`. */
  browser: Schema.NullOr(Schema.String),
  /** The page the latest event happened on. */
  url: Schema.NullOr(Schema.String),
})
export type ErrorIssue = typeof ErrorIssue.Type

export const StackFrame = Schema.Struct({
  function: Schema.NullOr(Schema.String),
  filename: Schema.NullOr(Schema.String),
  lineno: Schema.NullOr(Schema.Int),
  colno: Schema.NullOr(Schema.Int),
  inApp: Schema.Boolean,
})
export type StackFrame = typeof StackFrame.Type

/** One exception of the event's chain (linked errors), innermost first as Sentry sends them. */
export const ExceptionValue = Schema.Struct({
  type: Schema.String,
  value: Schema.String,
  /** Outermost call first, the throwing frame last (Sentry's order). */
  frames: Schema.Array(StackFrame),
})
export type ExceptionValue = typeof ExceptionValue.Type

export const Breadcrumb = Schema.Struct({
  timestamp: Schema.NullOr(Schema.Date),
  type: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  level: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String),
  data: Schema.NullOr(Schema.Record({ key: Schema.String, value: JsonValue })),
})
export type Breadcrumb = typeof Breadcrumb.Type

export const ErrorEvent = Schema.Struct({
  eventId: Schema.String,
  receivedAt: Schema.Date,
  deploymentId: Schema.NullOr(Schema.String),
  browser: Schema.NullOr(Schema.String),
  os: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(Schema.String),
  exceptions: Schema.Array(ExceptionValue),
  breadcrumbs: Schema.Array(Breadcrumb),
})
export type ErrorEvent = typeof ErrorEvent.Type

export const ErrorIssueDetail = Schema.Struct({
  issue: ErrorIssue,
  latestEvent: Schema.NullOr(ErrorEvent),
  /** The most recent events (at most 20), newest first, without their stacks. */
  recentEvents: Schema.Array(
    Schema.Struct({
      eventId: Schema.String,
      receivedAt: Schema.Date,
      deploymentId: Schema.NullOr(Schema.String),
      browser: Schema.NullOr(Schema.String),
      url: Schema.NullOr(Schema.String),
    }),
  ),
})
export type ErrorIssueDetail = typeof ErrorIssueDetail.Type

export const ErrorIssuePage = Page(ErrorIssue)
export type ErrorIssuePage = typeof ErrorIssuePage.Type

export const ErrorIssueListParams = Schema.Struct({
  /** Default: unresolved. */
  status: Schema.optional(ErrorIssueStatus),
  /** Matches the type or the message. */
  q: Schema.optional(Schema.Trim.pipe(Schema.maxLength(200), storableText("Search"))),
  cursor: Schema.optional(Cursor()),
  limit: Schema.optional(PageLimit),
})
export type ErrorIssueListParams = typeof ErrorIssueListParams.Type

export const SetErrorIssueStatus = Schema.Struct({ status: ErrorIssueStatus })
export type SetErrorIssueStatus = typeof SetErrorIssueStatus.Type

/** Trace items (transactions and spans) received through the tunnel, summarised per route. */
export const TraceRoute = Schema.Struct({
  route: Schema.String,
  count: Schema.Int,
  p50Ms: Schema.Number,
  p95Ms: Schema.Number,
  lastSeen: Schema.Date,
})
export type TraceRoute = typeof TraceRoute.Type

export const TraceRouteList = Schema.Struct({ items: Schema.Array(TraceRoute) })
export type TraceRouteList = typeof TraceRouteList.Type

export const TraceItem = Schema.Struct({
  traceId: Schema.String,
  route: Schema.String,
  op: Schema.NullOr(Schema.String),
  durationMs: Schema.Number,
  status: Schema.NullOr(Schema.String),
  deploymentId: Schema.NullOr(Schema.String),
  receivedAt: Schema.Date,
})
export type TraceItem = typeof TraceItem.Type

export const TracePage = Page(TraceItem)
export type TracePage = typeof TracePage.Type

export const TraceListParams = Schema.Struct({
  route: Schema.optional(Schema.String.pipe(Schema.maxLength(500), storableText("The route filter"))),
  cursor: Schema.optional(Cursor()),
  limit: Schema.optional(PageLimit),
})
export type TraceListParams = typeof TraceListParams.Type

export const ErrorReportSettings = Schema.Struct({
  /** Events and traces older than this many days are deleted by the hourly housekeeping. */
  retentionDays: Schema.Int.pipe(
    Schema.between(1, 365, { message: () => "Retention is between 1 and 365 days" }),
  ),
})
export type ErrorReportSettings = typeof ErrorReportSettings.Type

/**
 * What the server writes into the console's index.html (a JSON `<script id="folio-runtime-config">`),
 * so one build runs anywhere: the Sentry DSN to report to (the built-in local DSN when no external
 * one is configured), the tunnel path, and the environment name.
 */
export const ConsoleRuntimeConfig = Schema.Struct({
  sentryDsn: Schema.String,
  tunnelPath: Schema.String,
  environment: Schema.String,
  deploymentId: Schema.String,
})
export type ConsoleRuntimeConfig = typeof ConsoleRuntimeConfig.Type
