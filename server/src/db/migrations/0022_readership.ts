import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Readership: raw events and their daily rollups.
 *
 * An event is written once, to `readership_pending` (no index: an ingest is one plain insert).
 * `readership_rollup()` — run every minute by the `readership_rollup` job, and by tests — moves
 * what is pending into `readership_events` and adds it to the rollups in one transaction, so an
 * event is counted exactly once, whatever happens later to the raw rows:
 *
 * - `readership_events`: the raw events, one partition per calendar month (UTC), dropped whole
 *   once past the `readership.retentionDays` setting (housekeeping). A default partition keeps any
 *   date insertable. Indexed by user for the profile view, the export and erasure.
 * - `readership_daily`: per day, kind, channel, company and team — totals, the chart over time,
 *   companies, teams and channels.
 * - `readership_daily_report_totals`: per day, kind and report — the top reports, sectors and
 *   analysts across everyone.
 * - `readership_daily_reports`: per day, kind, channel, report, company and team — one client's
 *   top reports, and everything an analyst sees (the readership of their own reports).
 * - `readership_daily_readers`: per day, kind, person, report, company and team — the readers of
 *   a company or team, and how many people read. The only rollup naming anyone: erasing a
 *   person's events deletes their rows here, and the other rollups keep the counts.
 *
 * See docs/readership.md (what is recorded and the privacy rule) and docs/performance.md.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table readership_pending (
      at timestamptz not null,
      user_id uuid not null,
      company_id uuid not null,
      team_id uuid,
      kind text not null check (kind in
        ('report_view', 'report_read', 'search', 'sign_in', 'feed_fetch', 'email_open', 'podcast_play')),
      channel text not null check (channel in ('console', 'email', 'feed', 'api')),
      report_id uuid,
      subject text,
      duration_ms integer check (duration_ms >= 0)
    )`
  yield* sql`
    create table readership_events (
      at timestamptz not null,
      user_id uuid not null,
      company_id uuid not null,
      team_id uuid,
      kind text not null,
      channel text not null,
      report_id uuid,
      subject text,
      duration_ms integer
    ) partition by range (at)`
  yield* sql`create table readership_events_default partition of readership_events default`
  yield* sql`create index readership_events_user on readership_events (user_id, at)`
  yield* sql`
    create table readership_daily (
      day date not null,
      kind text not null,
      channel text not null,
      company_id uuid not null,
      team_id uuid,
      events integer not null,
      duration_ms bigint not null default 0,
      unique nulls not distinct (day, company_id, team_id, kind, channel)
    )`
  yield* sql`
    create table readership_daily_report_totals (
      day date not null,
      kind text not null,
      report_id uuid not null,
      events integer not null,
      primary key (day, report_id, kind)
    )`
  yield* sql`
    create table readership_daily_reports (
      day date not null,
      kind text not null,
      channel text not null,
      report_id uuid not null,
      company_id uuid not null,
      team_id uuid,
      events integer not null,
      unique nulls not distinct (report_id, day, company_id, team_id, kind, channel)
    )`
  yield* sql`create index readership_daily_reports_company on readership_daily_reports (company_id, day)`
  yield* sql`
    create table readership_daily_readers (
      day date not null,
      kind text not null,
      user_id uuid not null,
      report_id uuid,
      company_id uuid not null,
      team_id uuid,
      events integer not null,
      unique nulls not distinct (company_id, day, user_id, report_id, team_id, kind)
    )`
  yield* sql`create index readership_daily_readers_day on readership_daily_readers (day, kind)`
  yield* sql`create index readership_daily_readers_user on readership_daily_readers (user_id)`
  // The key that signs report emails' open images (readership/emailOpen.ts).
  yield* sql`insert into signing_keys (purpose, secret) values ('email_open', ${randomBytes(32)})`
  // When a person last came back to the dashboard ("since your last visit").
  yield* sql`
    create table dashboard_visits (
      user_id uuid primary key references users(id) on delete cascade,
      last_at timestamptz not null,
      previous_at timestamptz
    )`
  for (const statement of functions.split(/\n(?=create function)/)) {
    if (statement.trim() !== "") yield* sql.unsafe(statement)
  }
  yield* sql`select readership_make_months(date_trunc('month', now() at time zone 'UTC')::date)`
})

const functions = `
create function readership_month_name(month date) returns text language sql immutable
  as $$ select 'readership_events_' || to_char(month, 'YYYY_MM') $$;

-- Makes the month partitions from $1 through two months ahead of now that do not exist yet.
create function readership_make_months(first date) returns integer language plpgsql as $fn$
declare
  month date := date_trunc('month', first)::date;
  last date := (date_trunc('month', now() at time zone 'UTC') + interval '2 months')::date;
  made integer := 0;
begin
  -- Every instance's housekeeping calls this: one at a time.
  perform pg_advisory_xact_lock(hashtext('readership_make_months'));
  while month <= last loop
    if to_regclass(readership_month_name(month)) is null then
      execute format('create table %I partition of readership_events for values from (%L) to (%L)',
        readership_month_name(month), (month::timestamp at time zone 'UTC'),
        ((month + interval '1 month')::timestamp at time zone 'UTC'));
      made := made + 1;
    end if;
    month := (month + interval '1 month')::date;
  end loop;
  return made;
end $fn$;

-- Drops the months wholly older than $1 days and deletes the older events of the month it cuts.
create function readership_expire(days integer) returns bigint language plpgsql as $fn$
declare
  cutoff timestamptz := now() - make_interval(days => days);
  part record;
  n bigint := 0;
  removed bigint;
begin
  for part in
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'readership_events'::regclass and c.relname ~ '^readership_events_[0-9]{4}_[0-9]{2}$'
      and (to_date(substr(c.relname, 19), 'YYYY_MM') + interval '1 month')::timestamp at time zone 'UTC' <= cutoff
  loop
    execute format('select count(*) from %I', part.name) into removed;
    execute format('drop table %I', part.name);
    n := n + removed;
  end loop;
  delete from readership_events where at < cutoff;
  get diagnostics removed = row_count;
  return n + removed;
end $fn$;

-- Moves pending events into the raw table and adds them to the daily rollups; returns how many.
create function readership_rollup() returns integer language plpgsql as $fn$
declare
  n integer;
begin
  perform pg_advisory_xact_lock(hashtext('readership_rollup'));
  create temp table readership_batch (like readership_pending) on commit drop;
  -- The same event twice (a browser that delivered a batch it reported as failed, then sent it
  -- again) is kept once: within the batch, and against what was rolled up before.
  with moved as (delete from readership_pending returning *)
  insert into readership_batch select distinct on (user_id, kind, report_id, at) * from moved;
  -- Bounded by the batch's own times, so only their months' partitions and index are read.
  delete from readership_batch b using readership_events e
  where e.at between (select min(at) from readership_batch) and (select max(at) from readership_batch)
    and e.user_id = b.user_id and e.at = b.at and e.kind = b.kind and e.report_id is not distinct from b.report_id;
  select count(*) into n from readership_batch;
  if n = 0 then
    drop table readership_batch;
    return 0;
  end if;
  insert into readership_events (at, user_id, company_id, team_id, kind, channel, report_id, subject, duration_ms)
    select at, user_id, company_id, team_id, kind, channel, report_id, subject, duration_ms from readership_batch;
  insert into readership_daily as d (day, kind, channel, company_id, team_id, events, duration_ms)
    select (at at time zone 'UTC')::date, kind, channel, company_id, team_id, count(*), coalesce(sum(duration_ms), 0)
    from readership_batch group by 1, 2, 3, 4, 5
    on conflict (day, company_id, team_id, kind, channel)
    do update set events = d.events + excluded.events, duration_ms = d.duration_ms + excluded.duration_ms;
  insert into readership_daily_report_totals as d (day, kind, report_id, events)
    select (at at time zone 'UTC')::date, kind, report_id, count(*)
    from readership_batch where report_id is not null group by 1, 2, 3
    on conflict (day, report_id, kind) do update set events = d.events + excluded.events;
  insert into readership_daily_reports as d (day, kind, channel, report_id, company_id, team_id, events)
    select (at at time zone 'UTC')::date, kind, channel, report_id, company_id, team_id, count(*)
    from readership_batch where report_id is not null group by 1, 2, 3, 4, 5, 6
    on conflict (report_id, day, company_id, team_id, kind, channel) do update set events = d.events + excluded.events;
  insert into readership_daily_readers as d (day, kind, user_id, report_id, company_id, team_id, events)
    select (at at time zone 'UTC')::date, kind, user_id, report_id, company_id, team_id, count(*)
    from readership_batch group by 1, 2, 3, 4, 5, 6
    on conflict (company_id, day, user_id, report_id, team_id, kind) do update set events = d.events + excluded.events;
  drop table readership_batch;
  return n;
end $fn$;
`
