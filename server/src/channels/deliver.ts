import { SqlClient } from "@effect/sql"
import type { DeliveryPayload } from "@folio/core"
import { Effect, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { AppConfig, publicOriginOf } from "../config.js"
import { enqueue } from "../jobs/worker.js"
import { deliverEmail } from "./email.js"
import { deliveryJobKey } from "./service.js"
import { postWebhook, type WebhookOutcome, webhookMaxAttempts, webhookRetryDelayMs } from "./webhook.js"

/** A delivery as its job claims it, with what its channel needs to send it. */
export interface ClaimedDelivery {
  readonly id: string
  readonly reportId: string | null
  readonly event: DeliveryPayload["type"]
  readonly tierHours: number
  readonly attempts: number
  readonly changeNote: string | null
  readonly createdAt: Date
  readonly channelId: string
  readonly channelName: string
  readonly kind: "email" | "webhook" | "rss"
  readonly enabled: boolean
  readonly url: string | null
  readonly secrets: ReadonlyArray<string>
  readonly companyIds: ReadonlyArray<string>
  readonly teamIds: ReadonlyArray<string>
}

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
    const sql = yield* SqlClient.SqlClient
    const origin = publicOriginOf(yield* AppConfig)
    const rows = yield* sql<{
      id: string
      externalId: string | null
      title: string
      summary: string
      type: string
      sector: string
      tickers: ReadonlyArray<string>
      publishedAt: Date | null
      audience: ReadonlyArray<{ company: string | null; team: string | null }>
    }>`
      select r.id, r.external_id, r.title, r.summary, r.type, r.sector, r.tickers, r.published_at,
             coalesce((select json_agg(json_build_object('company', c.slug, 'team', t.name) order by c.slug, t.name)
                       from report_audience a
                       left join companies c on c.id = a.company_id
                       left join teams t on t.id = a.team_id
                       where a.report_id = r.id and a.embargo_hours = ${tierHours}), '[]') as audience
      from reports r where r.id = ${reportId}`
    const report = rows[0]
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

/** The columns a claim returns: the delivery and what its channel needs to send it. */
const claimedColumns = `d.id, d.report_id, d.event, d.tier_hours, d.attempts, d.change_note, d.created_at,
  c.id as channel_id, c.name as channel_name, c.kind, c.enabled, c.url,
  array_remove(array[c.secret, case when c.previous_secret_until > now() then c.previous_secret end], null) as secrets,
  c.company_ids, c.team_ids`

/** A delivery left `sending` this long was cut short (its instance stopped): it may be claimed again. */
const staleSending = "10 minutes"

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
    const audit = yield* Audit
    yield* Effect.gen(function* () {
      switch (attempt.kind) {
        case "delivered":
          yield* sql`
          update deliveries set status = 'delivered', delivered_at = now(), last_error = null,
            next_attempt_at = null, recipients = ${attempt.recipients ?? 0}, updated_at = now()
          where id = ${delivery.id}`
          return
        case "failed": {
          if (delivery.attempts >= webhookMaxAttempts) {
            yield* sql`
            update deliveries set status = 'dead', last_error = ${`${attempt.message} (gave up after ${delivery.attempts} attempts)`},
              next_attempt_at = null, updated_at = now()
            where id = ${delivery.id}`
            return
          }
          const next = new Date(Date.now() + webhookRetryDelayMs(delivery.attempts))
          yield* sql`
          update deliveries set status = 'failed', last_error = ${attempt.message}, next_attempt_at = ${next},
            updated_at = now()
          where id = ${delivery.id}`
          yield* enqueue(
            "deliver",
            { deliveryId: delivery.id },
            { runAt: next, jobKey: deliveryJobKey(delivery.id) },
          )
          return
        }
        case "dead":
          yield* sql`
          update deliveries set status = 'dead', last_error = ${attempt.message}, next_attempt_at = null, updated_at = now()
          where id = ${delivery.id}`
          return
        case "gone":
          yield* sql`
          update deliveries set status = 'dead', last_error = ${attempt.message}, next_attempt_at = null, updated_at = now()
          where id = ${delivery.id}`
          yield* sql`
          update channels set enabled = false, updated_at = now(),
            disabled_reason = ${`The receiver answered 410 Gone on ${new Date().toISOString()}; enable the channel again once it accepts deliveries`}
          where id = ${delivery.channelId}`
          yield* audit.record({
            action: "channel.disable",
            target: { type: "channel", id: delivery.channelId },
            after: { enabled: false, reason: "410 Gone from the receiver" },
          })
          return
      }
    }).pipe(sql.withTransaction)
  })

const claimOne = (deliveryId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<ClaimedDelivery>`
      update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
      from channels c
      where d.id = ${deliveryId} and c.id = d.channel_id
        and (d.status in ('pending', 'failed')
             or (d.status = 'sending' and d.updated_at < now() - ${staleSending}::interval))
      returning ${sql.unsafe(claimedColumns)}`,
  )

/** Due deliveries (and ones cut short), up to a batch, claimed with SKIP LOCKED so instances share them. */
const claimDue = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => sql<ClaimedDelivery>`
    update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
    from channels c
    where c.id = d.channel_id and d.id in (
      select id from deliveries
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and updated_at < now() - ${staleSending}::interval)
      order by next_attempt_at
      limit ${deliveryBatch}
      for update skip locked)
    returning ${sql.unsafe(claimedColumns)}`,
)

/** One attempt of one delivery (the `deliver` job): a retry, a test send, or one retried by hand. */
export const deliverTask = (payload: unknown) =>
  Effect.gen(function* () {
    const { deliveryId } = yield* Schema.decodeUnknown(DeliveryJob)(payload)
    const [delivery] = yield* claimOne(deliveryId)
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
    const sql = yield* SqlClient.SqlClient
    for (;;) {
      const batch = yield* claimDue
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
        yield* sql`
          update deliveries set status = 'delivered', delivered_at = now(), last_error = null,
            next_attempt_at = null, updated_at = now()
          where id = any(${plain.map((o) => o.delivery.id)}::uuid[])`
      }
      for (const { delivery, attempt } of outcomes) {
        if (attempt.kind === "delivered" && attempt.recipients === undefined) continue
        yield* recordOutcome(delivery, attempt)
      }
      if (batch.length < deliveryBatch) return
    }
  })
