import { SqlClient } from "@effect/sql"
import type { DeliveryPayload } from "@folio/core"
import { Effect } from "effect"
import { preferenceOn } from "../notifications/preferences.js"

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

/** A report as a payload carries it, with the audience of one tier. */
export interface TierReport {
  readonly id: string
  readonly externalId: string | null
  readonly title: string
  readonly summary: string
  readonly type: string
  readonly sector: string
  readonly tickers: ReadonlyArray<string>
  readonly publishedAt: Date | null
  readonly audience: ReadonlyArray<{ company: string | null; team: string | null }>
}

/** How many of an email delivery's recipients are mailed, refused for good, waiting, and being sent. */
export interface RecipientCounts {
  readonly sent: number
  readonly refused: number
  readonly waiting: number
  readonly claimed: number
}

/** The columns a claim returns: the delivery and what its channel needs to send it. */
const claimedColumns = `d.id, d.report_id, d.event, d.tier_hours, d.attempts, d.change_note, d.created_at,
  c.id as channel_id, c.name as channel_name, c.kind, c.enabled, c.url,
  array_remove(array[c.secret, case when c.previous_secret_until > now() then c.previous_secret end], null) as secrets,
  c.company_ids, c.team_ids`

/** A delivery left `sending` this long was cut short (its instance stopped): it may be claimed again. */
const staleSending = "10 minutes"

/**
 * Deliveries due at one instant are sent by `deliver_due` jobs (channels/deliver.ts), each
 * claiming batches until none is left: one per this many deliveries, at most this many at once,
 * so a large fan-out is worked on by several jobs (and instances) side by side.
 */
const deliveriesPerDueJob = 200
const dueJobsPerInstant = 8

/**
 * Deliveries as they are created when reports are published or corrected, and as the jobs send them (channels/deliver.ts, channels/email.ts): claims, outcomes,
 * the report a payload carries, and an email delivery's recipients. The channel screens' reads
 * and writes of the delivery log are in `ChannelsRepo`.
 */
export class DeliveriesRepo extends Effect.Service<DeliveriesRepo>()("@folio/server/DeliveriesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /**
     * Creates the deliveries of reports — one per enabled channel each goes to × audience tier — and
     * queues their sending for each tier's time, in the caller's transaction, in one statement. A report naming
     * no channels goes to every enabled channel. The unique index on deliveries makes a second call a
     * no-op, so a release that runs twice still creates each delivery once. Returns how many were made.
     */
    const createForReports = (
      reportIds: ReadonlyArray<string>,
      event: "report.published" | "report.corrected",
      reportVersion: number,
      changeNote: string | null,
    ) =>
      sql<{ created: number; jobs: number }>`
      with r as (select id, channels, published_at from reports where id = any(${[...reportIds]}::uuid[])),
      tiers as (
        select r.id as report_id, t.hours from r
        cross join lateral (
          select distinct a.embargo_hours as hours from report_audience a where a.report_id = r.id
          union select 0 where not exists (select 1 from report_audience a where a.report_id = r.id)) t),
      targets as (
        select r.id as report_id, c.id as channel_id from r
        join channels c on c.enabled
          and (cardinality(r.channels) = 0 or lower(c.name) = any(select lower(x) from unnest(r.channels) x))),
      inserted as (
        insert into deliveries (report_id, channel_id, event, report_version, tier_hours, next_attempt_at, change_note)
        select r.id, targets.channel_id, ${event}, ${reportVersion}, tiers.hours,
               greatest(now(), r.published_at + make_interval(hours => tiers.hours)), ${changeNote}
        from r
        join targets on targets.report_id = r.id
        join tiers on tiers.report_id = r.id
        on conflict (report_id, channel_id, tier_hours, event, report_version) where report_id is not null
        do nothing
        returning id, next_attempt_at),
      due as (select next_attempt_at as at, count(*)::int as n from inserted group by next_attempt_at),
      jobs as (
        select graphile_worker.add_job('deliver_due', '{}'::json, run_at => due.at, max_attempts => 25,
                 job_key => 'deliver_due:' || (extract(epoch from due.at) * 1000)::bigint || ':' || k)
        from due, generate_series(1, least(${dueJobsPerInstant}, ceil(due.n / ${deliveriesPerDueJob}::numeric)::int)) k)
      select (select count(*)::int from inserted) as created, (select count(*)::int from jobs) as jobs`.pipe(
        Effect.map((rows) => rows[0]?.created ?? 0),
        Effect.orDie,
      )

    /** The report with the audience of the tier `tierHours`; none when it is gone. */
    const tierReport = (reportId: string, tierHours: number) =>
      sql<TierReport>`
      select r.id, r.external_id, r.title, r.summary, r.type, r.sector, r.tickers, r.published_at,
             coalesce((select json_agg(json_build_object('company', c.slug, 'team', t.name) order by c.slug, t.name)
                       from report_audience a
                       left join companies c on c.id = a.company_id
                       left join teams t on t.id = a.team_id
                       where a.report_id = r.id and a.embargo_hours = ${tierHours}), '[]') as audience
      from reports r where r.id = ${reportId}`.pipe(Effect.map((rows) => rows[0]))

    /** Claims one delivery for an attempt, unless another attempt has it (or it is done). */
    const claimOne = (deliveryId: string) =>
      sql<ClaimedDelivery>`
      update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
      from channels c
      where d.id = ${deliveryId} and c.id = d.channel_id
        and (d.status in ('pending', 'failed')
             or (d.status = 'sending' and d.updated_at < now() - ${staleSending}::interval))
      returning ${sql.unsafe(claimedColumns)}`

    /** Due deliveries (and ones cut short), up to `limit`, claimed with SKIP LOCKED so instances share them. */
    const claimDue = (limit: number) =>
      sql<ClaimedDelivery>`
    update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
    from channels c
    where c.id = d.channel_id and d.id in (
      select id from deliveries
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and updated_at < now() - ${staleSending}::interval)
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning ${sql.unsafe(claimedColumns)}`

    /** The delivery went out, to `recipients` people (0 for a webhook or a feed). */
    const markDelivered = (id: string, recipients: number) =>
      sql`
          update deliveries set status = 'delivered', delivered_at = now(), last_error = null,
            next_attempt_at = null, recipients = ${recipients}, updated_at = now()
          where id = ${id}`

    /** The deliveries went out, none of them counting recipients. */
    const markAllDelivered = (ids: ReadonlyArray<string>) =>
      sql`
          update deliveries set status = 'delivered', delivered_at = now(), last_error = null,
            next_attempt_at = null, updated_at = now()
          where id = any(${ids}::uuid[])`

    /** The attempt failed; the next one is due at `next`. */
    const markFailed = (id: string, message: string, next: Date) =>
      sql`
          update deliveries set status = 'failed', last_error = ${message}, next_attempt_at = ${next},
            updated_at = now()
          where id = ${id}`

    /** The delivery is given up on; it goes out again only when retried by hand. */
    const markDead = (id: string, message: string) =>
      sql`
          update deliveries set status = 'dead', last_error = ${message}, next_attempt_at = null, updated_at = now()
          where id = ${id}`

    /** Turns the channel off, saying why. */
    const disableChannel = (channelId: string, reason: string) =>
      sql`
          update channels set enabled = false, updated_at = now(),
            disabled_reason = ${reason}
          where id = ${channelId}`

    /** The report's status, if it exists. */
    const reportStatus = (reportId: string) =>
      sql<{ status: string }>`select status from reports where id = ${reportId}`.pipe(
        Effect.map((rows) => rows[0]?.status),
      )

    /**
     * Whom an email delivery goes to, decided when it is sent: active users of active client
     * companies named by an audience entry of the delivery's tier (an entry with no company names
     * every client company; a team entry, that team's members), whose company is entitled to the
     * report's sector (no list: every sector), narrowed by the channel's companies and teams when it
     * names any (users of a named company, or members of a named team), and who keep report emails
     * on in their profile (an unsubscribe link turns that off).
     */
    const eligibleRecipients = (delivery: ClaimedDelivery, reportId: string) => {
      const companyIds = [...delivery.companyIds]
      const teamIds = [...delivery.teamIds]
      const narrowed = companyIds.length > 0 || teamIds.length > 0
      return sql<{ userId: string; email: string }>`
      select u.id as user_id, u.email
      from users u
      join companies c on c.id = u.company_id
      join reports r on r.id = ${reportId}
      where u.status = 'active' and c.kind = 'client' and c.status = 'active'
        and (c.entitled_sectors is null or r.sector = any(c.entitled_sectors))
        and exists (
          select 1 from report_audience a
          where a.report_id = r.id and a.embargo_hours = ${delivery.tierHours}
            and (a.company_id is null
                 or (a.company_id = c.id
                     and (a.team_id is null
                          or exists (select 1 from team_members m where m.team_id = a.team_id and m.user_id = u.id)))))
        and (not ${narrowed}
             or c.id = any(${companyIds}::uuid[])
             or exists (select 1 from team_members m where m.user_id = u.id and m.team_id = any(${teamIds}::uuid[])))
        and ${preferenceOn(sql, "reportPublished")}`
    }

    /** Records the recipients of a delivery; ones already recorded keep their state. */
    const addRecipients = (
      deliveryId: string,
      recipients: ReadonlyArray<{ readonly userId: string; readonly email: string }>,
    ) =>
      sql`
      insert into delivery_recipients (delivery_id, user_id, email)
      select ${deliveryId}, x.user_id, x.email
      from unnest(${recipients.map((r) => r.userId)}::uuid[], ${recipients.map((r) => r.email)}::text[]) as x(user_id, email)
      on conflict (delivery_id, user_id) do nothing`

    /** Removes the recipients not mailed yet who are no longer among `userIds`. */
    const dropRecipientsOtherThan = (deliveryId: string, userIds: ReadonlyArray<string>) =>
      sql`
      delete from delivery_recipients
      where delivery_id = ${deliveryId} and sent_at is null and user_id <> all(${userIds}::uuid[])`

    /**
     * Claims up to `limit` recipients still to mail (not sent, not refused, not claimed by another
     * attempt, not among `excluded`) for `lease`, with SKIP LOCKED.
     */
    const claimRecipients = (
      deliveryId: string,
      excluded: ReadonlyArray<string>,
      limit: number,
      lease: string,
    ) =>
      sql<{ userId: string; email: string; name: string }>`
        update delivery_recipients dr
        set claimed_until = now() + ${lease}::interval
        from users u
        where u.id = dr.user_id
          and (dr.delivery_id, dr.user_id) in (
            select delivery_id, user_id from delivery_recipients
            where delivery_id = ${deliveryId} and sent_at is null and refused_at is null
              and (claimed_until is null or claimed_until < now())
              and user_id <> all(${excluded}::uuid[])
            order by user_id
            limit ${limit}
            for update skip locked)
        returning dr.user_id, dr.email, u.name`

    const recipient = (deliveryId: string, userId: string) =>
      sql`delivery_id = ${deliveryId} and user_id = ${userId}`

    /** The recipient was mailed. */
    const markSent = (deliveryId: string, userId: string) =>
      sql`
                update delivery_recipients set sent_at = now(), last_error = null, claimed_until = null
                where ${recipient(deliveryId, userId)}`

    /** The recipient was not mailed: for now, or for good when `refusedAt` is set. */
    const markUnsent = (deliveryId: string, userId: string, message: string, refusedAt: Date | null) =>
      sql`
              update delivery_recipients set last_error = ${message}, claimed_until = null,
                refused_at = ${refusedAt}
              where ${recipient(deliveryId, userId)}`

    const recipientCounts = (deliveryId: string) =>
      sql<RecipientCounts>`
      select count(*) filter (where sent_at is not null)::int as sent,
             count(*) filter (where refused_at is not null)::int as refused,
             count(*) filter (where sent_at is null and refused_at is null)::int as waiting,
             count(*) filter (where sent_at is null and refused_at is null and claimed_until > now())::int as claimed
      from delivery_recipients where delivery_id = ${deliveryId}`.pipe(Effect.map((rows) => rows[0]))

    return {
      createForReports,
      tierReport,
      claimOne,
      claimDue,
      markDelivered,
      markAllDelivered,
      markFailed,
      markDead,
      disableChannel,
      reportStatus,
      eligibleRecipients,
      addRecipients,
      dropRecipientsOtherThan,
      claimRecipients,
      markSent,
      markUnsent,
      recipientCounts,
    } as const
  }),
}) {}
