import { SqlClient } from "@effect/sql"
import {
  type Action,
  type Actor,
  grantFor,
  type ImportIssue,
  type ImportRow,
  type ReportImportRequest,
  type ReportImportResult,
  standardDisclosures,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { ReportReferences } from "./references.js"
import type { AudienceWrite } from "./repo.js"

const statusAction: Record<string, Action> = {
  draft: "reports.import",
  in_review: "reports.import",
  approved: "reports.review",
  published: "reports.publish",
  archived: "reports.archive",
}

interface Prepared {
  readonly row: ImportRow
  readonly authorIds: ReadonlyArray<string>
  readonly audience: ReadonlyArray<AudienceWrite>
}

interface Existing {
  readonly id: string
  readonly externalId: string
  readonly status: string
  readonly createdBy: string | null
  readonly authorIds: ReadonlyArray<string>
  readonly state: string
}

const fieldsOf = (p: Prepared) => {
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

const StoredResult = Schema.Struct({
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
  failed: Schema.Int,
  issues: Schema.Array(
    Schema.Struct({ file: Schema.String, line: Schema.Int, field: Schema.String, message: Schema.String }),
  ),
})

/**
 * One import batch, all or nothing, in one transaction: validate every row against the database
 * (tickers, authors, audience, permissions, existing externalIds), then insert the new rows and
 * update the changed ones with a few set-based statements. The batch key is recorded in the same
 * transaction, so a batch re-sent after an interruption is answered from the record, not redone.
 */
export class ReportImporter extends Effect.Service<ReportImporter>()("@folio/server/ReportImporter", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const refs = yield* ReportReferences
    const audit = yield* Audit

    const claim = (key: string, userId: string) =>
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

    /**
     * The batch's externalIds that no other batch of its import sent: each is recorded under the
     * import, and one recorded by another batch is left out. The batch's own earlier try (the same
     * key) does not count, so a retried dry run is not refused. Without an importId: all of them.
     */
    const notSentBefore = (userId: string, request: ReportImportRequest, prepared: ReadonlyArray<Prepared>) =>
      Effect.gen(function* () {
        const rows = prepared.flatMap((p) => (p.row.record.externalId === undefined ? [] : [p.row]))
        if (request.importId === undefined || rows.length === 0)
          return {
            fresh: new Set(rows.map((row) => row.record.externalId as string)),
            earlier: new Map<string, string>(),
          }
        const claimed = yield* sql<{ externalId: string }>`
          insert into import_external_ids (user_id, import_id, external_id, batch_key, file, line)
          select ${userId}, ${request.importId}, x.external_id, ${request.batchKey}, x.file, x.line
          from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ external_id: row.record.externalId, file: row.file, line: row.line })))}::jsonb)
            as x(external_id text, file text, line int)
          on conflict (user_id, import_id, external_id) do update set line = excluded.line
            where import_external_ids.batch_key = excluded.batch_key
          returning external_id`
        const fresh = new Set(claimed.map((row) => row.externalId))
        const repeated = rows.flatMap((row) =>
          fresh.has(row.record.externalId as string) ? [] : [row.record.externalId as string],
        )
        const earlier =
          repeated.length === 0
            ? []
            : yield* sql<{ externalId: string; file: string; line: number }>`
                select external_id, file, line from import_external_ids
                where user_id = ${userId} and import_id = ${request.importId} and external_id = any(${repeated}::text[])`
        return { fresh, earlier: new Map(earlier.map((row) => [row.externalId, `${row.file}:${row.line}`])) }
      })

    const run = (actor: Actor, request: ReportImportRequest) =>
      Effect.gen(function* () {
        const key = `${actor.user.id}:${request.batchKey}`
        if (!request.dryRun) {
          const stored = yield* claim(key, actor.user.id)
          if (stored !== null) {
            const result = yield* Schema.decodeUnknown(StoredResult)(stored).pipe(Effect.orDie)
            return {
              ...result,
              batchKey: request.batchKey,
              dryRun: false,
              replayed: true,
            } satisfies ReportImportResult
          }
        }
        const issues: Array<ImportIssue> = []
        const fail = (row: ImportRow, field: string, message: string) =>
          issues.push({ file: row.file, line: row.line, field, message })
        const records = request.rows.map((row) => row.record)

        const knownTickers = yield* refs.tickers(records.flatMap((r) => r.tickers))
        const authorsByEmail = yield* refs.authorsByEmail(records.flatMap((r) => r.authors))
        const resolveAudience = yield* refs.audienceResolver(records.flatMap((r) => r.audience))

        const prepared: Array<Prepared> = []
        const seenExternal = new Map<string, number>()
        for (const row of request.rows) {
          const before = issues.length
          const r = row.record
          r.tickers.forEach((symbol, i) => {
            if (!knownTickers.has(symbol)) fail(row, `tickers[${i}]`, `Unknown ticker ${symbol}`)
          })
          const authorIds: Array<string> = []
          r.authors.forEach((email, i) => {
            const id = authorsByEmail.get(email.toLowerCase())
            if (id) authorIds.push(id)
            else fail(row, `authors[${i}]`, `${email} is not an analyst, editor or admin of the publisher`)
          })
          if (r.authors.length === 0) authorIds.push(actor.user.id)
          const audience: Array<AudienceWrite> = []
          r.audience.forEach((ref, i) => {
            const entry = resolveAudience(ref)
            if (typeof entry === "string") fail(row, `audience[${i}]`, entry)
            else audience.push(entry)
          })
          if (
            grantFor(actor.user.role, statusAction[r.status] ?? "reports.publish") !== "all" &&
            r.status !== "draft" &&
            r.status !== "in_review"
          ) {
            fail(row, "status", `Your role (${actor.user.role}) may not import reports as ${r.status}`)
          }
          if (r.externalId !== undefined) {
            const first = seenExternal.get(r.externalId)
            if (first !== undefined)
              fail(
                row,
                "externalId",
                `externalId "${r.externalId}" already appears on line ${first} of this batch`,
              )
            else seenExternal.set(r.externalId, row.line)
          }
          if (issues.length === before) prepared.push({ row, authorIds, audience })
        }

        const { fresh, earlier } = yield* notSentBefore(actor.user.id, request, prepared)
        const kept = prepared.filter((p) => {
          const ext = p.row.record.externalId
          if (ext === undefined || fresh.has(ext)) return true
          const where = earlier.get(ext)
          fail(
            p.row,
            "externalId",
            `externalId "${ext}" was already sent by an earlier batch of this import${where === undefined ? "" : ` (at ${where})`}; each report may appear once per import`,
          )
          return false
        })
        prepared.splice(0, prepared.length, ...kept)
        const externalIds = prepared.flatMap((p) =>
          p.row.record.externalId !== undefined ? [p.row.record.externalId] : [],
        )
        const existingRows =
          externalIds.length === 0
            ? []
            : yield* sql<{
                id: string
                externalId: string
                status: string
                createdBy: string | null
                authorIds: ReadonlyArray<string>
                fields: unknown
                audience: ReadonlyArray<string>
              }>`
                select r.id, r.external_id, r.status, r.created_by, r.author_ids,
                       jsonb_build_object('title', r.title, 'summary', r.summary, 'body', r.body, 'type', r.type,
                         'sector', r.sector, 'tickers', r.tickers, 'tags', r.tags, 'channels', r.channels,
                         'rating', r.rating, 'targetPrice', r.target_price, 'targetCurrency', r.target_currency) as fields,
                       coalesce((select array_agg(coalesce(a.company_id::text, 'null') || '/' || coalesce(a.team_id::text, 'null') || '/' || a.embargo_hours)
                                 from report_audience a where a.report_id = r.id), '{}') as audience
                from reports r where r.external_id = any(${externalIds}::text[])
                for update`
        const existing = new Map<string, Existing>(
          existingRows.map((row) => {
            const f = row.fields as Record<string, unknown>
            const fields = {
              title: f.title,
              summary: f.summary,
              body: f.body,
              type: f.type,
              sector: f.sector,
              tickers: f.tickers,
              tags: f.tags,
              channels: f.channels,
              rating: f.rating,
              targetPrice: f.targetPrice,
              targetCurrency: f.targetCurrency,
            }
            const state = JSON.stringify([fields, row.status, row.authorIds, [...row.audience].sort()])
            return [
              row.externalId,
              {
                id: row.id,
                externalId: row.externalId,
                status: row.status,
                createdBy: row.createdBy,
                authorIds: row.authorIds,
                state,
              },
            ]
          }),
        )

        const toInsert: Array<Prepared> = []
        const toUpdate: Array<{ prepared: Prepared; id: string }> = []
        let unchanged = 0
        const editGrant = grantFor(actor.user.role, "reports.edit")
        for (const p of prepared) {
          const ext = p.row.record.externalId
          const found = ext !== undefined ? existing.get(ext) : undefined
          if (!found) {
            toInsert.push(p)
            continue
          }
          if (!request.upsert) {
            fail(
              p.row,
              "externalId",
              `A report with externalId "${ext}" already exists; import with --upsert to update it`,
            )
            continue
          }
          if (sameState(p, found)) {
            unchanged++
            continue
          }
          const own = found.createdBy === actor.user.id || found.authorIds.includes(actor.user.id)
          if (editGrant === "none" || (editGrant === "own" && (!own || found.status !== "draft"))) {
            fail(
              p.row,
              "externalId",
              `You may not update the existing report "${ext}" (only your own drafts)`,
            )
            continue
          }
          toUpdate.push({ prepared: p, id: found.id })
        }

        const result = {
          created: toInsert.length,
          updated: toUpdate.length,
          unchanged,
          failed: new Set(issues.map((i) => `${i.file}:${i.line}`)).size,
          issues: issues.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)),
        }
        if (request.dryRun)
          return {
            ...result,
            batchKey: request.batchKey,
            dryRun: true,
            replayed: false,
          } satisfies ReportImportResult

        if (toInsert.length > 0) yield* insertMany(actor.user.id, toInsert)
        if (toUpdate.length > 0) yield* updateMany(actor.user.id, toUpdate)
        yield* sql`update import_batches set result = ${JSON.stringify(result)}::jsonb where batch_key = ${key}`
        yield* audit.record({
          action: "report.import",
          actor: actor.user,
          target: { type: "import", id: request.batchKey },
          after: {
            created: result.created,
            updated: result.updated,
            unchanged: result.unchanged,
            failed: result.failed,
          },
        })
        return {
          ...result,
          batchKey: request.batchKey,
          dryRun: false,
          replayed: false,
        } satisfies ReportImportResult
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const sameState = (p: Prepared, found: Existing) => {
      const audience = [...p.audience]
        .map((a) => `${a.companyId ?? "null"}/${a.teamId ?? "null"}/${a.embargoHours}`)
        .sort()
      return JSON.stringify([fieldsOf(p), p.row.record.status, p.authorIds, audience]) === found.state
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

    const recordset = sql`
      x(ord int, id uuid, external_id text, title text, summary text, body text, type text, sector text,
        tickers text[], tags text[], channels text[], author_ids uuid[], rating text, target_price float8,
        target_currency text, status text, published_at timestamptz, audience jsonb, fields jsonb)`

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

    return { run } as const
  }),
  dependencies: [ReportReferences.Default, Audit.Default],
}) {}
