import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The AI playground's saved runs: one row per run, made when it starts (`running`) and finished
 * with its answer, latency and usage (`completed`), or what had arrived when it was stopped
 * (`cancelled`) or failed (`failed`, with the provider's error). `prompt` is what was sent, the
 * template and the report's text filled in; `input` is the person's own text. Only its author
 * sees a run.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table ai_runs (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      provider text not null check (provider in ('offline', 'openai')),
      model text not null,
      template text not null check (template in ('summarise', 'podcast_script', 'extract', 'free')),
      report_id uuid references reports(id) on delete set null,
      report_title text,
      input text not null default '',
      prompt text not null,
      output text not null default '',
      status text not null default 'running' check (status in ('running', 'completed', 'cancelled', 'failed')),
      error text,
      latency_ms integer,
      input_tokens integer,
      output_tokens integer,
      characters integer not null default 0,
      cost double precision,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`
  yield* sql`create index ai_runs_user on ai_runs (user_id, created_at desc, id)`
})
