import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { IncomingError } from "./errorEvent.js"
import type { IncomingTrace } from "./traceItems.js"

export interface InboxContents {
  readonly errors: ReadonlyArray<IncomingError>
  readonly traces: ReadonlyArray<IncomingTrace>
}

/** One row per issue touched by the batch: its newest event's summary and how many events it got. */
const issueRows = (errors: ReadonlyArray<IncomingError>) => {
  const byFingerprint = new Map<string, { latest: IncomingError; n: number }>()
  for (const error of errors) {
    const seen = byFingerprint.get(error.fingerprint)
    byFingerprint.set(error.fingerprint, { latest: error, n: (seen?.n ?? 0) + 1 })
  }
  // A fixed order, so two instances filing at once lock the same issues in the same order.
  return [...byFingerprint.values()]
    .sort((a, b) => (a.latest.fingerprint < b.latest.fingerprint ? -1 : 1))
    .map(({ latest: e, n }) => ({
      fingerprint: e.fingerprint,
      type: e.type,
      message: e.message,
      culprit: e.culprit,
      level: e.level,
      deployment_id: e.deploymentId,
      browser: e.browser,
      url: e.url,
      n,
    }))
}

const eventRows = (errors: ReadonlyArray<IncomingError>) =>
  errors.map((e) => ({
    fingerprint: e.fingerprint,
    event_id: e.eventId,
    deployment_id: e.deploymentId,
    browser: e.browser,
    os: e.os,
    url: e.url,
    user_id: e.userKey,
    exceptions: e.exceptions,
    breadcrumbs: e.breadcrumbs,
    raw: e.raw,
  }))

/**
 * Files a batch of envelopes in a few statements, whatever its size: events whose id is already
 * filed are dropped (an SDK retry), then every issue the batch touches is upserted once with its
 * count raised by its number of events, then the events and the affected users are inserted.
 * A resolved issue that recurs is unresolved again; an ignored one stays ignored. Run it in a
 * transaction.
 */
export const fileBatch = (sql: SqlClient.SqlClient, batch: ReadonlyArray<InboxContents>) =>
  Effect.gen(function* () {
    const unique = new Map<string, IncomingError>()
    for (const error of batch.flatMap((c) => c.errors)) {
      if (!unique.has(error.eventId)) unique.set(error.eventId, error)
    }
    const known = unique.size
      ? yield* sql<{
          eventId: string
        }>`select event_id from error_events where event_id = any(${[...unique.keys()]}::text[])`
      : []
    for (const { eventId } of known) unique.delete(eventId)
    const errors = [...unique.values()]

    if (errors.length > 0) {
      yield* sql`
        insert into error_issues (fingerprint, type, message, culprit, level, deployment_id, browser, url, count)
        select fingerprint, type, message, culprit, level, deployment_id, browser, url, n
        from json_to_recordset(${JSON.stringify(issueRows(errors))}::json) as x(
          fingerprint text, type text, message text, culprit text, level text, deployment_id text,
          browser text, url text, n int)
        on conflict (fingerprint) do update set
          type = excluded.type, message = excluded.message, culprit = excluded.culprit,
          level = excluded.level, deployment_id = excluded.deployment_id, browser = excluded.browser,
          url = excluded.url, count = error_issues.count + excluded.count, last_seen = now(),
          status = case when error_issues.status = 'resolved' then 'unresolved' else error_issues.status end,
          status_changed_at = case when error_issues.status = 'resolved' then now()
                                   else error_issues.status_changed_at end,
          status_changed_by = case when error_issues.status = 'resolved' then null
                                   else error_issues.status_changed_by end`
      yield* sql`
        insert into error_events (issue_id, event_id, deployment_id, browser, os, url, user_id,
                                  exceptions, breadcrumbs, raw)
        select i.id, x.event_id, x.deployment_id, x.browser, x.os, x.url, x.user_id,
               x.exceptions, x.breadcrumbs, x.raw
        from json_to_recordset(${JSON.stringify(eventRows(errors))}::json) as x(
          fingerprint text, event_id text, deployment_id text, browser text, os text, url text,
          user_id text, exceptions jsonb, breadcrumbs jsonb, raw jsonb)
        join error_issues i on i.fingerprint = x.fingerprint
        on conflict (event_id) do nothing`
      yield* sql`
        insert into error_issue_users (issue_id, user_key)
        select distinct i.id, x.user_id
        from json_to_recordset(${JSON.stringify(errors.map((e) => ({ fingerprint: e.fingerprint, user_id: e.userKey })))}::json)
          as x(fingerprint text, user_id text)
        join error_issues i on i.fingerprint = x.fingerprint
        where x.user_id is not null
        on conflict do nothing`
    }

    const traces = batch.flatMap((c) => c.traces)
    if (traces.length > 0) yield* sql`insert into traces ${sql.insert(traces.map((t) => ({ ...t })))}`
  })
