import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Mail that could not be delivered is tried again (mail/mailer.ts): each message counts its
 * attempts and says when the next one is due. The first attempt is made when the message is
 * written; a retry claims a due message by moving its next attempt on, so two server instances
 * never send the same message at once.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    alter table outbox
      add column attempts integer not null default 0,
      add column next_attempt_at timestamptz not null default now()`
  // Messages from before this migration were tried once when they were written.
  yield* sql`update outbox set attempts = 1`
  yield* sql`drop index outbox_unsent`
  yield* sql`create index outbox_due on outbox (next_attempt_at) where sent_at is null`
})
