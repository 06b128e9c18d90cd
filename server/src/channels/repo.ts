import { SqlClient, type SqlError, type Statement } from "@effect/sql"
import { Channel, Conflict, Delivery, type DeliveryListParams, type RetryDeliveries } from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { onUniqueViolation } from "../db/constraints.js"
import { containsPattern } from "../db/keyset.js"
import type { TimeKey } from "../db/timeCursor.js"

const decodeChannels = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Channel)))
const decodeDeliveries = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Delivery)))

const nameTaken = (name: string) =>
  onUniqueViolation({
    channels_name: () => new Conflict({ message: `A channel named "${name}" already exists.` }),
  })

/** A new channel's columns, as stored. */
export interface NewChannel {
  readonly name: string
  readonly kind: Channel["kind"]
  readonly enabled: boolean
  readonly companyIds: ReadonlyArray<string>
  readonly teamIds: ReadonlyArray<string>
  readonly url: string | null
  readonly secret: string | null
}

/** The columns an edit may change, as stored. */
export interface ChannelFields {
  readonly name: string
  readonly enabled: boolean
  /** The edit enables the channel: the reason it was disabled goes. */
  readonly clearDisabledReason: boolean
  readonly companyIds: ReadonlyArray<string>
  readonly teamIds: ReadonlyArray<string>
  readonly url: string | null
}

/** Channels and their delivery log, as stored. */
export class ChannelsRepo extends Effect.Service<ChannelsRepo>()("@folio/server/ChannelsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

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

    const find = (id: string) =>
      select(sql`c.id = ${id}`).pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

    /** How many of `ids` are client companies, and how many of `teamIds` are teams. */
    const countClientCompanies = (ids: ReadonlyArray<string>) =>
      sql<{
        id: string
      }>`select id from companies where id = any(${[...ids]}::uuid[]) and kind = 'client'`.pipe(
        Effect.map((rows) => rows.length),
        Effect.orDie,
      )
    const countTeams = (ids: ReadonlyArray<string>) =>
      sql<{ id: string }>`select id from teams where id = any(${[...ids]}::uuid[])`.pipe(
        Effect.map((rows) => rows.length),
        Effect.orDie,
      )

    const insert = (channel: NewChannel) =>
      sql<{ id: string }>`
          insert into channels (name, kind, enabled, company_ids, team_ids, url, secret)
          values (${channel.name}, ${channel.kind}, ${channel.enabled},
                  ${[...channel.companyIds]}::uuid[],
                  ${[...channel.teamIds]}::uuid[],
                  ${channel.url}, ${channel.secret})
          returning id`.pipe(
        nameTaken(channel.name),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.map((rows) => rows[0]!.id),
      )

    const update = (id: string, fields: ChannelFields) =>
      sql`
          update channels set
            name = ${fields.name},
            enabled = ${fields.enabled},
            disabled_reason = case when ${fields.clearDisabledReason} then null else disabled_reason end,
            company_ids = ${[...fields.companyIds]}::uuid[],
            team_ids = ${[...fields.teamIds]}::uuid[],
            url = ${fields.url},
            updated_at = now()
          where id = ${id}`.pipe(
        nameTaken(fields.name),
        Effect.catchTag("SqlError", (error: SqlError.SqlError) => Effect.die(error)),
        Effect.asVoid,
      )

    /** A new signing secret; the old one keeps signing for `overlapHours`. Returns when it stops. */
    const rotateSecret = (id: string, secret: string, overlapHours: number) =>
      sql<{ until: Date }>`
          update channels set previous_secret = secret, secret = ${secret},
            previous_secret_until = now() + make_interval(hours => ${overlapHours}), updated_at = now()
          where id = ${id} returning previous_secret_until as until`.pipe(
        Effect.map((rows) => rows[0]!.until),
        Effect.orDie,
      )

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

    const deliveryRows = (where: Statement.Fragment, limit: number) =>
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

    /** The delivery log, newest first, after the cursor's key; each row with its own key's time. */
    const deliveries = (params: DeliveryListParams, after: Option.Option<TimeKey>, limit: number) =>
      deliveryRows(
        sql.and([
          deliveriesWhere(params),
          Option.match(after, {
            onNone: () => sql`true`,
            onSome: (key) => sql`(d.created_at, d.id) < (${key.at}::timestamptz, ${key.id}::uuid)`,
          }),
        ]),
        limit,
      )

    const delivery = (id: string) =>
      deliveryRows(sql`d.id = ${id}`, 1).pipe(Effect.map((rows) => rows[0]!.item))

    /** The deliveries of a report's correction at `version`. */
    const corrections = (reportId: string, version: number) =>
      deliveryRows(
        sql`d.report_id = ${reportId} and d.event = 'report.corrected' and d.report_version = ${version}`,
        500,
      ).pipe(Effect.map((rows) => rows.map((row) => row.item)))

    /** A test delivery to the channel, due now; its id. */
    const insertTest = (channelId: string) =>
      sql<{ id: string }>`
          insert into deliveries (channel_id, event, next_attempt_at) values (${channelId}, 'channel.test', now())
          returning id`.pipe(
        Effect.map((rows) => rows[0]!.id),
        Effect.orDie,
      )

    /** Puts the deliveries the request names back in the queue, from their first attempt; their ids. */
    const requeue = (request: RetryDeliveries) => {
      const which = request.ids
        ? sql`d.id = any(${[...request.ids]}::uuid[]) and d.status in ('failed', 'dead')`
        : sql`d.status = 'dead' ${request.channel ? sql`and d.channel_id = ${request.channel}` : sql``}`
      return sql<{ id: string }>`
          update deliveries d set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
          where ${which} returning d.id`.pipe(
        Effect.map((rows) => rows.map((row) => row.id)),
        Effect.orDie,
      )
    }

    /** A report's status and version, locked until the transaction ends. */
    const lockReport = (reportId: string) =>
      sql<{ status: string; version: number }>`
          select status, version from reports where id = ${reportId} for update`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie,
      )

    return {
      list: select(),
      find,
      countClientCompanies,
      countTeams,
      insert,
      update,
      rotateSecret,
      deliveries,
      delivery,
      corrections,
      insertTest,
      requeue,
      lockReport,
    } as const
  }),
}) {}
