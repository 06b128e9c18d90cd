import { SqlClient } from "@effect/sql"
import type { DeliveryPayload } from "@folio/core"
import { Effect, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { AppConfig, publicOriginOf } from "../config.js"
import { enqueue } from "../jobs/worker.js"
import { type ClaimedDelivery, DeliveriesRepo } from "./deliveriesRepo.js"
import { deliverEmail } from "./email.js"
import { deliveryJobKey } from "./service.js"
import { postWebhook, type WebhookOutcome, webhookMaxAttempts, webhookRetryDelayMs } from "./webhook.js"

/** What one attempt came to; the job writes it to the delivery's row. */
export type Attempt =
  | { readonly kind: "delivered"; readonly recipients?: number }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "dead"; readonly message: string }
  | { readonly kind: "gone"; readonly message: string }

const DeliveryJob = Schema.Struct({ deliveryId: Schema.UUID })

type ReportPart = NonNullable<DeliveryPayload["report"]>

/** The report as a tier's readers get it: read once per report and tier, shared by its deliveries. */
const reportPartOf = (reportId: string, tierHours: number) =>
  Effect.gen(function* () {
    const deliveries = yield* DeliveriesRepo
    const origin = publicOriginOf(yield* AppConfig)
    const report = yield* deliveries.tierReport(reportId, tierHours)
    if (!report) return null
    return {
      id: report.id,
      externalId: report.externalId,
      title: report.title,
      summary: report.summary,
      type: report.type,
      sector: report.sector,
      tickers: report.tickers,
      publishedAt: report.publishedAt?.toISOString() ?? null,
      url: `${origin}/reports/${report.id}`,
      tier: { embargoHours: tierHours, audience: report.audience },
    } satisfies ReportPart
  }).pipe(Effect.orDie)

/** The payload of a delivery: the event, the report as its tier's readers get it, the change note. */
export const payloadOf = (delivery: ClaimedDelivery, report: ReportPart | null): DeliveryPayload => ({
  type: delivery.event,
  version: 1,
  deliveryId: delivery.id,
  occurredAt: delivery.createdAt.toISOString(),
  ...(delivery.changeNote ? { changeNote: delivery.changeNote } : {}),
  report,
})

/** The report parts the deliveries need, each read once. */
const reportPartsFor = (deliveries: ReadonlyArray<ClaimedDelivery>) =>
  Effect.gen(function* () {
    const parts = new Map<string, ReportPart | null>()
    for (const d of deliveries) {
      if (!d.reportId) continue
      const key = `${d.reportId}:${d.tierHours}`
      if (!parts.has(key)) parts.set(key, yield* reportPartOf(d.reportId, d.tierHours))
    }
    return (d: ClaimedDelivery) => (d.reportId ? (parts.get(`${d.reportId}:${d.tierHours}`) ?? null) : null)
  })

const webhookAttempt = (delivery: ClaimedDelivery, report: ReportPart | null) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const body = JSON.stringify(payloadOf(delivery, report))
    const outcome: WebhookOutcome = yield* Effect.promise(() =>
      postWebhook({
        url: delivery.url ?? "",
        id: delivery.id,
        timestamp: new Date(),
        body,
        secrets: delivery.secrets,
        allow: config.webhookAllowNetworks,
      }),
    )
    switch (outcome.kind) {
      case "delivered":
        return { kind: "delivered" } satisfies Attempt
      case "gone":
        return {
          kind: "gone",
          message: "HTTP 410 Gone: the receiver asked Folio to stop; the channel was disabled",
        } satisfies Attempt
      case "refused":
        return { kind: "dead", message: outcome.message } satisfies Attempt
      case "failed":
        return { kind: "failed", message: outcome.message } satisfies Attempt
    }
  })

/** How many due deliveries one `deliver_due` claim takes, and how many of their attempts run at once. */
export const deliveryBatch = 200

const disabledChannel: Attempt = {
  kind: "dead",
  message: "The channel is disabled; retry once it is enabled again",
}
/** A feed holds the report from its tier's time on: its attempt, at that time, is all there is. */
const inFeeds: Attempt = { kind: "delivered" }

const attemptOf = (delivery: ClaimedDelivery, report: ReportPart | null) =>
  Effect.gen(function* () {
    let attempt: Attempt = inFeeds
    if (!delivery.enabled) attempt = disabledChannel
    else if (delivery.kind === "webhook") attempt = yield* webhookAttempt(delivery, report)
    else if (delivery.kind === "email") attempt = yield* deliverEmail(delivery)
    return attempt
  })

/**
 * Writes an attempt's outcome to its delivery, with, after a failure, the next attempt queued in
 * the same transaction — or `dead` once the attempts are used up. A 410 from a webhook turns its
 * channel off.
 */
const recordOutcome = (delivery: ClaimedDelivery, attempt: Attempt) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const deliveries = yield* DeliveriesRepo
    const audit = yield* Audit
    yield* Effect.gen(function* () {
      switch (attempt.kind) {
        case "delivered":
          yield* deliveries.markDelivered(delivery.id, attempt.recipients ?? 0)
          return
        case "failed": {
          if (delivery.attempts >= webhookMaxAttempts) {
            yield* deliveries.markDead(
              delivery.id,
              `${attempt.message} (gave up after ${delivery.attempts} attempts)`,
            )
            return
          }
          const next = new Date(Date.now() + webhookRetryDelayMs(delivery.attempts))
          yield* deliveries.markFailed(delivery.id, attempt.message, next)
          yield* enqueue(
            "deliver",
            { deliveryId: delivery.id },
            { runAt: next, jobKey: deliveryJobKey(delivery.id) },
          )
          return
        }
        case "dead":
          yield* deliveries.markDead(delivery.id, attempt.message)
          return
        case "gone":
          yield* deliveries.markDead(delivery.id, attempt.message)
          yield* deliveries.disableChannel(
            delivery.channelId,
            `The receiver answered 410 Gone on ${new Date().toISOString()}; enable the channel again once it accepts deliveries`,
          )
          yield* audit.record({
            action: "channel.disable",
            target: { type: "channel", id: delivery.channelId },
            after: { enabled: false, reason: "410 Gone from the receiver" },
          })
          return
      }
    }).pipe(sql.withTransaction)
  })

/** One attempt of one delivery (the `deliver` job): a retry, a test send, or one retried by hand. */
export const deliverTask = (payload: unknown) =>
  Effect.gen(function* () {
    const { deliveryId } = yield* Schema.decodeUnknown(DeliveryJob)(payload)
    const deliveries = yield* DeliveriesRepo
    const [delivery] = yield* deliveries.claimOne(deliveryId)
    if (!delivery) return
    const reportOf = yield* reportPartsFor([delivery])
    yield* recordOutcome(delivery, yield* attemptOf(delivery, reportOf(delivery)))
  })

/**
 * First attempts of every due delivery (the `deliver_due` job, queued for each tier's time when
 * a report is published, and every minute by cron): a batch at a time, its attempts side by side,
 * the successes written in one statement. A failure gets a `deliver` job of its own for its retry.
 */
export const deliverDueTask = () =>
  Effect.gen(function* () {
    const deliveries = yield* DeliveriesRepo
    for (;;) {
      const batch = yield* deliveries.claimDue(deliveryBatch)
      if (batch.length === 0) return
      const reportOf = yield* reportPartsFor(batch)
      const outcomes = yield* Effect.forEach(
        batch,
        (delivery) =>
          Effect.map(attemptOf(delivery, reportOf(delivery)), (attempt) => ({ delivery, attempt })),
        { concurrency: deliveryBatch },
      )
      const plain = outcomes.filter(
        (o) => o.attempt.kind === "delivered" && o.attempt.recipients === undefined,
      )
      if (plain.length > 0) {
        yield* deliveries.markAllDelivered(plain.map((o) => o.delivery.id))
      }
      for (const { delivery, attempt } of outcomes) {
        if (attempt.kind === "delivered" && attempt.recipients === undefined) continue
        yield* recordOutcome(delivery, attempt)
      }
      if (batch.length < deliveryBatch) return
    }
  })
