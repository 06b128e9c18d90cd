import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Four months of readership for the demo: each client reader opens most of the published reports
 * they may read, some again, within two weeks of publication, and reads most of what they open;
 * plus sign-ins, searches and a few feed fetches and email opens. Written as pending events and
 * rolled up, as the job would (0022_readership). A hash of the ids stands in for chance, so the
 * figures do not change from one start to the next.
 */
export const seedDemoReadership = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`select readership_make_months((now() - interval '5 months')::date)`
  // A number in [0, 1) from a text: the same ids give the same "chance".
  const chance = (text: string) =>
    sql.unsafe(`(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`)
  yield* sql`
    with readers as (
      select u.id as user_id, u.company_id, c.entitled_sectors,
             (select m.team_id from team_members m where m.user_id = u.id order by m.created_at limit 1) as team_id,
             coalesce((select array_agg(m.team_id) from team_members m where m.user_id = u.id), '{}') as teams
      from users u join companies c on c.id = u.company_id
      where c.kind = 'client' and u.role = 'reader' and u.status = 'active'
    ),
    opened as (
      select x.user_id, x.company_id, x.team_id, r.id as report_id,
             least(now() - interval '1 hour',
                   r.published_at + make_interval(mins => (${chance("x.user_id::text || r.id::text || n || 'at'")} * 14 * 24 * 60)::int))
               as at,
             ${chance("x.user_id::text || r.id::text || n || 'read'")} as p
      from readers x join reports r on r.status = 'published' and r.published_at > now() - interval '4 months'
      cross join generate_series(1, 3) n
      where (x.entitled_sectors is null or r.sector = any(x.entitled_sectors))
        and exists (select 1 from report_audience a where a.report_id = r.id
                    and (a.company_id is null or (a.company_id = x.company_id and (a.team_id is null or a.team_id = any(x.teams)))))
        -- The first opening is likely, a second less so, a third rare.
        and ${chance("x.user_id::text || r.id::text || n")} < 0.9 / n
    )
    insert into readership_pending (at, user_id, company_id, team_id, kind, channel, report_id, duration_ms)
    select at, user_id, company_id, team_id, 'report_view', 'console', report_id, null::int from opened
    union all
    select at - interval '10 minutes', user_id, company_id, team_id, 'email_open', 'email', report_id, null::int
    from opened where p < 0.25
    union all
    select at + interval '20 seconds', user_id, company_id, team_id, 'report_read', 'console', report_id,
           16000 + (p * 400000)::int from opened where p < 0.7`
  yield* sql`
    with readers as (
      select u.id as user_id, u.company_id,
             (select m.team_id from team_members m where m.user_id = u.id order by m.created_at limit 1) as team_id
      from users u join companies c on c.id = u.company_id
      where c.kind = 'client' and u.status = 'active'
    ),
    days as (select generate_series(current_date - 120, current_date - 1, interval '1 day') as day)
    insert into readership_pending (at, user_id, company_id, team_id, kind, channel, subject)
    select d.day + interval '8 hours' + make_interval(mins => (${chance("x.user_id::text || d.day::text")} * 600)::int),
           x.user_id, x.company_id, x.team_id, k.kind, k.channel, k.subject
    from readers x cross join days d
    cross join lateral (values ('sign_in', 'console', 'password'), ('search', 'console', 'margins'),
                               ('feed_fetch', 'feed', 'RSS feed')) k(kind, channel, subject)
    where extract(isodow from d.day) < 6
      and ${chance("x.user_id::text || d.day::text || k.kind")} < case k.kind when 'sign_in' then 0.5 when 'search' then 0.3 else 0.15 end`
  const [row] = yield* sql<{ moved: number }>`select readership_rollup() as moved`
  yield* Effect.logDebug("Seeded demo readership").pipe(Effect.annotateLogs({ events: row?.moved ?? 0 }))
})
