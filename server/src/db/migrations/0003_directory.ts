import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Companies' sector entitlements, teams and their members, and the indexes the directory lists use. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Trigram indexes serve the "contains" searches of the directory (name or email anywhere).
  yield* sql`create extension if not exists pg_trgm`
  // Null means every sector; an empty array means none.
  yield* sql`alter table companies add column entitled_sectors text[]`
  yield* sql`create unique index companies_domain_unique on companies (lower(domain)) where domain is not null`
  yield* sql`create index companies_name_keyset on companies (name, id)`
  yield* sql`create index companies_name_trgm on companies using gin (lower(name) gin_trgm_ops)`

  yield* sql`
    create table teams (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 80),
      description text not null default '' check (char_length(description) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index teams_company_name_unique on teams (company_id, lower(name))`
  yield* sql`create index teams_company_keyset on teams (company_id, name, id)`
  yield* sql`
    create table team_members (
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      role text not null default 'member' check (role in ('lead', 'member')),
      created_at timestamptz not null default now(),
      primary key (team_id, user_id)
    )`
  yield* sql`create index team_members_user on team_members (user_id)`

  // The user directory: keyset on (name, id), alone or within a company; role and status filters.
  yield* sql`drop index users_company`
  yield* sql`create index users_company_keyset on users (company_id, name, id)`
  yield* sql`create index users_name_keyset on users (name, id)`
  yield* sql`create index users_role on users (role, name, id)`
  yield* sql`create index users_status on users (status, name, id)`
  // Last-admin checks count active admins on every demotion and disable.
  yield* sql`create index users_active_admins on users (id) where role = 'admin' and status = 'active'`
  yield* sql`create index users_name_trgm on users using gin (lower(name) gin_trgm_ops)`
  yield* sql`create index users_email_trgm on users using gin (lower(email) gin_trgm_ops)`
})
