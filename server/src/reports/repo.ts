import { SqlClient, type Statement } from "@effect/sql"
import {
  AudienceEntry,
  decodeCursor,
  encodeCursor,
  Report,
  ReportAuthor,
  type ReportFields,
  type ReportListParams,
  type ReportSort,
  type ReportStatus,
  revisionIdleGapMinutes,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { type AudienceWrite, replaceAudienceRows } from "../db/audience.js"
import { defaultPageSize } from "../db/keyset.js"
import { isCursorInstant, isCursorUuid } from "../db/timeCursor.js"
import { type ReportReach, reachClause } from "./reach.js"

const ReportRow = Schema.Struct({
  ...Report.fields,
  body: Schema.NullOr(Schema.String),
  authors: Schema.Array(ReportAuthor),
  audience: Schema.Array(AudienceEntry),
  releaseAt: Schema.NullOr(Schema.DateFromSelf),
  publishedAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf,
  /** Full-precision (µs) sort keys for page cursors; a JS Date would round them to ms. */
  updatedKey: Schema.String,
  publishedKey: Schema.NullOr(Schema.String),
})
type ReportRow = typeof ReportRow.Type

/** A stored report with its body (`body` is null when a list left it out). */
export type StoredReport = ReportRow

/** The columns a save writes, as stored. */
export interface ReportWrite extends ReportFields {
  readonly externalId: string | null
  readonly authorIds: ReadonlyArray<string>
}

export type { AudienceWrite }

const sortColumn: Record<ReportSort, string> = {
  "-updatedAt": "updated",
  "-publishedAt": "published",
  title: "title",
}

export class ReportsRepo extends Effect.Service<ReportsRepo>()("@folio/server/ReportsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /**
     * Rows as PostgreSQL gives them, typed and not decoded: the columns' types, constraints and the
     * writes' validation already hold them to `ReportRow`; checking every field of every row again
     * (a UUID pattern per id) was a large share of a list page's CPU (docs/performance.md, "Folio
     * against its bare twin").
     */
    const select = (me: string, where: Statement.Fragment, tail: Statement.Fragment, withBody: boolean) =>
      sql<ReportRow>`
        select r.id, r.external_id, r.title, r.summary,
               ${withBody ? sql`r.body` : sql`null::text`} as body,
               r.type, r.sector, r.tickers, r.tags, r.channels, r.rating, r.target_price, r.target_currency,
               r.disclosures, r.status, r.release_at, r.published_at, r.version, r.created_by, r.created_at, r.updated_at,
               to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_key,
               to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_key,
               coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email)
                                         order by array_position(r.author_ids, u.id))
                         from users u where u.id = any(r.author_ids)), '[]') as authors,
               coalesce((select json_agg(json_build_object(
                                  'companyId', a.company_id, 'companySlug', c.slug, 'companyName', c.name,
                                  'teamId', a.team_id, 'teamName', t.name, 'embargoHours', a.embargo_hours)
                                  order by c.name nulls first, t.name nulls first)
                         from report_audience a
                         left join companies c on c.id = a.company_id
                         left join teams t on t.id = a.team_id
                         where a.report_id = r.id), '[]') as audience,
               exists (select 1 from report_favorites f where f.user_id = ${me} and f.report_id = r.id) as favorite
        from reports r
        where ${where}
        ${tail}`.pipe(Effect.orDie)

    const list = (params: ReportListParams, me: string, reach: ReportReach, withBody = false) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const sort = sortColumn[params.sort ?? "-updatedAt"]
        const clauses: Array<Statement.Fragment> = [reachClause(sql, reach)]
        // One status as an equality, so the (status, updated_at) index serves it in order.
        if (params.status?.length === 1) clauses.push(sql`r.status = ${params.status[0]}`)
        else if (params.status && params.status.length > 0)
          clauses.push(sql`r.status = any(${[...params.status]}::text[])`)
        if (params.ticker) clauses.push(sql`r.tickers @> array[${params.ticker.toUpperCase()}]::text[]`)
        if (params.sector) clauses.push(sql`r.sector = ${params.sector}`)
        if (params.type) clauses.push(sql`r.type = ${params.type}`)
        if (params.externalId !== undefined) clauses.push(sql`r.external_id = ${params.externalId}`)
        if (params.author) clauses.push(sql`r.author_ids @> array[${params.author}]::uuid[]`)
        if (params.favorites) {
          clauses.push(
            sql`exists (select 1 from report_favorites f where f.user_id = ${me} and f.report_id = r.id)`,
          )
        }
        const dateColumn = sort === "published" ? sql`r.published_at` : sql`r.updated_at`
        if (sort === "published") clauses.push(sql`r.published_at is not null`)
        if (params.from) clauses.push(sql`${dateColumn} >= ${params.from}`)
        if (params.to) clauses.push(sql`${dateColumn} <= ${params.to}`)
        if (params.cursor !== undefined) {
          const after = decodeCursor(params.cursor)
          if (
            after?.length !== 2 ||
            typeof after[0] !== "string" ||
            typeof after[1] !== "string" ||
            !isCursorUuid(after[1]) ||
            (sort !== "title" && !isCursorInstant(after[0]))
          ) {
            return yield* ValidationError.field(
              "cursor",
              "The page cursor is not valid; start again from the first page.",
            )
          }
          const [key, id] = after
          clauses.push(
            sort === "title"
              ? sql`(lower(r.title), r.id) > (${key}, ${id}::uuid)`
              : sql`(${dateColumn}, r.id) < (${key}::timestamptz, ${id}::uuid)`,
          )
        }
        const order =
          sort === "title"
            ? sql`order by lower(r.title), r.id`
            : sort === "published"
              ? sql`order by r.published_at desc, r.id desc`
              : sql`order by r.updated_at desc, r.id desc`
        // The page's ids first, from the filter columns the keyset indexes carry (an index-only
        // scan that skips non-matching entries without reading their rows; 0009_report_indexes),
        // then only those rows are read with their authors, audience and favorite flag.
        const page = sql`select r.id from reports r where ${sql.and(clauses)} ${order} limit ${limit + 1}`
        const rows = yield* select(me, sql`r.id = any(array(${page}))`, order, withBody)
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        const key = (row: ReportRow) =>
          sort === "title"
            ? row.title.toLowerCase()
            : ((sort === "published" ? row.publishedKey : row.updatedKey) ?? row.updatedKey)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([key(last), last.id]) : null }
      })

    const find = (id: string, me: string, reach: ReportReach) =>
      select(me, sql.and([sql`r.id = ${id}`, reachClause(sql, reach)]), sql``, true).pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** Rows already filtered by the caller's reach (search hits), without their bodies. */
    const findMany = (ids: ReadonlyArray<string>, me: string) =>
      select(me, sql`r.id = any(${[...ids]}::uuid[])`, sql``, false)

    /** Locks the row for the rest of the transaction so saves and transitions apply one at a time. */
    const lock = (id: string, me: string, reach: ReportReach) =>
      sql`select id from reports r where r.id = ${id} and ${reachClause(sql, reach)} for update`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows.length === 0 ? Effect.succeed(Option.none()) : find(id, me, { kind: "staff" }),
        ),
      )

    const fieldsJson = (w: ReportWrite) => ({
      title: w.title,
      summary: w.summary,
      body: w.body,
      type: w.type,
      sector: w.sector,
      tickers: w.tickers,
      tags: w.tags,
      channels: w.channels,
      rating: w.rating,
      targetPrice: w.targetPrice,
      targetCurrency: w.targetCurrency,
    })

    const insert = (w: ReportWrite, createdBy: string) =>
      sql<{ id: string }>`
        insert into reports (external_id, title, summary, body, type, sector, tickers, tags, channels, author_ids,
                             rating, target_price, target_currency, created_by)
        values (${w.externalId}, ${w.title}, ${w.summary}, ${w.body}, ${w.type}, ${w.sector},
                ${[...w.tickers]}::text[], ${[...w.tags]}::text[], ${[...w.channels]}::text[], ${[...w.authorIds]}::uuid[],
                ${w.rating}, ${w.targetPrice}, ${w.targetCurrency}, ${createdBy})
        returning id`.pipe(Effect.map((rows) => rows[0]!.id))

    const update = (id: string, w: ReportWrite) =>
      sql<{ version: number }>`
        update reports set external_id = ${w.externalId}, title = ${w.title}, summary = ${w.summary}, body = ${w.body},
               type = ${w.type}, sector = ${w.sector}, tickers = ${[...w.tickers]}::text[], tags = ${[...w.tags]}::text[],
               channels = ${[...w.channels]}::text[], author_ids = ${[...w.authorIds]}::uuid[], rating = ${w.rating},
               target_price = ${w.targetPrice}, target_currency = ${w.targetCurrency},
               version = version + 1, updated_at = now()
        where id = ${id}
        returning version`.pipe(Effect.map((rows) => rows[0]!.version))

    const setStatus = (id: string, status: ReportStatus, publish: { disclosures: string } | null) =>
      (publish
        ? sql`update reports set status = ${status}, published_at = coalesce(published_at, now()),
                 disclosures = coalesce(disclosures, ${publish.disclosures}), updated_at = now() where id = ${id}`
        : sql`update reports set status = ${status}, updated_at = now() where id = ${id}`
      ).pipe(Effect.orDie, Effect.asVoid)

    const replaceAudience = (id: string, entries: ReadonlyArray<AudienceWrite>) =>
      replaceAudienceRows(sql, { table: "report_audience", key: "report_id" }, id, entries)

    /** `open`: the revision of an editing session that goes on, which the author's next save overwrites. */
    const addRevision = (
      id: string,
      version: number,
      w: ReportWrite,
      savedBy: string,
      note: string,
      open: boolean,
    ) =>
      sql`
        insert into report_revisions (report_id, version, fields, note, saved_by, session_open)
        values (${id}, ${version}, ${JSON.stringify(fieldsJson(w))}::jsonb, ${note}, ${savedBy}, ${open})`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /**
     * The report's newest revision, and whether its session may take another save: still open,
     * and saved within the idle gap (by the database's clock, like `saved_at`).
     */
    const latestRevision = (id: string) =>
      sql<{ version: number; savedBy: string | null; open: boolean; fresh: boolean }>`
        select v.version, v.saved_by, v.session_open as open,
               v.saved_at > now() - make_interval(mins => ${revisionIdleGapMinutes}) as fresh
        from report_revisions v where v.report_id = ${id}
        order by v.version desc limit 1`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    /** The open revision `from` becomes the report at version `to`: the session's newest text. */
    const advanceRevision = (id: string, from: number, to: number, w: ReportWrite, open: boolean) =>
      sql`
        update report_revisions set version = ${to}, fields = ${JSON.stringify(fieldsJson(w))}::jsonb,
               saved_at = now(), session_open = ${open}
        where report_id = ${id} and version = ${from}`.pipe(Effect.orDie, Effect.asVoid)

    /** Ends the editing sessions of the report (only `savedBy`'s when given): the next save cuts a new revision. */
    const closeRevisions = (id: string, savedBy: string | null) =>
      (savedBy === null
        ? sql`update report_revisions set session_open = false where report_id = ${id} and session_open`
        : sql`update report_revisions set session_open = false
              where report_id = ${id} and session_open and saved_by = ${savedBy}`
      ).pipe(Effect.orDie, Effect.asVoid)

    const revisions = (id: string) =>
      sql<{
        version: number
        savedAt: Date
        note: string
        title: string
        savedById: string | null
        savedByName: string | null
        savedByEmail: string | null
      }>`
        select v.version, v.saved_at, v.note, v.fields->>'title' as title,
               u.id as saved_by_id, u.name as saved_by_name, u.email as saved_by_email
        from report_revisions v left join users u on u.id = v.saved_by
        where v.report_id = ${id} order by v.version desc`.pipe(Effect.orDie)

    const revision = (id: string, version: number) =>
      sql<{
        version: number
        savedAt: Date
        note: string
        fields: unknown
        savedById: string | null
        savedByName: string | null
        savedByEmail: string | null
      }>`
        select v.version, v.saved_at, v.note, v.fields,
               u.id as saved_by_id, u.name as saved_by_name, u.email as saved_by_email
        from report_revisions v left join users u on u.id = v.saved_by
        where v.report_id = ${id} and v.version = ${version}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.fromNullable(rows[0])),
      )

    const setFavorite = (userId: string, id: string, on: boolean) =>
      (on
        ? sql`insert into report_favorites (user_id, report_id) values (${userId}, ${id}) on conflict do nothing`
        : sql`delete from report_favorites where user_id = ${userId} and report_id = ${id}`
      ).pipe(Effect.orDie, Effect.asVoid)

    return {
      list,
      find,
      findMany,
      lock,
      insert,
      update,
      setStatus,
      replaceAudience,
      addRevision,
      latestRevision,
      advanceRevision,
      closeRevisions,
      revisions,
      revision,
      setFavorite,
      fieldsJson,
    } as const
  }),
}) {}
