import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Podcasts.
 *
 * - `podcast_shows`: a show and where its artwork is stored (`artwork_key` in the media store).
 * - `podcast_episodes`: an episode, its stable `guid`, and the audio the server read from the
 *   uploaded file (format, duration, bit rate, size, SHA-256; `audio_key` in the media store).
 *   `follow_report`: published by its linked report's release, to that report's audience.
 * - `podcast_episode_audience`: who may hear it, shaped like `report_audience`.
 * - `podcast_uploads`: a tus upload in progress or done, tied to the episode and the person who
 *   started it (only they may resume it); the bytes are in the media store.
 * - `podcast_positions`: where a listener is in an episode, the heard time not yet counted as a
 *   play, and when a play was last counted (one per listener and episode a day).
 * - `podcast_downloads`: bytes of an episode served to a listener's feed token per day, for the
 *   IAB rule: a download counts once the bytes of its first minute were served.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table podcast_shows (
      id uuid primary key default gen_random_uuid(),
      title text not null check (char_length(title) between 1 and 200),
      description text not null default '' check (char_length(description) <= 4000),
      language text not null default 'en',
      category text not null,
      explicit boolean not null default false,
      artwork_key text,
      artwork_type text,
      artwork_updated_at timestamptz,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table podcast_episodes (
      id uuid primary key default gen_random_uuid(),
      show_id uuid not null references podcast_shows(id),
      guid uuid not null unique default gen_random_uuid(),
      title text not null check (char_length(title) between 3 and 200),
      notes text not null default '' check (char_length(notes) <= 20000),
      transcript text check (char_length(transcript) <= 300000),
      season integer check (season between 1 and 9999),
      episode_number integer check (episode_number between 1 and 99999),
      report_id uuid references reports(id) on delete set null,
      follow_report boolean not null default false,
      status text not null default 'draft' check (status in ('draft', 'published')),
      published_at timestamptz,
      audio_key text,
      audio_format text check (audio_format in ('mp3', 'm4a', 'wav')),
      audio_mime text,
      audio_duration_seconds double precision,
      audio_bitrate integer,
      audio_size bigint,
      audio_sha256 text,
      audio_original_name text,
      audio_uploaded_at timestamptz,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status = 'draft' or (published_at is not null and audio_key is not null)),
      check (not follow_report or report_id is not null)
    )`
  yield* sql`create index podcast_episodes_show on podcast_episodes (show_id, published_at desc nulls last, id)`
  yield* sql`create index podcast_episodes_published on podcast_episodes (published_at desc, id) where status = 'published'`
  yield* sql`create index podcast_episodes_report on podcast_episodes (report_id) where report_id is not null`
  yield* sql`create index podcast_episodes_updated on podcast_episodes (updated_at desc, id)`
  yield* sql`
    create table podcast_episode_audience (
      episode_id uuid not null references podcast_episodes(id) on delete cascade,
      company_id uuid references companies(id) on delete cascade,
      team_id uuid references teams(id) on delete cascade,
      embargo_hours integer not null default 0 check (embargo_hours between 0 and 2160),
      check (team_id is null or company_id is not null)
    )`
  yield* sql`create unique index podcast_episode_audience_unique on podcast_episode_audience (episode_id, coalesce(company_id, '00000000-0000-0000-0000-000000000000'), coalesce(team_id, '00000000-0000-0000-0000-000000000000'))`
  yield* sql`create index podcast_episode_audience_company on podcast_episode_audience (company_id, episode_id)`
  yield* sql`
    create table podcast_uploads (
      id text primary key,
      episode_id uuid not null references podcast_episodes(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      size bigint not null,
      file_name text not null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      error text
    )`
  yield* sql`create index podcast_uploads_episode on podcast_uploads (episode_id)`
  yield* sql`create index podcast_uploads_unfinished on podcast_uploads (created_at) where finished_at is null`
  yield* sql`
    create table podcast_positions (
      user_id uuid not null references users(id) on delete cascade,
      episode_id uuid not null references podcast_episodes(id) on delete cascade,
      seconds double precision not null default 0,
      completed boolean not null default false,
      heard_seconds double precision not null default 0,
      play_counted_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (user_id, episode_id)
    )`
  yield* sql`
    create table podcast_downloads (
      user_id uuid not null references users(id) on delete cascade,
      episode_id uuid not null references podcast_episodes(id) on delete cascade,
      day date not null,
      bytes bigint not null default 0,
      counted_at timestamptz,
      primary key (user_id, episode_id, day)
    )`
})
