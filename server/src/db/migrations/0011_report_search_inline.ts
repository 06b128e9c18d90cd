import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The search index keeps each report's words in its own row, in date order. Until now a month's
 * rows held their 3.4 KB `tsvector` out of line (TOAST, PostgreSQL's default above 2 KB): testing
 * a row for a search's words meant an index lookup and two more page reads, about 6.6 µs a row,
 * and a search that walks a month newest first tests hundreds to thousands of rows. With
 * `toast_tuple_target` at its maximum a row stays whole in its page unless it passes 8 KB (a very
 * long report still moves out of line), and the rebuild writes each month in date order, so a walk
 * reads neighbouring rows from the same pages: about 1 µs a row (docs/performance.md, "Search").
 *
 * New months get the setting from `report_search_make_months`; the rebuild re-creates every month
 * with it, in date order.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const statement of functions.split(/\n(?=create or replace function)/)) {
    if (statement.trim() !== "") yield* sql.unsafe(statement)
  }
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
`
