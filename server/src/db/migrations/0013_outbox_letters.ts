import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The outbox keeps only what is needed to send a message (mail/letters.ts): its template and
 * references (`template`, `params`), never its text. A message's link and code are issued when
 * it is sent, so no sign-in secret is at rest in the outbox, sent or not. Until now the subject
 * (a sign-in link's code), the text and the HTML (every link) were kept for 30 days.
 *
 * An instance still on the old code cannot write mail once this has run (its columns are gone):
 * during a rolling deploy, its link requests fail until it is replaced.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table outbox add column template text, add column params jsonb not null default '{}'`
  yield* sql`
    update outbox set template = case
      when subject like 'Your Folio sign-in link%' then 'magic_link'
      when subject = 'Reset your Folio password' then 'reset'
      else 'invite' end`
  // Earlier messages cannot be rendered again (nothing says whom they were for), so an unsent
  // one is not tried again: its link lived only in the text removed here. The person asks anew.
  yield* sql`
    update outbox set attempts = greatest(attempts, 5),
      last_error = coalesce(last_error, 'Not sent: written before the outbox stopped keeping message texts')
    where sent_at is null`
  // Blank before dropping: a dropped column's values stay in the table's rows on disk until
  // they are rewritten, and this rewrites them (vacuum then reclaims the old versions).
  yield* sql`update outbox set subject = '', text_body = '', html_body = ''`
  yield* sql`
    alter table outbox
      alter column template set not null,
      add constraint outbox_template check (template in ('magic_link', 'reset', 'invite')),
      drop column subject,
      drop column text_body,
      drop column html_body`
  // Dropping `subject` dropped outbox_recipient: a retry skips a message superseded by a newer
  // one of the same template to the same address.
  yield* sql`create index outbox_recipient on outbox (to_address, template, created_at)`
})
