import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // One row per sign-in attempt in flight, so any instance can finish what another started.
  yield* sql`
    create table oidc_states (
      state text primary key,
      code_verifier text not null,
      nonce text not null,
      redirect text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`
    create table user_identities (
      issuer text not null,
      subject text not null,
      user_id uuid not null references users(id) on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      primary key (issuer, subject)
    )`
  yield* sql`create index user_identities_user on user_identities (user_id)`
})
