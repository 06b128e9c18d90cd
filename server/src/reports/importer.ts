import {
  type Action,
  type Actor,
  grantFor,
  type ImportIssue,
  type ImportRow,
  type ReportImportRequest,
  type ReportImportResult,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { Audit } from "../audit/audit.js"
import { type ExistingReport, fieldsOf, ImportRepo, type Prepared } from "./importRepo.js"
import { ReportReferences } from "./references.js"

const statusAction: Record<string, Action> = {
  draft: "reports.import",
  in_review: "reports.import",
  approved: "reports.review",
  published: "reports.publish",
  archived: "reports.archive",
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

/** A batch's problems, one per row and field, gathered by the steps in turn. */
class Issues {
  readonly list: Array<ImportIssue> = []
  fail(row: ImportRow, field: string, message: string): void {
    this.list.push({ file: row.file, line: row.line, field, message })
  }
  /** Rows with at least one problem. */
  get failedRows(): number {
    return new Set(this.list.map((i) => `${i.file}:${i.line}`)).size
  }
  sorted(): Array<ImportIssue> {
    return this.list.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))
  }
}

/** What the batch will do: reports to create, reports to change, and how many are as stored. */
interface Plan {
  readonly toInsert: ReadonlyArray<Prepared>
  readonly toUpdate: ReadonlyArray<{ readonly prepared: Prepared; readonly id: string }>
  readonly unchanged: number
}

/** The stored report's comparable state, and the row's: equal means the upsert changes nothing. */
const storedState = (found: ExistingReport) =>
  JSON.stringify([
    {
      title: found.fields.title,
      summary: found.fields.summary,
      body: found.fields.body,
      type: found.fields.type,
      sector: found.fields.sector,
      tickers: found.fields.tickers,
      tags: found.fields.tags,
      channels: found.fields.channels,
      rating: found.fields.rating,
      targetPrice: found.fields.targetPrice,
      targetCurrency: found.fields.targetCurrency,
    },
    found.status,
    found.authorIds,
    [...found.audience].sort(),
  ])

const rowState = (p: Prepared) =>
  JSON.stringify([
    fieldsOf(p),
    p.row.record.status,
    p.authorIds,
    [...p.audience].map((a) => `${a.companyId ?? "null"}/${a.teamId ?? "null"}/${a.embargoHours}`).sort(),
  ])

/**
 * One import batch, all or nothing, in one transaction, in named steps: `replayed` answers a key
 * already applied from its record; `checkRows` checks every row against the database (tickers,
 * authors, audience, the actor's role, an externalId twice in the batch); `onePerImport` refuses an
 * externalId an earlier batch of the import sent; `planWrites` sorts the rest into inserts,
 * updates and unchanged (upsert rules, edit rights); `apply` writes them with a few set-based
 * statements (ImportRepo) and records the key's result and the audit entry. A dry run stops
 * before `apply`.
 */
export class ReportImporter extends Effect.Service<ReportImporter>()("@folio/server/ReportImporter", {
  effect: Effect.gen(function* () {
    const repo = yield* ImportRepo
    const refs = yield* ReportReferences
    const audit = yield* Audit

    const replayed = (key: string, actor: Actor, request: ReportImportRequest) =>
      Effect.gen(function* () {
        const stored = yield* repo.claimBatch(key, actor.user.id)
        if (stored === null) return null
        const result = yield* Schema.decodeUnknown(StoredResult)(stored).pipe(Effect.orDie)
        return {
          ...result,
          batchKey: request.batchKey,
          dryRun: false,
          replayed: true,
        } satisfies ReportImportResult
      })

    const checkRows = (actor: Actor, request: ReportImportRequest, issues: Issues) =>
      Effect.gen(function* () {
        const records = request.rows.map((row) => row.record)
        const knownTickers = yield* refs.tickers(records.flatMap((r) => r.tickers))
        const authorsByEmail = yield* refs.authorsByEmail(records.flatMap((r) => r.authors))
        const resolveAudience = yield* refs.audienceResolver(records.flatMap((r) => r.audience))
        const prepared: Array<Prepared> = []
        const seenExternal = new Map<string, number>()
        for (const row of request.rows) {
          const before = issues.list.length
          const r = row.record
          r.tickers.forEach((symbol, i) => {
            if (!knownTickers.has(symbol)) issues.fail(row, `tickers[${i}]`, `Unknown ticker ${symbol}`)
          })
          const authorIds: Array<string> = []
          r.authors.forEach((email, i) => {
            const id = authorsByEmail.get(email.toLowerCase())
            if (id) authorIds.push(id)
            else
              issues.fail(
                row,
                `authors[${i}]`,
                `${email} is not an analyst, editor or admin of the publisher`,
              )
          })
          if (r.authors.length === 0) authorIds.push(actor.user.id)
          const audience: Prepared["audience"][number][] = []
          r.audience.forEach((ref, i) => {
            const entry = resolveAudience(ref)
            if (typeof entry === "string") issues.fail(row, `audience[${i}]`, entry)
            else audience.push(entry)
          })
          if (
            grantFor(actor.user.role, statusAction[r.status] ?? "reports.publish") !== "all" &&
            r.status !== "draft" &&
            r.status !== "in_review"
          ) {
            issues.fail(row, "status", `Your role (${actor.user.role}) may not import reports as ${r.status}`)
          }
          if (r.externalId !== undefined) {
            const first = seenExternal.get(r.externalId)
            if (first !== undefined)
              issues.fail(
                row,
                "externalId",
                `externalId "${r.externalId}" already appears on line ${first} of this batch`,
              )
            else seenExternal.set(r.externalId, row.line)
          }
          if (issues.list.length === before) prepared.push({ row, authorIds, audience })
        }
        return prepared
      })

    const onePerImport = (
      actor: Actor,
      request: ReportImportRequest,
      prepared: ReadonlyArray<Prepared>,
      issues: Issues,
    ) =>
      Effect.gen(function* () {
        const rows = prepared.flatMap((p) =>
          p.row.record.externalId === undefined
            ? []
            : [{ externalId: p.row.record.externalId, file: p.row.file, line: p.row.line }],
        )
        if (request.importId === undefined || rows.length === 0) return prepared
        const { fresh, earlier } = yield* repo.claimExternalIds(
          actor.user.id,
          request.importId,
          request.batchKey,
          rows,
        )
        return prepared.filter((p) => {
          const ext = p.row.record.externalId
          if (ext === undefined || fresh.has(ext)) return true
          const where = earlier.get(ext)
          issues.fail(
            p.row,
            "externalId",
            `externalId "${ext}" was already sent by an earlier batch of this import${where === undefined ? "" : ` (at ${where})`}; each report may appear once per import`,
          )
          return false
        })
      })

    const planWrites = (
      actor: Actor,
      request: ReportImportRequest,
      prepared: ReadonlyArray<Prepared>,
      issues: Issues,
    ) =>
      Effect.gen(function* () {
        const externalIds = prepared.flatMap((p) =>
          p.row.record.externalId === undefined ? [] : [p.row.record.externalId],
        )
        const existing = new Map(
          (yield* repo.existingReports(externalIds)).map((row) => [row.externalId, row]),
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
            issues.fail(
              p.row,
              "externalId",
              `A report with externalId "${ext}" already exists; import with --upsert to update it`,
            )
            continue
          }
          if (rowState(p) === storedState(found)) {
            unchanged++
            continue
          }
          const own = found.createdBy === actor.user.id || found.authorIds.includes(actor.user.id)
          if (editGrant === "none" || (editGrant === "own" && (!own || found.status !== "draft"))) {
            issues.fail(
              p.row,
              "externalId",
              `You may not update the existing report "${ext}" (only your own drafts)`,
            )
            continue
          }
          toUpdate.push({ prepared: p, id: found.id })
        }
        return { toInsert, toUpdate, unchanged } satisfies Plan
      })

    const apply = (
      key: string,
      actor: Actor,
      request: ReportImportRequest,
      plan: Plan,
      result: typeof StoredResult.Type,
    ) =>
      Effect.gen(function* () {
        if (plan.toInsert.length > 0) yield* repo.insertMany(actor.user.id, plan.toInsert)
        if (plan.toUpdate.length > 0) yield* repo.updateMany(actor.user.id, plan.toUpdate)
        yield* repo.storeResult(key, result)
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
      })

    const run = (actor: Actor, request: ReportImportRequest) =>
      Effect.gen(function* () {
        const key = `${actor.user.id}:${request.batchKey}`
        if (!request.dryRun) {
          const earlier = yield* replayed(key, actor, request)
          if (earlier !== null) return earlier
        }
        const issues = new Issues()
        const checked = yield* checkRows(actor, request, issues)
        const once = yield* onePerImport(actor, request, checked, issues)
        const plan = yield* planWrites(actor, request, once, issues)
        const result = {
          created: plan.toInsert.length,
          updated: plan.toUpdate.length,
          unchanged: plan.unchanged,
          failed: issues.failedRows,
          issues: issues.sorted(),
        }
        if (!request.dryRun) yield* apply(key, actor, request, plan, result)
        return {
          ...result,
          batchKey: request.batchKey,
          dryRun: request.dryRun,
          replayed: false,
        } satisfies ReportImportResult
      }).pipe(repo.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return { run } as const
  }),
  dependencies: [ImportRepo.Default, ReportReferences.Default, Audit.Default],
}) {}
