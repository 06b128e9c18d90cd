import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Channel,
  Conflict,
  type CreateChannel,
  Delivery,
  type DeliveryListParams,
  NotFound,
  type RetryDeliveries,
  type UpdateChannel,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { AppConfig } from "../config.js"
import { onUniqueViolation } from "../db/constraints.js"
import { containsPattern, defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { enqueue } from "../jobs/worker.js"
import { createDeliveries } from "../releases/publish.js"
import { newWebhookSecret } from "./webhook.js"
import { webhookTargetProblem } from "./webhookTarget.js"

const decodeChannels = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Channel)))
const decodeDeliveries = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Delivery)))

/** How long a rotated-out webhook secret keeps signing, so receivers can switch over. */
const rotationOverlapHours = 24

export const deliveryJobKey = (id: string) => `deliver:${id}`

const nameTaken = (name: string) =>
  onUniqueViolation({
    channels_name: () => new Conflict({ message: `A channel named "${name}" already exists.` }),
  })

/** Channels, the delivery log, retries, test sends and corrections. Editors and admins. */
export class Channels extends Effect.Service<Channels>()("@folio/server/Channels", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit
    const config = yield* AppConfig

    const select = (where = sql`true`) =>
      sql`
        select c.id, c.name, c.kind, c.enabled, c.disabled_reason, c.company_ids, c.team_ids, c.url,
               case when c.previous_secret_until > now() then c.previous_secret_until end as previous_secret_valid_until,
               json_build_object(
                 'pending', count(d.id) filter (where d.status in ('pending', 'sending')),
                 'delivered', count(d.id) filter (where d.status = 'delivered'),
                 'failed', count(d.id) filter (where d.status = 'failed'),
                 'dead', count(d.id) filter (where d.status = 'dead')) as counts,
               c.created_at, c.updated_at
        from channels c left join deliveries d on d.channel_id = c.id
        where ${where}
        group by c.id
        order by lower(c.name)`.pipe(Effect.flatMap(decodeChannels), Effect.orDie)

    const get = (id: string) =>
      select(sql`c.id = ${id}`).pipe(
        Effect.flatMap((rows) =>
          rows[0] ? Effect.succeed(rows[0]) : Effect.fail(new NotFound({ message: "No such channel." })),
        ),
      )

    const checkUrl = (url: string) =>
      Effect.promise(() => webhookTargetProblem(url, config.webhookAllowNetworks)).pipe(
        Effect.flatMap((problem) =>
          problem ? Effect.fail(ValidationError.field("url", problem)) : Effect.void,
        ),
      )

    /** Companies and teams of an email channel must exist, and each team belong to a named company or stand alone. */
    const checkAudience = (companyIds: ReadonlyArray<string>, teamIds: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const companies = yield* sql<{
          id: string
        }>`select id from companies where id = any(${[...companyIds]}::uuid[]) and kind = 'client'`
        if (companies.length !== new Set(companyIds).size)
          return yield* ValidationError.field(
            "companyIds",
            "Every company must be an existing client company",
          )
        const teams = yield* sql<{ id: string }>`select id from teams where id = any(${[...teamIds]}::uuid[])`
        if (teams.length !== new Set(teamIds).size)
          return yield* ValidationError.field("teamIds", "Every team must exist")
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const create = (actor: Actor, input: CreateChannel) =>
      Effect.gen(function* () {
        if (input.kind === "webhook" && input.url) yield* checkUrl(input.url)
        if (input.kind === "email") yield* checkAudience(input.companyIds, input.teamIds)
        const secret = input.kind === "webhook" ? newWebhookSecret() : null
        const rows = yield* sql<{ id: string }>`
          insert into channels (name, kind, enabled, company_ids, team_ids, url, secret)
          values (${input.name}, ${input.kind}, ${input.enabled},
                  ${input.kind === "email" ? [...input.companyIds] : []}::uuid[],
                  ${input.kind === "email" ? [...input.teamIds] : []}::uuid[],
                  ${input.kind === "webhook" ? input.url : null}, ${secret})
          returning id`.pipe(nameTaken(input.name))
        const id = rows[0]!.id
        yield* audit.record({
          action: "channel.create",
          actor: actor.user,
          target: { type: "channel", id },
          after: { name: input.name, kind: input.kind, url: input.url, enabled: input.enabled },
        })
        return { channel: yield* get(id).pipe(Effect.orDie), secret }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const update = (actor: Actor, id: string, patch: UpdateChannel) =>
      Effect.gen(function* () {
        const before = yield* get(id)
        if (patch.url !== undefined) {
          if (before.kind !== "webhook")
            return yield* ValidationError.field("url", "Only a webhook channel has a URL")
          yield* checkUrl(patch.url)
        }
        if (before.kind === "email" && (patch.companyIds || patch.teamIds))
          yield* checkAudience(patch.companyIds ?? before.companyIds, patch.teamIds ?? before.teamIds)
        yield* sql`
          update channels set
            name = ${patch.name ?? before.name},
            enabled = ${patch.enabled ?? before.enabled},
            disabled_reason = case when ${patch.enabled === true} then null else disabled_reason end,
            company_ids = ${[...(patch.companyIds ?? before.companyIds)]}::uuid[],
            team_ids = ${[...(patch.teamIds ?? before.teamIds)]}::uuid[],
            url = ${patch.url ?? before.url},
            updated_at = now()
          where id = ${id}`.pipe(nameTaken(patch.name ?? before.name))
        yield* audit.record({
          action:
            patch.enabled === false
              ? "channel.disable"
              : patch.enabled === true
                ? "channel.enable"
                : "channel.update",
          actor: actor.user,
          target: { type: "channel", id },
          before: { name: before.name, enabled: before.enabled, url: before.url },
          after: patch,
        })
        return yield* get(id)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const rotateSecret = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const channel = yield* get(id)
        if (channel.kind !== "webhook")
          return yield* new Conflict({ message: "Only a webhook channel has a signing secret." })
        const secret = newWebhookSecret()
        const rows = yield* sql<{ until: Date }>`
          update channels set previous_secret = secret, secret = ${secret},
            previous_secret_until = now() + make_interval(hours => ${rotationOverlapHours}), updated_at = now()
          where id = ${id} returning previous_secret_until as until`
        yield* audit.record({
          action: "channel.rotate_secret",
          actor: actor.user,
          target: { type: "channel", id },
        })
        return { secret, previousValidUntil: rows[0]!.until }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const deliveriesWhere = (params: DeliveryListParams) =>
      sql.and([
        params.status && params.status.length > 0
          ? sql`d.status = any(${[...params.status]}::text[])`
          : sql`true`,
        params.channel ? sql`d.channel_id = ${params.channel}` : sql`true`,
        params.report ? sql`d.report_id = ${params.report}` : sql`true`,
        params.q
          ? sql`(lower(r.title) like ${containsPattern(params.q)} or lower(c.name) like ${containsPattern(params.q)})`
          : sql`true`,
      ])

    const deliveryRows = (where: ReturnType<typeof deliveriesWhere>, limit: number) =>
      sql`
        select d.id, d.report_id, r.title as report_title, d.channel_id, c.name as channel_name,
               c.kind as channel_kind, d.event, d.tier_hours, d.status, d.attempts, d.last_error,
               case when d.status in ('pending', 'failed', 'sending') then d.next_attempt_at end as next_attempt_at,
               d.delivered_at, d.recipients, d.created_at,
               to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
        from deliveries d
        join channels c on c.id = d.channel_id
        left join reports r on r.id = d.report_id
        where ${where}
        order by d.created_at desc, d.id desc
        limit ${limit}`.pipe(
        Effect.flatMap((rows) =>
          Effect.map(decodeDeliveries(rows), (items) =>
            items.map((item, i) => ({
              item,
              cursorAt: String((rows[i] as { cursorAt?: unknown }).cursorAt),
            })),
          ),
        ),
        Effect.orDie,
      )

    const deliveries = (params: DeliveryListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "uuid")
        const where = sql.and([
          deliveriesWhere(params),
          Option.match(after, {
            onNone: () => sql`true`,
            onSome: (key) => sql`(d.created_at, d.id) < (${key.at}::timestamptz, ${key.id}::uuid)`,
          }),
        ])
        const rows = yield* deliveryRows(where, limit + 1)
        const page = timePage(rows, limit, (row) => ({ at: row.cursorAt, id: row.item.id }))
        return { items: page.items.map((row) => row.item), nextCursor: page.nextCursor }
      })

    const one = (id: string) => deliveryRows(sql`d.id = ${id}`, 1).pipe(Effect.map((rows) => rows[0]!.item))

    const test = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const channel = yield* get(id)
        if (!channel.enabled)
          return yield* new Conflict({ message: "This channel is disabled; enable it to send a test." })
        const rows = yield* sql<{ id: string }>`
          insert into deliveries (channel_id, event, next_attempt_at) values (${id}, 'channel.test', now())
          returning id`
        const deliveryId = rows[0]!.id
        yield* enqueue("deliver", { deliveryId }, { jobKey: deliveryJobKey(deliveryId) })
        yield* audit.record({ action: "channel.test", actor: actor.user, target: { type: "channel", id } })
        return yield* one(deliveryId)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const retry = (actor: Actor, request: RetryDeliveries) =>
      Effect.gen(function* () {
        const which = request.ids
          ? sql`d.id = any(${[...request.ids]}::uuid[]) and d.status in ('failed', 'dead')`
          : sql`d.status = 'dead' ${request.channel ? sql`and d.channel_id = ${request.channel}` : sql``}`
        const rows = yield* sql<{ id: string }>`
          update deliveries d set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
          where ${which} returning d.id`
        for (const row of rows)
          yield* enqueue("deliver", { deliveryId: row.id }, { jobKey: deliveryJobKey(row.id) })
        if (rows.length > 0)
          yield* audit.record({
            action: "delivery.retry",
            actor: actor.user,
            after: { count: rows.length, ids: rows.slice(0, 50).map((r) => r.id) },
          })
        return { retried: rows.length }
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const redeliver = (actor: Actor, reportId: string, note: string) =>
      Effect.gen(function* () {
        const reports = yield* sql<{ status: string; version: number }>`
          select status, version from reports where id = ${reportId} for update`
        const report = reports[0]
        if (!report) return yield* new NotFound({ message: "No such report, or it is not available to you." })
        if (report.status !== "published")
          return yield* new Conflict({ message: "Only a published report can be delivered again." })
        yield* createDeliveries([reportId], "report.corrected", report.version, note)
        yield* audit.record({
          action: "report.redeliver",
          actor: actor.user,
          target: { type: "report", id: reportId },
          after: { version: report.version, note },
        })
        const page = yield* deliveryRows(
          sql`d.report_id = ${reportId} and d.event = 'report.corrected' and d.report_version = ${report.version}`,
          500,
        )
        return page.map((row) => row.item)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return { list: select(), create, update, rotateSecret, test, deliveries, retry, redeliver } as const
  }),
  dependencies: [Audit.Default],
}) {}
