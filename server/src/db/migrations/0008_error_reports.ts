import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The error-report inbox: console errors and traces that arrived through the tunnel. Events are
 * grouped into issues by fingerprint; an issue keeps the counters and the latest event's summary so
 * the list is one index scan, and the users it affected are a set (one row per user key).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table error_issues (
      id uuid primary key default gen_random_uuid(),
      fingerprint text not null unique,
      type text not null,
      message text not null,
      culprit text,
      level text not null default 'error',
      status text not null default 'unresolved' check (status in ('unresolved', 'resolved', 'ignored')),
      count integer not null default 1,
      first_seen timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      deployment_id text,
      browser text,
      url text,
      status_changed_at timestamptz,
      status_changed_by uuid references users(id) on delete set null
    )`
  yield* sql`create index error_issues_status_seen on error_issues (status, last_seen desc, id desc)`
  yield* sql`create index error_issues_text on error_issues using gin (lower(type || ' ' || message) gin_trgm_ops)`

  yield* sql`
    create table error_events (
      id bigint generated always as identity primary key,
      issue_id uuid not null references error_issues(id) on delete cascade,
      event_id text not null unique,
      received_at timestamptz not null default now(),
      deployment_id text,
      browser text,
      os text,
      url text,
      user_id text,
      exceptions jsonb not null default '[]',
      breadcrumbs jsonb not null default '[]',
      raw jsonb
    )`
  yield* sql`create index error_events_issue on error_events (issue_id, received_at desc, id desc)`
  yield* sql`create index error_events_received on error_events (received_at)`

  yield* sql`
    create table error_issue_users (
      issue_id uuid not null references error_issues(id) on delete cascade,
      user_key text not null,
      primary key (issue_id, user_key)
    )`

  // One row per transaction or segment span: a page load or navigation of one console route.
  yield* sql`
    create table traces (
      id bigint generated always as identity primary key,
      trace_id text not null,
      route text not null,
      op text,
      duration_ms double precision not null check (duration_ms >= 0),
      status text,
      deployment_id text,
      received_at timestamptz not null default now()
    )`
  yield* sql`create index traces_route_received on traces (route, received_at desc, id desc)`
  yield* sql`create index traces_received on traces (received_at desc, id desc)`

  yield* sql`
    create table error_report_settings (
      id boolean primary key default true check (id),
      retention_days integer not null default 30 check (retention_days between 1 and 365),
      updated_at timestamptz not null default now()
    )`
  yield* sql`insert into error_report_settings default values`
})
