import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Single-use secrets sent by email: sign-in links (with a 6-digit code), resets, invites.
  yield* sql`
    create table auth_links (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('magic_link', 'reset', 'invite')),
      user_id uuid not null references users(id) on delete cascade,
      token_hash bytea not null unique,
      code_hash bytea,
      code_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`
  yield* sql`create index auth_links_user on auth_links (user_id, kind) where used_at is null`
  // Every message the server sends; without SMTP it stays here (development) and the log prints it.
  yield* sql`
    create table outbox (
      id uuid primary key default gen_random_uuid(),
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      last_error text
    )`
  yield* sql`create index outbox_unsent on outbox (created_at) where sent_at is null`
})
