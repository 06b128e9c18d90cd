import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The search index, by month. `report_search` holds, for every report, the columns search filters
 * on and its words, in one partition per calendar month (UTC) of the report's date: published,
 * else last update. A search wants the newest matches, so PostgreSQL reads the months newest first,
 * each with its own small GIN indexes, and stops once it has enough: a search reads the matches of
 * a few months, not every match since the first report. A trigger on `reports` keeps it in step,
 * in the same transaction.
 *
 * - `report_search_extend()` adds the months up to three ahead (at start and by housekeeping).
 * - `report_search_rebuild()` makes the months from the oldest report on and refills them from
 *   `reports`, then builds the indexes in bulk: here, and after a bulk load with triggers off.
 *
 * Catch-all partitions before the first month and after the last keep every date insertable.
 * See docs/performance.md, "Search".
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table report_search (
      id uuid not null,
      at timestamptz not null,
      updated_at timestamptz not null,
      published_at timestamptz,
      status text not null,
      sector text not null,
      type text not null,
      tickers text[] not null,
      search tsvector not null
    ) partition by range (at)`
  for (const statement of functions.split(/\n(?=create function)/)) {
    if (statement.trim() !== "") yield* sql.unsafe(statement)
  }
  // Enough memory to build each month's GIN index in one pass (this transaction only).
  yield* sql`set local maintenance_work_mem = '256MB'`
  yield* sql`select report_search_rebuild()`
  yield* sql`
    create trigger report_search_sync after insert or update or delete on reports
    for each row execute function report_search_sync()`
  yield* sql`drop index reports_search`
})

const functions = `
create function report_search_month_name(month date) returns text language sql immutable
  as $$ select 'report_search_' || to_char(month, 'YYYY_MM') $$;

-- The last month that should have its own partition: three months ahead.
create function report_search_last_month() returns date language sql stable
  as $$ select (date_trunc('month', now() at time zone 'UTC') + interval '3 months')::date $$;

-- A report's row in the search index: the one mapping the trigger and the rebuild share.
create function report_search_row(r reports) returns report_search language sql stable
  as $$ select r.id, coalesce(r.published_at, r.updated_at), r.updated_at, r.published_at, r.status,
               r.sector, r.type, r.tickers, r.search $$;

-- Creates the month partitions from $1 up to report_search_last_month(), and the after partition.
create function report_search_make_months(month date) returns integer language plpgsql as $fn$
declare
  last date := report_search_last_month();
  made integer := 0;
begin
  while month <= last loop
    execute format('create table %I partition of report_search for values from (%L) to (%L)',
      report_search_month_name(month), (month::timestamp at time zone 'UTC'),
      ((month + interval '1 month')::timestamp at time zone 'UTC'));
    month := (month + interval '1 month')::date;
    made := made + 1;
  end loop;
  execute format('create table report_search_after partition of report_search for values from (%L) to (maxvalue)',
    (month::timestamp at time zone 'UTC'));
  return made;
end $fn$;

create function report_search_extend() returns integer language plpgsql as $fn$
declare
  next date;
  made integer;
begin
  -- Every instance's housekeeping calls this: one at a time, the others then find nothing to do.
  perform pg_advisory_xact_lock(hashtext('report_search_extend'));
  select (to_date(substr(max(c.relname), 15), 'YYYY_MM') + interval '1 month')::date into next
  from pg_inherits i join pg_class c on c.oid = i.inhrelid
  where i.inhparent = 'report_search'::regclass and c.relname ~ '^report_search_[0-9]{4}_[0-9]{2}$';
  if next is null or next > report_search_last_month() then
    return 0;
  end if;
  -- The after partition is empty unless a report is dated months ahead: keep its rows aside.
  create temp table report_search_moving on commit drop as select * from report_search_after;
  drop table report_search_after;
  made := report_search_make_months(next);
  insert into report_search select * from report_search_moving;
  drop table report_search_moving;
  return made;
end $fn$;

create function report_search_rebuild() returns bigint language plpgsql as $fn$
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
  execute format('create table report_search_before partition of report_search for values from (minvalue) to (%L)',
    (first::timestamp at time zone 'UTC'));
  perform report_search_make_months(first);
  insert into report_search select s.* from reports r, lateral report_search_row(r) s;
  get diagnostics n = row_count;
  -- Built after the fill: one bulk build per partition rather than an insert per row.
  create index report_search_recent on report_search (at desc, id desc);
  create index report_search_recent_published on report_search (at desc, id desc) where status = 'published';
  create index report_search_words on report_search using gin (search);
  create index report_search_published_words on report_search using gin (search) where status = 'published';
  analyze report_search;
  return n;
end $fn$;

create function report_search_sync() returns trigger language plpgsql as $fn$
begin
  if tg_op <> 'INSERT' then
    delete from report_search where id = old.id and at = (report_search_row(old)).at;
  end if;
  if tg_op <> 'DELETE' then
    insert into report_search select * from report_search_row(new);
  end if;
  return null;
end $fn$;
`
