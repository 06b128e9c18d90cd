import { SqlClient, type Statement } from "@effect/sql"
import {
  ErrorEvent,
  ErrorIssue,
  type ErrorIssueDetail,
  type ErrorIssueListParams,
  type ErrorIssueStatus,
  NotFound,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { containsPattern, defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"

const IssueRow = Schema.Struct({
  ...ErrorIssue.fields,
  firstSeen: Schema.DateFromSelf,
  lastSeen: Schema.DateFromSelf,
  /** last_seen at µs precision, the page cursor's key. */
  seenKey: Schema.String,
})
const decodeIssues = Schema.decodeUnknown(Schema.Array(IssueRow))
const decodeEvents = Schema.decodeUnknown(
  Schema.Array(Schema.Struct({ ...ErrorEvent.fields, receivedAt: Schema.DateFromSelf })),
)

export const issueNotFound = () => new NotFound({ message: "No such error issue; it may have expired." })

const toIssue = ({ seenKey: _, ...issue }: typeof IssueRow.Type): ErrorIssue => issue

/** The inbox's issues, newest activity first, and one issue with its latest events. */
export class ErrorIssues extends Effect.Service<ErrorIssues>()("@folio/server/ErrorIssues", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const select = (where: Statement.Fragment, tail: Statement.Fragment = sql``) =>
      sql`
        select i.id, i.fingerprint, i.type, i.message, i.culprit, i.level, i.status, i.count,
               (select count(*)::int from error_issue_users u where u.issue_id = i.id) as users_affected,
               i.first_seen, i.last_seen, i.deployment_id, i.browser, i.url,
               to_char(i.last_seen at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as seen_key
        from error_issues i
        where ${where}
        ${tail}`.pipe(Effect.flatMap(decodeIssues), Effect.orDie)

    const list = (params: ErrorIssueListParams) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "uuid")
        const clauses = [sql`i.status = ${params.status ?? "unresolved"}`]
        if (params.q) clauses.push(sql`lower(i.type || ' ' || i.message) like ${containsPattern(params.q)}`)
        if (Option.isSome(after)) {
          clauses.push(sql`(i.last_seen, i.id) < (${after.value.at}::timestamptz, ${after.value.id}::uuid)`)
        }
        const rows = yield* select(
          sql.and(clauses),
          sql`order by i.last_seen desc, i.id desc limit ${limit + 1}`,
        )
        const page = timePage(rows, limit, (row) => ({ at: row.seenKey, id: row.id }))
        return { items: page.items.map(toIssue), nextCursor: page.nextCursor }
      })

    const find = (id: string) =>
      select(sql`i.id = ${id}`).pipe(
        Effect.flatMap((rows) => (rows[0] ? Effect.succeed(toIssue(rows[0])) : Effect.fail(issueNotFound()))),
      )

    const events = (issueId: string, limit: number, full: boolean) =>
      sql`
        select event_id, received_at, deployment_id, browser, os, url, user_id,
               ${full ? sql`exceptions` : sql`'[]'::jsonb`} as exceptions,
               ${full ? sql`breadcrumbs` : sql`'[]'::jsonb`} as breadcrumbs
        from error_events where issue_id = ${issueId}
        order by received_at desc, id desc limit ${limit}`.pipe(Effect.flatMap(decodeEvents), Effect.orDie)

    const detail = (id: string): Effect.Effect<ErrorIssueDetail, NotFound> =>
      Effect.gen(function* () {
        const issue = yield* find(id)
        const [latest] = yield* events(id, 1, true)
        const recent = yield* events(id, 20, false)
        return {
          issue,
          latestEvent: latest ?? null,
          recentEvents: recent.map(({ eventId, receivedAt, deploymentId, browser, url }) => ({
            eventId,
            receivedAt,
            deploymentId,
            browser,
            url,
          })),
        }
      })

    /** Returns the issue before the change, for the audit trail. */
    const setStatus = (id: string, status: ErrorIssueStatus, by: string) =>
      Effect.gen(function* () {
        const before = yield* find(id)
        yield* sql`
          update error_issues set status = ${status}, status_changed_at = now(), status_changed_by = ${by}
          where id = ${id}`.pipe(Effect.orDie)
        return { before, after: yield* find(id) }
      })

    return { list, find, detail, setStatus } as const
  }),
}) {}
