import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Tickers, reports with their audience, revisions and favorites, and import batches.
 * Tickers, tags, channels and authors are arrays on the report (GIN-indexed) so a list row and an
 * import row are one tuple each; the audience is a table because every read path joins it.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table tickers (
      symbol text primary key check (symbol ~ '^[A-Z0-9][A-Z0-9.\-]{0,11}$'),
      name text not null check (char_length(name) between 1 and 120),
      exchange text not null,
      sector text not null,
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      country text not null check (country ~ '^[A-Z]{2}$'),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index tickers_name_trgm on tickers using gin (lower(name) gin_trgm_ops)`
  yield* sql`create index tickers_sector on tickers (sector, symbol)`

  yield* sql`
    create table reports (
      id uuid primary key default gen_random_uuid(),
      external_id text unique,
      title text not null check (char_length(title) between 3 and 200),
      summary text not null default '' check (char_length(summary) <= 1000),
      body text not null default '' check (char_length(body) <= 200000),
      type text not null check (type in ('note', 'update', 'initiation', 'sector', 'flash')),
      sector text not null,
      tickers text[] not null default '{}',
      tags text[] not null default '{}',
      channels text[] not null default '{}',
      author_ids uuid[] not null default '{}',
      rating text check (rating in ('buy', 'hold', 'sell', 'not_rated')),
      target_price double precision,
      target_currency text,
      disclosures text,
      status text not null default 'draft'
        check (status in ('draft', 'in_review', 'approved', 'scheduled', 'published', 'archived')),
      release_at timestamptz,
      published_at timestamptz,
      version integer not null default 1,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', summary), 'B') ||
        setweight(to_tsvector('english', body), 'C')
      ) stored
    )`
  yield* sql`create index reports_updated_keyset on reports (updated_at desc, id desc)`
  yield* sql`create index reports_status_updated on reports (status, updated_at desc, id desc)`
  yield* sql`create index reports_published_keyset on reports (published_at desc, id desc) where published_at is not null`
  yield* sql`create index reports_title_keyset on reports (lower(title), id)`
  yield* sql`create index reports_sector_updated on reports (sector, updated_at desc)`
  yield* sql`create index reports_tickers on reports using gin (tickers)`
  yield* sql`create index reports_authors on reports using gin (author_ids)`
  yield* sql`create index reports_search on reports using gin (search)`

  // company_id null: every client company. team_id null: the whole company.
  yield* sql`
    create table report_audience (
      report_id uuid not null references reports(id) on delete cascade,
      company_id uuid references companies(id) on delete cascade,
      team_id uuid references teams(id) on delete cascade,
      embargo_hours integer not null default 0 check (embargo_hours between 0 and 2160),
      check (team_id is null or company_id is not null)
    )`
  yield* sql`create unique index report_audience_unique on report_audience (report_id, coalesce(company_id, '00000000-0000-0000-0000-000000000000'), coalesce(team_id, '00000000-0000-0000-0000-000000000000'))`
  yield* sql`create index report_audience_company on report_audience (company_id, report_id)`
  yield* sql`create index report_audience_team on report_audience (team_id) where team_id is not null`

  yield* sql`
    create table report_revisions (
      report_id uuid not null references reports(id) on delete cascade,
      version integer not null,
      fields jsonb not null,
      note text not null default '',
      saved_by uuid references users(id) on delete set null,
      saved_at timestamptz not null default now(),
      primary key (report_id, version)
    )`

  yield* sql`
    create table report_favorites (
      user_id uuid not null references users(id) on delete cascade,
      report_id uuid not null references reports(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, report_id)
    )`
  yield* sql`create index report_favorites_report on report_favorites (report_id)`

  // One row per applied import batch: a batch sent again returns this result instead of writing twice.
  yield* sql`
    create table import_batches (
      batch_key text primary key,
      user_id uuid references users(id) on delete set null,
      result jsonb,
      created_at timestamptz not null default now()
    )`
})
