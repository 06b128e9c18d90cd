import { SqlClient } from "@effect/sql"
import {
  type Actor,
  type Grant,
  type KpiImportRequest,
  type KpiImportResult,
  type KpiRowIssue,
  periodFrequency,
  periodOrder,
} from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { KpisRepo, type StoredMetric, type ValueInput } from "./repo.js"

interface ValueRow extends ValueInput {
  readonly line: number
}

const metricKey = (symbol: string, name: string) => `${symbol}\u0000${name.toLowerCase()}`

/** Carries a dry run's result out of the transaction it rolls back. */
class DryRun {
  readonly _tag = "DryRun"
  constructor(readonly result: KpiImportResult) {}
}

/**
 * One batch of KPI values (at most `kpiImportBatchSize`), in one transaction: each row is checked
 * against what is stored — the ticker exists, an analyst covers it, a known metric's unit and
 * frequency agree, a new metric names its unit, no value twice — and refused by line and field,
 * while the good rows are written. A value equal to the stored one is left alone, so a second run
 * of a file changes nothing. A dry run rolls its transaction back after counting.
 */
export class KpiImporter extends Effect.Service<KpiImporter>()("@folio/server/KpiImporter", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* KpisRepo
    const audit = yield* Audit

    const run = (actor: Actor, grant: Grant, request: KpiImportRequest) =>
      Effect.gen(function* () {
        const rejected: Array<KpiRowIssue> = []
        const reject = (line: number, field: string, message: string) =>
          rejected.push({ line, field, message })
        const symbols = [...new Set(request.rows.map((row) => row.value.ticker))]
        const known = new Set(yield* repo.knownTickers(symbols))
        const covered =
          grant === "all" ? undefined : new Set(yield* repo.coveredTickers(actor.user.id, symbols))
        // Metrics named by the batch, locked so two imports defining the same one wait for each other.
        const metrics = new Map<string, StoredMetric>()
        for (const m of yield* repo.lockMetrics(symbols)) {
          metrics.set(metricKey(m.symbol, m.name), m)
        }
        let metricsCreated = 0
        const values: Array<ValueRow> = []
        const seen = new Map<string, number>()
        for (const { line, value: row } of [...request.rows].sort((a, b) => a.line - b.line)) {
          if (!known.has(row.ticker)) {
            reject(
              line,
              "ticker",
              `No ticker ${row.ticker}; add it on the Tickers screen or with folio tickers import first`,
            )
            continue
          }
          if (covered !== undefined && !covered.has(row.ticker)) {
            reject(
              line,
              "ticker",
              `You do not cover ${row.ticker}; analysts import KPIs only for tickers they cover`,
            )
            continue
          }
          const frequency = periodFrequency(row.period)!
          const key = metricKey(row.ticker, row.metric)
          let metric = metrics.get(key)
          if (metric !== undefined) {
            if (row.unit !== undefined && row.unit.toLowerCase() !== metric.unit.toLowerCase()) {
              reject(
                line,
                "unit",
                `${row.ticker} ${metric.name} is in "${metric.unit}"; this row says "${row.unit}"`,
              )
              continue
            }
            if (frequency !== metric.frequency) {
              reject(
                line,
                "period",
                `${row.ticker} ${metric.name} is ${metric.frequency}; ${row.period} is ${frequency === "annual" ? "an" : "a"} ${frequency} period`,
              )
              continue
            }
          } else {
            if (row.unit === undefined) {
              reject(
                line,
                "unit",
                `unit is required the first time a metric is named: ${row.ticker} has no metric "${row.metric}" yet`,
              )
              continue
            }
            const created = yield* repo.insertMetric(row.ticker, row.metric, row.unit, frequency)
            if (created === undefined) {
              // Another import defined it meanwhile: take theirs and check this row against it.
              metric = (yield* repo.findMetric(row.ticker, row.metric))!
            } else {
              metric = { id: created, name: row.metric, unit: row.unit, frequency }
              metricsCreated += 1
            }
            metrics.set(key, metric)
          }
          const valueKey = `${metric.id}\u0000${row.period}\u0000${row.kind}`
          const earlier = seen.get(valueKey)
          if (earlier !== undefined) {
            reject(
              line,
              "period",
              `The ${row.kind} of ${row.ticker} ${metric.name} for ${row.period} is already on line ${earlier}`,
            )
            continue
          }
          seen.set(valueKey, line)
          values.push({
            line,
            metricId: metric.id,
            period: row.period,
            periodOrder: periodOrder(row.period),
            kind: row.kind,
            value: row.value,
            source: row.source === undefined || row.source === "" ? null : row.source,
          })
        }
        const outcomes = values.length === 0 ? [] : yield* repo.writeValues(values, actor.user.id)
        const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length
        const result: KpiImportResult = {
          created: count("created"),
          updated: count("updated"),
          unchanged: count("unchanged"),
          metricsCreated,
          rejected,
          dryRun: request.dryRun,
        }
        if (request.dryRun) return yield* Effect.fail(new DryRun(result))
        if (result.created + result.updated + metricsCreated > 0) {
          yield* audit.record({
            action: "kpi.import",
            actor: actor.user,
            target: { type: "kpi", id: symbols.slice(0, 20).join(",") },
            after: { ...result, rejected: rejected.length },
          })
        }
        return result
      }).pipe(
        sql.withTransaction,
        Effect.catchTag("DryRun", (dry) => Effect.succeed(dry.result)),
        Effect.catchTag("SqlError", Effect.die),
      )

    return { run } as const
  }),
  dependencies: [KpisRepo.Default, Audit.Default],
}) {}
