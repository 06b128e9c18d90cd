import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A revision per editing session instead of one per save. `session_open` marks the report's
 * latest revision while the editing session that writes it goes on: the same author's next save
 * (within the idle gap) overwrites it rather than adding a row. Every revision written before,
 * and every one an import or the seed writes, is closed.
 *
 * Any change of status closes the open revision, whichever path makes it (a transition, a
 * schedule, the release job publishing, an import): a lifecycle change always cuts a revision of
 * the text as it was at that moment. A trigger, so that no writer of `reports.status` can forget.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table report_revisions add column session_open boolean not null default false`
  yield* sql`
    create function report_revisions_close_on_status() returns trigger language plpgsql as $$
    begin
      update report_revisions set session_open = false where report_id = new.id and session_open;
      return null;
    end $$`
  yield* sql`
    create trigger reports_status_closes_revision
    after update of status on reports
    for each row when (old.status is distinct from new.status)
    execute function report_revisions_close_on_status()`
})
