import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The email channel (channels/email.ts) and the notices /profile lets people choose: report
 * emails, the weekly digest and the new sign-in notice go through the outbox as letters of their
 * own; an email delivery keeps, per recipient, whether the message went; the digest is sent once
 * per person and week; unsubscribe links are signed with a key made here.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table outbox drop constraint outbox_template`
  yield* sql`
    alter table outbox add constraint outbox_template
      check (template in ('magic_link', 'reset', 'invite', 'report', 'digest', 'sign_in_notice'))`

  // sent_at: the relay accepted the message (a retried delivery skips the recipient); refused_at:
  // it refused it for good (5xx), so no retry tries again; claimed_until: an attempt is sending it
  // now, so a second attempt running at the same time leaves it alone.
  yield* sql`
    alter table delivery_recipients
      add column sent_at timestamptz,
      add column refused_at timestamptz,
      add column last_error text,
      add column claimed_until timestamptz`
  yield* sql`create index delivery_recipients_user on delivery_recipients (user_id)`

  // One digest per person and week (the Monday it was sent in): a digest job that runs twice,
  // or is retried after sending some, mails nobody twice.
  yield* sql`
    create table digest_sends (
      user_id uuid not null references users(id) on delete cascade,
      week_of date not null,
      report_count integer not null,
      sent_at timestamptz not null default now(),
      primary key (user_id, week_of)
    )`

  // Keys the server signs with. Made once, here, at random; never sent anywhere or shown. Whoever
  // can read this table can forge an unsubscribe link, which does no more than the preference
  // switch in /profile (docs/reports.md, "Email channel").
  yield* sql`
    create table signing_keys (
      purpose text primary key,
      secret bytea not null check (octet_length(secret) >= 32),
      created_at timestamptz not null default now()
    )`
  yield* sql`insert into signing_keys (purpose, secret) values ('unsubscribe', ${randomBytes(32)})`
})
