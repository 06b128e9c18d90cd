import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Covering indexes for the reports list. A list page first picks the ids of its rows from one of
 * the three keyset indexes, then reads those rows (ReportsRepo.list). With the filter columns
 * (status, sector, type, tickers, authors, published_at for the embargo) inside the index, that
 * first step is an index-only scan: a filter such as ?ticker=AAPL skips non-matching entries
 * without reading their table rows. At 1M reports this took the reader's ?ticker=AAPL page from
 * about 150 ms to 5 ms of SQL (docs/performance.md). The audience check of a client reader's
 * reach is an index-only probe too.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`drop index reports_updated_keyset`
  yield* sql`
    create index reports_updated_keyset on reports (updated_at desc, id desc)
    include (status, sector, type, tickers, author_ids, published_at)`
  yield* sql`drop index reports_status_updated`
  yield* sql`
    create index reports_status_updated on reports (status, updated_at desc, id desc)
    include (sector, type, tickers, author_ids, published_at)`
  yield* sql`drop index reports_published_keyset`
  yield* sql`
    create index reports_published_keyset on reports (published_at desc, id desc)
    include (status, sector, type, tickers, author_ids, updated_at)
    where published_at is not null`
  yield* sql`
    create index report_audience_reach on report_audience (report_id)
    include (company_id, team_id, embargo_hours)`
})
