import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The control panel's tables and indexes. Each server instance registers itself on start and
 * writes a heartbeat every 15 s (controlPanel/instances.ts); one silent for more than a minute is
 * shown as gone. The other indexes serve the panel's lists: active sessions across users, most
 * recently active first, and the audit log's "who" filter (the start of an actor's email).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table server_instances (
      id uuid primary key,
      deployment_id text not null,
      version text not null,
      hostname text not null,
      pid integer not null,
      started_at timestamptz not null default now(),
      last_heartbeat_at timestamptz not null default now(),
      stopped_at timestamptz
    )`
  yield* sql`create index server_instances_heartbeat on server_instances (last_heartbeat_at desc)`
  yield* sql`create index sessions_last_seen on sessions (last_seen_at desc, id desc) where revoked_at is null`
  yield* sql`create index audit_log_actor_email on audit_log (lower(actor_email) text_pattern_ops, id desc)`
  yield* sql`create index audit_log_actor on audit_log (actor_id, id desc)`
})
