import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Coverage and KPIs.
 *
 * `coverage` holds one row per ticker × analyst: the current call, kept after a drop (dropped_at)
 * so re-initiating reuses it. `coverage_changes` keeps every initiation, change and drop, with
 * who made it and the published report that did when one did. A publish writes both in its own
 * transaction (releases/publish.ts), so neither exists without the other.
 *
 * `kpi_metrics` defines a metric per ticker (its name unique per ticker, any letter case);
 * `kpi_values` holds a value per metric, period and kind, with `period_order` to sort periods in
 * time (2026Q3 → 202609, FY2026 → 202612).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table tickers add column paid_relationship boolean not null default false`
  yield* sql`
    create table coverage (
      symbol text not null references tickers(symbol) on update cascade,
      analyst_id uuid not null references users(id),
      rating text not null check (rating in ('buy', 'hold', 'sell', 'not_rated')),
      target_price double precision check (target_price > 0),
      target_currency text check (target_currency ~ '^[A-Z]{3}$'),
      since timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      dropped_at timestamptz,
      last_report_id uuid references reports(id) on delete set null,
      primary key (symbol, analyst_id),
      check ((target_price is null) = (target_currency is null))
    )`
  yield* sql`create index coverage_analyst on coverage (analyst_id) where dropped_at is null`
  yield* sql`
    create table coverage_changes (
      id bigint generated always as identity primary key,
      symbol text not null,
      analyst_id uuid not null,
      kind text not null check (kind in ('initiate', 'change', 'drop')),
      at timestamptz not null default now(),
      changed_by uuid references users(id) on delete set null,
      from_rating text,
      to_rating text,
      from_target double precision,
      to_target double precision,
      from_currency text,
      to_currency text,
      report_id uuid references reports(id) on delete set null,
      note text,
      foreign key (symbol, analyst_id) references coverage(symbol, analyst_id) on update cascade
    )`
  yield* sql`create index coverage_changes_row on coverage_changes (symbol, analyst_id, at desc, id desc)`
  yield* sql`create index coverage_changes_report on coverage_changes (report_id) where report_id is not null`
  yield* sql`
    create table kpi_metrics (
      id uuid primary key default gen_random_uuid(),
      symbol text not null references tickers(symbol) on update cascade,
      name text not null,
      unit text not null,
      frequency text not null check (frequency in ('quarterly', 'semiannual', 'annual')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index kpi_metrics_name on kpi_metrics (symbol, lower(name))`
  yield* sql`
    create table kpi_values (
      metric_id uuid not null references kpi_metrics(id) on delete cascade,
      period text not null,
      period_order int not null,
      kind text not null check (kind in ('actual', 'estimate')),
      value double precision not null,
      source text,
      updated_by uuid references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (metric_id, period, kind)
    )`
})
