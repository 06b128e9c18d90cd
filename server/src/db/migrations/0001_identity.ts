import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table companies (
      id uuid primary key default gen_random_uuid(),
      name text not null check (char_length(name) between 1 and 120),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      domain text,
      kind text not null check (kind in ('publisher', 'client')),
      status text not null default 'active' check (status in ('active', 'suspended')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  // Exactly one publisher company per installation.
  yield* sql`create unique index companies_one_publisher on companies ((kind)) where kind = 'publisher'`
  yield* sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      name text not null,
      company_id uuid not null references companies(id),
      role text not null check (role in ('admin', 'editor', 'analyst', 'developer', 'reader')),
      status text not null default 'active' check (status in ('invited', 'active', 'disabled')),
      timezone text not null default 'UTC',
      password_hash text,
      last_sign_in_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index users_email_unique on users (lower(email))`
  yield* sql`create index users_company on users (company_id)`
  yield* sql`
    create table sessions (
      id uuid primary key default gen_random_uuid(),
      token_hash bytea not null unique,
      user_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('browser', 'cli')),
      csrf_token text,
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`
  yield* sql`create index sessions_user on sessions (user_id) where revoked_at is null`
})
