import { SqlClient } from "@effect/sql"
import { type ImportRow, standardDisclosures } from "@folio/core"
import { Effect } from "effect"
import type { AudienceWrite } from "./repo.js"

/** A row that passed the checks, with its people and audience resolved to ids. */
export interface Prepared {
  readonly row: ImportRow
  readonly authorIds: ReadonlyArray<string>
  readonly audience: ReadonlyArray<AudienceWrite>
}

/** A report an import row names by externalId, as stored: what an upsert compares against. */
export interface ExistingReport {
  readonly id: string
  readonly externalId: string
  readonly status: string
  readonly createdBy: string | null
  readonly authorIds: ReadonlyArray<string>
  readonly fields: Record<string, unknown>
  /** `companyId/teamId/embargoHours` of each audience entry ("null" for none). */
  readonly audience: ReadonlyArray<string>
}

/** The report fields an import writes and a revision keeps. */
export const fieldsOf = (p: Prepared) => {
  const r = p.row.record
  return {
    title: r.title,
    summary: r.summary,
    body: r.body,
    type: r.type,
    sector: r.sector,
    tickers: r.tickers,
    tags: r.tags,
    channels: r.channels,
    rating: r.rating,
    targetPrice: r.targetPrice,
    targetCurrency: r.targetCurrency,
  }
}

const rowJson = (p: Prepared, index: number, id?: string) => {
  const r = p.row.record
  return {
    ord: index,
    id: id ?? null,
    external_id: r.externalId ?? null,
    title: r.title,
    summary: r.summary,
    body: r.body,
    type: r.type,
    sector: r.sector,
    tickers: r.tickers,
    tags: r.tags,
    channels: r.channels,
    author_ids: p.authorIds,
    rating: r.rating,
    target_price: r.targetPrice,
    target_currency: r.targetCurrency,
    status: r.status,
    published_at: r.publishedAt?.toISOString() ?? null,
    audience: p.audience,
    fields: fieldsOf(p),
  }
}

/**
 * The import's SQL, in one place: batch keys and their stored results, the externalIds each
 * import has sent, the existing reports rows name, and the set-based inserts and updates.
 */
export class ImportRepo extends Effect.Service<ImportRepo>()("@folio/server/ImportRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** Claims the batch key; null when claimed now, else the result stored by the run that applied it. */
    const claimBatch = (key: string, userId: string) =>
      Effect.gen(function* () {
        const claimed = yield* sql`
          insert into import_batches (batch_key, user_id) values (${key}, ${userId})
          on conflict (batch_key) do nothing returning batch_key`
        if (claimed.length > 0) return null
        const rows = yield* sql<{
          result: unknown
        }>`select result from import_batches where batch_key = ${key}`
        return rows[0]?.result ?? null
      })

    const storeResult = (key: string, result: unknown) =>
      sql`update import_batches set result = ${JSON.stringify(result)}::jsonb where batch_key = ${key}`

    /**
     * Records each row's externalId under the import; returns the ones recorded now (or by this
     * same batch before, a retry) and, for the rest, where an earlier batch of the import sent them.
     */
    const claimExternalIds = (
      userId: string,
      importId: string,
      batchKey: string,
      rows: ReadonlyArray<{ readonly externalId: string; readonly file: string; readonly line: number }>,
    ) =>
      Effect.gen(function* () {
        const claimed = yield* sql<{ externalId: string }>`
          insert into import_external_ids (user_id, import_id, external_id, batch_key, file, line)
          select ${userId}, ${importId}, x.external_id, ${batchKey}, x.file, x.line
          from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ external_id: row.externalId, file: row.file, line: row.line })))}::jsonb)
            as x(external_id text, file text, line int)
          on conflict (user_id, import_id, external_id) do update set line = excluded.line
            where import_external_ids.batch_key = excluded.batch_key
          returning external_id`
        const fresh = new Set(claimed.map((row) => row.externalId))
        const repeated = rows.filter((row) => !fresh.has(row.externalId)).map((row) => row.externalId)
        const earlier =
          repeated.length === 0
            ? []
            : yield* sql<{ externalId: string; file: string; line: number }>`
                select external_id, file, line from import_external_ids
                where user_id = ${userId} and import_id = ${importId} and external_id = any(${repeated}::text[])`
        return { fresh, earlier: new Map(earlier.map((row) => [row.externalId, `${row.file}:${row.line}`])) }
      })

    /** The reports with these externalIds, locked for the batch's transaction. */
    const existingReports = (externalIds: ReadonlyArray<string>) =>
      externalIds.length === 0
        ? Effect.succeed([] as ReadonlyArray<ExistingReport>)
        : sql<ExistingReport>`
            select r.id, r.external_id, r.status, r.created_by, r.author_ids,
                   jsonb_build_object('title', r.title, 'summary', r.summary, 'body', r.body, 'type', r.type,
                     'sector', r.sector, 'tickers', r.tickers, 'tags', r.tags, 'channels', r.channels,
                     'rating', r.rating, 'targetPrice', r.target_price, 'targetCurrency', r.target_currency) as fields,
                   coalesce((select array_agg(coalesce(a.company_id::text, 'null') || '/' || coalesce(a.team_id::text, 'null') || '/' || a.embargo_hours)
                             from report_audience a where a.report_id = r.id), '{}') as audience
            from reports r where r.external_id = any(${externalIds}::text[])
            for update`

    const recordset = sql`
      x(ord int, id uuid, external_id text, title text, summary text, body text, type text, sector text,
        tickers text[], tags text[], channels text[], author_ids uuid[], rating text, target_price float8,
        target_currency text, status text, published_at timestamptz, audience jsonb, fields jsonb)`

    /** New reports with their audience and first revision, in three statements for the batch. */
    const insertMany = (me: string, rows: ReadonlyArray<Prepared>) =>
      sql`
        with input as materialized (
          select gen_random_uuid() as new_id, x.* from jsonb_to_recordset(${JSON.stringify(rows.map((p, i) => rowJson(p, i)))}::jsonb) as ${recordset}
        ),
        inserted as (
          insert into reports (id, external_id, title, summary, body, type, sector, tickers, tags, channels, author_ids,
                               rating, target_price, target_currency, status, published_at, disclosures, created_by)
          select new_id, external_id, title, summary, body, type, sector, tickers, tags, channels, author_ids,
                 rating, target_price, target_currency, status,
                 case when status in ('published', 'archived') then coalesce(published_at, now()) end,
                 case when status in ('published', 'archived') then ${standardDisclosures} end,
                 ${me}
          from input
          returning id
        ),
        audience as (
          insert into report_audience (report_id, company_id, team_id, embargo_hours)
          select i.new_id, (e->>'companyId')::uuid, (e->>'teamId')::uuid, (e->>'embargoHours')::int
          from input i cross join lateral jsonb_array_elements(i.audience) e
        )
        insert into report_revisions (report_id, version, fields, note, saved_by)
        select new_id, 1, fields, 'Imported', ${me} from input`

    /** Changed reports: fields, audience and a new revision each. */
    const updateMany = (me: string, rows: ReadonlyArray<{ prepared: Prepared; id: string }>) =>
      Effect.gen(function* () {
        const json = JSON.stringify(rows.map(({ prepared, id }, i) => rowJson(prepared, i, id)))
        const ids = rows.map((r) => r.id)
        yield* sql`delete from report_audience where report_id = any(${ids}::uuid[])`
        yield* sql`
          with input as materialized (select * from jsonb_to_recordset(${json}::jsonb) as ${recordset}),
          updated as (
            update reports r set title = i.title, summary = i.summary, body = i.body, type = i.type, sector = i.sector,
                   tickers = i.tickers, tags = i.tags, channels = i.channels, author_ids = i.author_ids, rating = i.rating,
                   target_price = i.target_price, target_currency = i.target_currency, status = i.status,
                   published_at = case when i.status in ('published', 'archived') then coalesce(r.published_at, i.published_at, now()) else r.published_at end,
                   disclosures = case when i.status in ('published', 'archived') then coalesce(r.disclosures, ${standardDisclosures}) else r.disclosures end,
                   version = r.version + 1, updated_at = now()
            from input i where r.id = i.id
            returning r.id, r.version
          ),
          audience as (
            insert into report_audience (report_id, company_id, team_id, embargo_hours)
            select i.id, (e->>'companyId')::uuid, (e->>'teamId')::uuid, (e->>'embargoHours')::int
            from input i cross join lateral jsonb_array_elements(i.audience) e
          )
          insert into report_revisions (report_id, version, fields, note, saved_by)
          select u.id, u.version, i.fields, 'Imported (update)', ${me} from updated u join input i on i.id = u.id`
      })

    const withTransaction = sql.withTransaction

    return {
      claimBatch,
      storeResult,
      claimExternalIds,
      existingReports,
      insertMany,
      updateMany,
      withTransaction,
    } as const
  }),
}) {}
