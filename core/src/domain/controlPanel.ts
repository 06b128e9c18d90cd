import { Schema } from "effect"
import { SessionId, UserId } from "../ids.js"
import { Cursor, Page, PageLimit } from "../schema/pagination.js"
import { QueryText } from "../schema/text.js"

/**
 * The control panel (admins): how the installation is doing (database, migrations, server
 * instances, the job queue, the mail outbox, deliveries), the work that failed for good with a
 * way to try it again, and who is signed in where.
 */

/** An instance is `gone` when it has not written its heartbeat for this long. */
export const instanceGoneAfterSeconds = 60

/** How often a running instance writes its heartbeat. */
export const instanceHeartbeatSeconds = 15

export const InstanceState = Schema.Literal("running", "stopped", "gone")
export type InstanceState = typeof InstanceState.Type

export const ServerInstance = Schema.Struct({
  id: Schema.String,
  deploymentId: Schema.String,
  version: Schema.String,
  hostname: Schema.String,
  pid: Schema.Int,
  startedAt: Schema.Date,
  lastHeartbeatAt: Schema.Date,
  stoppedAt: Schema.NullOr(Schema.Date),
  /** Running, stopped cleanly, or silent for more than `instanceGoneAfterSeconds`. */
  state: InstanceState,
  /** The instance that answered this request. */
  current: Schema.Boolean,
})
export type ServerInstance = typeof ServerInstance.Type

export const JobQueueHealth = Schema.Struct({
  /** Due now and waiting for a worker. */
  ready: Schema.Int,
  /** Due later (cron sweeps, retries with back-off, scheduled releases). */
  scheduled: Schema.Int,
  /** Being run by a worker at this moment. */
  running: Schema.Int,
  /** Failed at least once and will be tried again. */
  retrying: Schema.Int,
  /** Out of attempts: nothing runs them again unless retried by hand. */
  failed: Schema.Int,
  /** The due job that has waited longest, if any. */
  oldestReady: Schema.NullOr(Schema.Struct({ task: Schema.String, runAt: Schema.Date })),
})
export type JobQueueHealth = typeof JobQueueHealth.Type

export const MailHealth = Schema.Struct({
  /** False: mail stays in the outbox, unsent (development). */
  smtpConfigured: Schema.Boolean,
  /** Not sent yet and still to be tried. */
  unsent: Schema.Int,
  oldestUnsentAt: Schema.NullOr(Schema.Date),
  /** Not sent, and no attempt is left (or its retry window passed). */
  failed: Schema.Int,
})
export type MailHealth = typeof MailHealth.Type

export const DeliveryHealth = Schema.Struct({
  pending: Schema.Int,
  failed: Schema.Int,
  dead: Schema.Int,
})
export type DeliveryHealth = typeof DeliveryHealth.Type

export const ControlPanelHealth = Schema.Struct({
  checkedAt: Schema.Date,
  version: Schema.String,
  deploymentId: Schema.String,
  database: Schema.Struct({
    /** One round trip from this instance, in milliseconds. */
    latencyMs: Schema.Number,
    engine: Schema.String,
    embedded: Schema.Boolean,
  }),
  migration: Schema.Struct({
    current: Schema.NullOr(Schema.String),
    latest: Schema.String,
  }),
  /** Running instances and those seen in the last day, newest first. */
  instances: Schema.Array(ServerInstance),
  jobs: JobQueueHealth,
  mail: MailHealth,
  deliveries: DeliveryHealth,
})
export type ControlPanelHealth = typeof ControlPanelHealth.Type

/** A graphile-worker job id: a bigint, sent as a string. */
export const JobId = Schema.String.pipe(
  Schema.pattern(/^[1-9]\d{0,18}$/, { message: () => "A job id is a positive whole number" }),
  Schema.brand("JobId"),
)
export type JobId = typeof JobId.Type

export const FailedJob = Schema.Struct({
  id: JobId,
  task: Schema.String,
  attempts: Schema.Int,
  maxAttempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  /** When it last failed. */
  failedAt: Schema.Date,
  key: Schema.NullOr(Schema.String),
})
export type FailedJob = typeof FailedJob.Type

export const FailedJobPage = Page(FailedJob)
export type FailedJobPage = typeof FailedJobPage.Type

export const FailedListParams = Schema.Struct({
  cursor: Schema.optional(Cursor(200)),
  limit: Schema.optional(PageLimit),
})
export type FailedListParams = typeof FailedListParams.Type

export const RetryJobs = Schema.Struct({
  ids: Schema.Array(JobId).pipe(
    Schema.minItems(1, { message: () => "Name at least one job" }),
    Schema.maxItems(200, { message: () => "At most 200 jobs at once" }),
  ),
})
export type RetryJobs = typeof RetryJobs.Type

export const MailId = Schema.UUID.pipe(Schema.brand("MailId"))
export type MailId = typeof MailId.Type

export const FailedMail = Schema.Struct({
  id: MailId,
  to: Schema.String,
  /** The kind of message: `magic_link`, `reset`, `invite`, `report`, `digest`… */
  template: Schema.String,
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
})
export type FailedMail = typeof FailedMail.Type

export const FailedMailPage = Page(FailedMail)
export type FailedMailPage = typeof FailedMailPage.Type

export const RetryMail = Schema.Struct({
  ids: Schema.Array(MailId).pipe(
    Schema.minItems(1, { message: () => "Name at least one message" }),
    Schema.maxItems(200, { message: () => "At most 200 messages at once" }),
  ),
})
export type RetryMail = typeof RetryMail.Type

export const RetriedCount = Schema.Struct({ retried: Schema.Int })
export type RetriedCount = typeof RetriedCount.Type

export const ActiveSession = Schema.Struct({
  id: SessionId,
  userId: UserId,
  userEmail: Schema.String,
  userName: Schema.String,
  companyName: Schema.String,
  kind: Schema.Literal("browser", "cli"),
  ip: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  lastSeenAt: Schema.Date,
  expiresAt: Schema.Date,
  /** The session this request came in on. */
  current: Schema.Boolean,
})
export type ActiveSession = typeof ActiveSession.Type

export const ActiveSessionPage = Page(ActiveSession)
export type ActiveSessionPage = typeof ActiveSessionPage.Type

export const ActiveSessionParams = Schema.Struct({
  /** Part of the person's email or name. */
  q: Schema.optional(QueryText("The search", 200)),
  cursor: Schema.optional(Cursor(300)),
  limit: Schema.optional(PageLimit),
})
export type ActiveSessionParams = typeof ActiveSessionParams.Type
