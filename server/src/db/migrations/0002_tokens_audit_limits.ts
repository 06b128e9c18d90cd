import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table api_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 80),
      scopes text[] not null check (scopes <@ array['read', 'write', 'admin'] and cardinality(scopes) > 0),
      token_hash bytea not null unique,
      hint text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`
  yield* sql`create index api_tokens_user on api_tokens (user_id, created_at desc) where revoked_at is null`
  yield* sql`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_id uuid references users(id) on delete set null,
      actor_email text,
      action text not null,
      target_type text,
      target_id text,
      before jsonb,
      after jsonb,
      ip text,
      user_agent text
    )`
  yield* sql`create index audit_log_at on audit_log (at desc)`
  yield* sql`create index audit_log_target on audit_log (target_type, target_id, at desc)`
  // Fixed-window counters shared by every instance (sign-in, code entry, mail sending).
  yield* sql`
    create table rate_limits (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    )`
})
