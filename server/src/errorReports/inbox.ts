import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { IncomingError } from "./errorEvent.js"
import type { IncomingTrace } from "./traceItems.js"

/**
 * Files what the tunnel received: error events into issues, trace items per route. Each event is
 * one statement (upsert the issue, add the event, add the user), so concurrent events of one issue
 * never lose a count, and an event the SDK sends twice (same event id) is kept once.
 */
export class ErrorInbox extends Effect.Service<ErrorInbox>()("@folio/server/ErrorInbox", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const fileError = (e: IncomingError) =>
      sql`
        with issue as (
          insert into error_issues (fingerprint, type, message, culprit, level, deployment_id, browser, url)
          select ${e.fingerprint}, ${e.type}, ${e.message}, ${e.culprit}, ${e.level}, ${e.deploymentId},
                 ${e.browser}, ${e.url}
          where not exists (select 1 from error_events where event_id = ${e.eventId})
          on conflict (fingerprint) do update set
            type = excluded.type, message = excluded.message, culprit = excluded.culprit,
            level = excluded.level, deployment_id = excluded.deployment_id, browser = excluded.browser,
            url = excluded.url, count = error_issues.count + 1, last_seen = now(),
            -- a resolved issue that happens again needs looking at; an ignored one stays ignored
            status = case when error_issues.status = 'resolved' then 'unresolved' else error_issues.status end,
            status_changed_at = case when error_issues.status = 'resolved' then now()
                                     else error_issues.status_changed_at end,
            status_changed_by = case when error_issues.status = 'resolved' then null
                                     else error_issues.status_changed_by end
          returning id
        ), event as (
          insert into error_events (issue_id, event_id, deployment_id, browser, os, url, user_id,
                                    exceptions, breadcrumbs, raw)
          select id, ${e.eventId}, ${e.deploymentId}, ${e.browser}, ${e.os}, ${e.url}, ${e.userKey},
                 ${JSON.stringify(e.exceptions)}::jsonb, ${JSON.stringify(e.breadcrumbs)}::jsonb,
                 ${JSON.stringify(e.raw)}::jsonb
          from issue
          on conflict (event_id) do nothing
        ), affected as (
          insert into error_issue_users (issue_id, user_key)
          select id, ${e.userKey}::text from issue where ${e.userKey}::text is not null
          on conflict do nothing
        )
        select id from issue`

    const fileTraces = (traces: ReadonlyArray<IncomingTrace>) =>
      traces.length === 0
        ? Effect.void
        : sql`insert into traces ${sql.insert(traces.map((t) => ({ ...t })))}`.pipe(Effect.asVoid)

    const file = (input: {
      readonly errors: ReadonlyArray<IncomingError>
      readonly traces: ReadonlyArray<IncomingTrace>
    }) =>
      Effect.forEach(input.errors, fileError, { discard: true }).pipe(
        Effect.zipRight(fileTraces(input.traces)),
        Effect.asVoid,
      )

    return { file } as const
  }),
}) {}
