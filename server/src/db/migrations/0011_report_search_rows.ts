import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The search index's rows, made faster to test (docs/performance.md, "Search").
 *
 * - Words in the row. A month's rows held their 3.4 KB `tsvector` out of line (TOAST, PostgreSQL's
 *   default above 2 KB): testing a row for a search's words meant an index lookup and two more
 *   page reads, about 6.6 µs a row, and a search that walks a month newest first tests hundreds to
 *   thousands of rows. With `toast_tuple_target` at its maximum a row stays whole in its page
 *   unless it passes 8 KB (a very long report's words still move out of line), and the rebuild
 *   writes each month in date order, so a walk reads neighbouring rows from the same pages: about
 *   1 µs a row.
 * - The audience in the row. `audience` holds who may read the report at once: the nil uuid for
 *   all clients, a company id for a whole company, a team id for a team (of that company);
 *   `embargoed` says some entry has an embargo delay, and for those reports search still asks
 *   `report_audience`, since whether the delay has passed depends on the time of the search.
 *   A client reader's search then tests the row instead of probing `report_audience` for every
 *   candidate (4 µs each). A trigger on `report_audience` keeps both in step.
 * - `folio_serial_plan()`: a statement that calls it is planned without parallel workers, because
 *   PostgreSQL plans a statement that calls a parallel-unsafe function serially. Search's
 *   statements read a few thousand rows at most; starting workers cost more than they share (about
 *   6 ms a statement on two cores), and a setting would need a transaction around each search.
 *
 * The rebuild then re-creates every month with the new rows, once.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    alter table report_search
      add column audience uuid[] not null default '{}',
      add column embargoed boolean not null default false`
  for (const statement of functions.split(/\n(?=create (?:or replace )?function)/)) {
    if (statement.trim() !== "") yield* sql.unsafe(statement)
  }
  yield* sql`
    create trigger report_search_audience_sync after insert or update or delete on report_audience
    for each row execute function report_search_audience_sync()`
  yield* sql`set local maintenance_work_mem = '256MB'`
  yield* sql`select report_search_rebuild()`
})

const functions = `
create or replace function report_search_make_months(month date) returns integer language plpgsql as $fn$
declare
  last date := report_search_last_month();
  made integer := 0;
begin
  while month <= last loop
    execute format('create table %I partition of report_search for values from (%L) to (%L) with (toast_tuple_target = 8160)',
      report_search_month_name(month), (month::timestamp at time zone 'UTC'),
      ((month + interval '1 month')::timestamp at time zone 'UTC'));
    month := (month + interval '1 month')::date;
    made := made + 1;
  end loop;
  execute format('create table report_search_after partition of report_search for values from (%L) to (maxvalue) with (toast_tuple_target = 8160)',
    (month::timestamp at time zone 'UTC'));
  return made;
end $fn$;

create or replace function report_search_rebuild() returns bigint language plpgsql
set work_mem = '256MB' as $fn$
declare
  part record;
  first date;
  n bigint;
begin
  drop index if exists report_search_recent, report_search_recent_published, report_search_words,
    report_search_published_words;
  for part in select i.inhrelid::regclass as name from pg_inherits i where i.inhparent = 'report_search'::regclass loop
    execute format('drop table %s', part.name);
  end loop;
  select date_trunc('month', coalesce(min(coalesce(published_at, updated_at)), now()) at time zone 'UTC')::date
    into first from reports;
  execute format('create table report_search_before partition of report_search for values from (minvalue) to (%L) with (toast_tuple_target = 8160)',
    (first::timestamp at time zone 'UTC'));
  perform report_search_make_months(first);
  -- In date order: a search walks a month newest first, and neighbours then share pages.
  insert into report_search select s.* from reports r, lateral report_search_row(r) s order by s.at;
  get diagnostics n = row_count;
  -- Built after the fill: one bulk build per partition rather than an insert per row.
  create index report_search_recent on report_search (at desc, id desc);
  create index report_search_recent_published on report_search (at desc, id desc) where status = 'published';
  create index report_search_words on report_search using gin (search);
  create index report_search_published_words on report_search using gin (search) where status = 'published';
  analyze report_search;
  return n;
end $fn$;
-- Who may read a report at once, and whether any of its audience entries waits for an embargo.
create function report_search_audience(report uuid, out audience uuid[], out embargoed boolean)
language sql stable as $$
  select array(select case when a.company_id is null then '00000000-0000-0000-0000-000000000000'::uuid
                           when a.team_id is null then a.company_id
                           else a.team_id end
               from report_audience a left join teams t on t.id = a.team_id
               where a.report_id = report and a.embargo_hours = 0
                 and (a.team_id is null or t.company_id = a.company_id)),
         exists (select 1 from report_audience a where a.report_id = report and a.embargo_hours > 0) $$;

create or replace function report_search_row(r reports) returns report_search language sql stable
  as $$ select r.id, coalesce(r.published_at, r.updated_at), r.updated_at, r.published_at, r.status,
               r.sector, r.type, r.tickers, r.search, x.audience, x.embargoed
        from report_search_audience(r.id) x $$;

create function report_search_audience_sync() returns trigger language plpgsql as $fn$
declare
  report uuid := coalesce(new.report_id, old.report_id);
  report_at timestamptz;
begin
  -- A report's audience entries change together: its row takes them all again. Only the date is
  -- read from reports, to find the row's month.
  select coalesce(published_at, updated_at) into report_at from reports where id = report;
  if not found then
    return null;
  end if;
  update report_search s set audience = x.audience, embargoed = x.embargoed
  from report_search_audience(report) x
  where s.id = report and s.at = report_at
    and (s.audience, s.embargoed) is distinct from (x.audience, x.embargoed);
  return null;
end $fn$;

create function folio_serial_plan() returns boolean language plpgsql volatile parallel unsafe
  as $$ begin return true; end $$;
`
