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
  // Messages from before this migration were tried once when they were written, and are not
  // tried again: by now they are old news, and the person has most likely asked again.
  yield* sql`
    alter table outbox
      add column attempts integer not null default 1,
      add column next_attempt_at timestamptz not null default 'infinity'`
  // What an instance still on the old code writes during a rolling deploy was tried at once by
  // that instance, which is done with it long before a retry is due.
  yield* sql`alter table outbox alter column next_attempt_at set default now() + interval '2 minutes'`
  yield* sql`drop index outbox_unsent`
  yield* sql`create index outbox_due on outbox (next_attempt_at) where sent_at is null`
  // A retry skips a message superseded by a newer one with the same subject to the same address.
  yield* sql`create index outbox_recipient on outbox (to_address, subject, created_at)`
})
