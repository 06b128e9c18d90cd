import { SqlClient } from "@effect/sql"
import type { MyReports, PlatformFigures, ReportBrief, SinceLastVisit } from "@folio/core"
import { sinceLastVisitMax } from "@folio/core"
import { Effect } from "effect"
import { type ReportReach, reachClause } from "../reports/reach.js"

/** The dashboard's own questions (core/src/domain/dashboard.ts). */

const brief = (sql: SqlClient.SqlClient) =>
  sql`r.id, r.title, r.status, r.sector, r.published_at, r.updated_at`

/**
 * Records this visit and answers what changed since the previous one: a visit is an opening more
 * than 30 minutes after the last, so reloads within a sitting keep the same "since".
 */
export const sinceLastVisit = (userId: string, reach: ReportReach) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [visit] = yield* sql<{ previousAt: Date | null }>`
      insert into dashboard_visits as v (user_id, last_at) values (${userId}, now())
      on conflict (user_id) do update set
        previous_at = case when v.last_at < now() - interval '30 minutes' then v.last_at else v.previous_at end,
        last_at = now()
      returning v.previous_at`
    const since = visit?.previousAt ?? null
    if (since === null) return { since: null, published: [], revised: [] } satisfies SinceLastVisit
    const published = yield* sql<ReportBrief>`
      select ${brief(sql)} from reports r
      where r.status = 'published' and r.published_at > ${since} and ${reachClause(sql, reach)}
      order by r.published_at desc limit ${sinceLastVisitMax}`
    const revised = yield* sql<ReportBrief>`
      select ${brief(sql)} from reports r
      where r.status = 'published' and r.published_at <= ${since} and r.updated_at > ${since}
        and ${reachClause(sql, reach)}
      order by r.updated_at desc limit ${sinceLastVisitMax}`
    return { since, published, revised } satisfies SinceLastVisit
  }).pipe(Effect.orDie)

/** An author's drafts sent back from review by someone else, and the reads of their latest reports. */
export const myReports = (userId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const sentBack = yield* sql<MyReports["sentBack"][number]>`
      select ${brief(sql)}, coalesce(u.name, a.actor_email, 'An editor') as sent_back_by, a.at as sent_back_at
      from reports r
      join lateral (
        select a.actor_id, a.actor_email, a.at, a.action from audit_log a
        where a.target_type = 'report' and a.target_id = r.id::text
          and a.action in ('report.return', 'report.submit')
        order by a.at desc limit 1
      ) a on a.action = 'report.return' and a.actor_id is distinct from ${userId}
      left join users u on u.id = a.actor_id
      where r.status = 'draft' and ${userId} = any(r.author_ids)
      order by a.at desc limit 10`
    const latest = yield* sql<MyReports["latest"][number]>`
      select ${brief(sql)},
        coalesce(sum(t.events) filter (where t.kind = 'report_view'), 0)::int as views,
        coalesce(sum(t.events) filter (where t.kind = 'report_read'), 0)::int as reads,
        coalesce(sum(t.events) filter (where t.kind = 'report_read' and t.day > current_date - 7), 0)::int
          as reads_last7_days
      from (
        select * from reports where status = 'published' and ${userId} = any(author_ids)
        order by published_at desc limit 5
      ) r
      left join readership_daily_report_totals t on t.report_id = r.id
      group by r.id, r.title, r.status, r.sector, r.published_at, r.updated_at
      order by r.published_at desc`
    return { sentBack, latest } satisfies MyReports
  }).pipe(Effect.orDie)

/** An admin's headline figures, in one round trip. */
export const platformFigures = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<PlatformFigures>`
    select
      (select count(*) from users where status = 'active' and last_sign_in_at > now() - interval '30 days')::int
        as active_users,
      (select count(*) from users where status = 'active')::int as users,
      (select count(*) from companies where kind = 'client' and status = 'active')::int as client_companies,
      (select count(*) from reports where status = 'published' and published_at > now() - interval '30 days')::int
        as published_last30_days,
      (select coalesce(sum(events), 0) from readership_daily
        where kind = 'report_read' and day > current_date - 7)::int as reads_last7_days,
      (select coalesce(sum(events), 0) from readership_daily
        where kind = 'report_read' and day > current_date - 14 and day <= current_date - 7)::int
        as reads_previous7_days,
      (select count(*) from deliveries where status = 'dead')::int as dead_deliveries,
      (select count(*) from error_issues where status = 'unresolved')::int as open_error_issues,
      (select count(*) from graphile_worker._private_jobs where is_available and run_at <= now())::int
        as jobs_waiting,
      (select count(*) from graphile_worker._private_jobs
        where last_error is not null and locked_at is null)::int as jobs_failing`
  return row as PlatformFigures
}).pipe(Effect.orDie)
