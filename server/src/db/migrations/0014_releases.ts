import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Release scheduling and distribution: blackout periods, the restricted-ticker list, channels,
 * deliveries and feed tokens. The queue that runs releases and deliveries is graphile-worker's
 * own schema (jobs/worker.ts installs it); these tables are the record people see.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // held_reason: a due release a blackout or the restricted list holds back, until an editor acts.
  // released_late: published after its time (no instance was running, or it was held).
  yield* sql`
    alter table reports
      add column held_reason text,
      add column released_late boolean not null default false`
  yield* sql`create index reports_scheduled on reports (release_at, id) where status = 'scheduled'`
  yield* sql`create index reports_released on reports (release_at desc) where status = 'published' and release_at is not null`

  yield* sql`
    create table blackouts (
      id uuid primary key default gen_random_uuid(),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      ticker text references tickers(symbol) on delete cascade,
      reason text not null check (char_length(reason) between 3 and 300),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    )`
  yield* sql`create index blackouts_period on blackouts (ends_at, starts_at)`

  yield* sql`
    create table restricted_tickers (
      symbol text primary key references tickers(symbol) on delete cascade,
      reason text not null check (char_length(reason) between 3 and 300),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`

  // secret / previous_secret: a webhook's signing secrets (whsec_…); the previous one signs too
  // until previous_secret_until, so receivers can switch over.
  yield* sql`
    create table channels (
      id uuid primary key default gen_random_uuid(),
      name text not null check (char_length(name) between 1 and 80),
      kind text not null check (kind in ('email', 'webhook', 'rss')),
      enabled boolean not null default true,
      disabled_reason text,
      company_ids uuid[] not null default '{}',
      team_ids uuid[] not null default '{}',
      url text,
      secret text,
      previous_secret text,
      previous_secret_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (kind <> 'webhook' or (url is not null and secret is not null))
    )`
  yield* sql`create unique index channels_name on channels (lower(name))`

  // One delivery per report × channel × tier × event (and revision, for corrections): the unique
  // index is what makes a release that runs twice create each delivery once.
  yield* sql`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      report_id uuid references reports(id) on delete cascade,
      channel_id uuid not null references channels(id) on delete cascade,
      event text not null check (event in ('report.published', 'report.corrected', 'channel.test')),
      report_version integer not null default 0,
      tier_hours integer not null default 0,
      status text not null default 'pending'
        check (status in ('pending', 'sending', 'delivered', 'failed', 'dead')),
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz,
      delivered_at timestamptz,
      recipients integer not null default 0,
      change_note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create unique index deliveries_once on deliveries (report_id, channel_id, tier_hours, event, report_version)
    where report_id is not null`
  yield* sql`create index deliveries_log on deliveries (created_at desc, id desc)`
  yield* sql`create index deliveries_channel on deliveries (channel_id, created_at desc)`
  yield* sql`create index deliveries_status on deliveries (status, created_at desc) where status in ('failed', 'dead', 'pending', 'sending')`
  yield* sql`create index deliveries_report on deliveries (report_id) where report_id is not null`

  // Email deliveries record whom they went to.
  yield* sql`
    create table delivery_recipients (
      delivery_id uuid not null references deliveries(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      email text not null,
      primary key (delivery_id, user_id)
    )`

  // One private feed per user; the token is stored hashed (sha256), like API tokens.
  yield* sql`
    create table feed_tokens (
      user_id uuid primary key references users(id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`
})
