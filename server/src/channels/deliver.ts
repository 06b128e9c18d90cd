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

/** The payload of a delivery: the event, the report as its tier's readers get it, the change note. */
export const payloadOf = (delivery: ClaimedDelivery) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const origin = publicOriginOf(yield* AppConfig)
    const base = {
      type: delivery.event,
      version: 1 as const,
      deliveryId: delivery.id,
      occurredAt: delivery.createdAt.toISOString(),
      ...(delivery.changeNote ? { changeNote: delivery.changeNote } : {}),
    }
    if (!delivery.reportId) return { ...base, report: null } satisfies DeliveryPayload
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
                       where a.report_id = r.id and a.embargo_hours = ${delivery.tierHours}), '[]') as audience
      from reports r where r.id = ${delivery.reportId}`
    const report = rows[0]
    if (!report) return { ...base, report: null } satisfies DeliveryPayload
    return {
      ...base,
      report: {
        id: report.id,
        externalId: report.externalId,
        title: report.title,
        summary: report.summary,
        type: report.type,
        sector: report.sector,
        tickers: report.tickers,
        publishedAt: report.publishedAt?.toISOString() ?? null,
        url: `${origin}/reports/${report.id}`,
        tier: { embargoHours: delivery.tierHours, audience: report.audience },
      },
    } satisfies DeliveryPayload
  }).pipe(Effect.orDie)

const webhookAttempt = (delivery: ClaimedDelivery) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const body = JSON.stringify(yield* payloadOf(delivery))
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

/**
 * One attempt of one delivery (the `deliver` job). The claim moves it to `sending`; the outcome
 * is written back with, after a failure, the next attempt queued in the same transaction — or
 * `dead` once the attempts are used up. A 410 from a webhook turns its channel off.
 */
export const deliverTask = (payload: unknown) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit
    const { deliveryId } = yield* Schema.decodeUnknown(DeliveryJob)(payload)
    const claimed = yield* sql<ClaimedDelivery>`
      update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
      from channels c
      where d.id = ${deliveryId} and c.id = d.channel_id and d.status in ('pending', 'failed', 'sending')
      returning d.id, d.report_id, d.event, d.tier_hours, d.attempts, d.change_note, d.created_at,
        c.id as channel_id, c.name as channel_name, c.kind, c.enabled, c.url,
        array_remove(array[c.secret, case when c.previous_secret_until > now() then c.previous_secret end], null) as secrets,
        c.company_ids, c.team_ids`
    const delivery = claimed[0]
    if (!delivery) return
    const attempt: Attempt = !delivery.enabled
      ? { kind: "dead", message: "The channel is disabled; retry once it is enabled again" }
      : delivery.kind === "webhook"
        ? yield* webhookAttempt(delivery)
        : delivery.kind === "email"
          ? yield* deliverEmail(delivery)
          : // A feed holds the report from its tier's time on: this job runs at that time.
            { kind: "delivered" }
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
