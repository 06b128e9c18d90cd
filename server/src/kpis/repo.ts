import { SqlClient, type Statement } from "@effect/sql"
import {
  type KpiFrequency,
  type KpiMetric,
  type KpiPeriodValues,
  type KpiTickerListParams,
  type KpiTickerSummary,
  kpiSurprise,
  NotFound,
  type TickerKpis,
} from "@folio/core"
import { Effect } from "effect"
import { containsPattern } from "../db/keyset.js"

interface ValueRow {
  readonly metricId: string
  readonly period: string
  readonly kind: "actual" | "estimate"
  readonly value: number
  readonly source: string | null
  readonly updatedAt: Date
}

/** A metric's values, one entry per period (oldest first) holding its actual and its estimate. */
const periodsOf = (values: ReadonlyArray<ValueRow>): Array<KpiPeriodValues> => {
  const byPeriod = new Map<string, { -readonly [K in keyof KpiPeriodValues]: KpiPeriodValues[K] }>()
  for (const v of values) {
    const entry = byPeriod.get(v.period) ?? {
      period: v.period,
      actual: null,
      estimate: null,
      surprise: null,
      actualSource: null,
      estimateSource: null,
      updatedAt: v.updatedAt,
    }
    if (v.kind === "actual") {
      entry.actual = v.value
      entry.actualSource = v.source
    } else {
      entry.estimate = v.value
      entry.estimateSource = v.source
    }
    if (v.updatedAt > entry.updatedAt) entry.updatedAt = v.updatedAt
    byPeriod.set(v.period, entry)
  }
  return [...byPeriod.values()].map((entry) => ({
    ...entry,
    surprise: kpiSurprise(entry.actual, entry.estimate),
  }))
}

/** A metric as the importer checks rows against it. */
export interface StoredMetric {
  readonly id: string
  readonly name: string
  readonly unit: string
  readonly frequency: KpiFrequency
}

/** One value an import writes. */
export interface ValueInput {
  readonly metricId: string
  readonly period: string
  readonly periodOrder: number
  readonly kind: string
  readonly value: number
  readonly source: string | null
}

/** KPI metrics and their values, per ticker, as stored. */
export class KpisRepo extends Effect.Service<KpisRepo>()("@folio/server/KpisRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const tickers = (params: KpiTickerListParams) =>
      Effect.gen(function* () {
        const clauses: Array<Statement.Fragment> = []
        if (params.sector) clauses.push(sql`t.sector = ${params.sector}`)
        if (params.q) {
          clauses.push(
            sql`(t.symbol like ${`${params.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or lower(t.name) like ${containsPattern(params.q)})`,
          )
        }
        const items = yield* sql<KpiTickerSummary>`
          select t.symbol, t.name as ticker_name, t.sector,
                 count(distinct m.id)::int as metrics, count(v.metric_id)::int as values,
                 (select v2.period from kpi_values v2 join kpi_metrics m2 on m2.id = v2.metric_id
                  where m2.symbol = t.symbol and v2.kind = 'actual'
                  order by v2.period_order desc limit 1) as latest_actual,
                 greatest(max(m.updated_at), max(v.updated_at)) as updated_at
          from kpi_metrics m
          join tickers t on t.symbol = m.symbol
          left join kpi_values v on v.metric_id = m.id
          where ${clauses.length > 0 ? sql.and(clauses) : sql`true`}
          group by t.symbol, t.name, t.sector
          order by t.symbol`.pipe(Effect.orDie)
        return { items }
      })

    const forTicker = (symbol: string) =>
      Effect.gen(function* () {
        const ticker = (yield* sql<{ name: string; currency: string }>`
          select name, currency from tickers where symbol = ${symbol}`.pipe(Effect.orDie))[0]
        if (ticker === undefined) return yield* new NotFound({ message: `No ticker ${symbol}.` })
        const metrics = yield* sql<{
          id: string
          name: string
          unit: string
          frequency: KpiFrequency
          updatedAt: Date
        }>`
          select id, name, unit, frequency, updated_at from kpi_metrics
          where symbol = ${symbol} order by lower(name)`.pipe(Effect.orDie)
        const values =
          metrics.length === 0
            ? []
            : yield* sql<ValueRow>`
                select metric_id, period, kind, value, source, updated_at from kpi_values
                where metric_id = any(${metrics.map((m) => m.id)}::uuid[])
                order by period_order, period`.pipe(Effect.orDie)
        const byMetric = new Map<string, Array<ValueRow>>()
        for (const v of values) {
          const list = byMetric.get(v.metricId)
          if (list === undefined) byMetric.set(v.metricId, [v])
          else list.push(v)
        }
        return {
          symbol,
          tickerName: ticker.name,
          currency: ticker.currency,
          metrics: metrics.map((m): KpiMetric => {
            const periods = periodsOf(byMetric.get(m.id) ?? [])
            const newest = new Date(
              Math.max(m.updatedAt.getTime(), ...periods.map((p) => p.updatedAt.getTime())),
            )
            return { ...m, symbol, values: periods, updatedAt: newest }
          }),
        } satisfies TickerKpis
      })

    /** Those of `symbols` that are tickers. */
    const knownTickers = (symbols: ReadonlyArray<string>) =>
      sql<{
        symbol: string
      }>`select symbol from tickers where symbol = any(${symbols}::text[])`.pipe(
        Effect.map((rows) => rows.map((r) => r.symbol)),
      )

    /** Those of `symbols` the analyst covers now. */
    const coveredTickers = (analystId: string, symbols: ReadonlyArray<string>) =>
      sql<{ symbol: string }>`
                  select symbol from coverage
                  where analyst_id = ${analystId} and dropped_at is null and symbol = any(${symbols}::text[])`.pipe(
        Effect.map((rows) => rows.map((r) => r.symbol)),
      )

    /** The metrics of `symbols`, locked to the end of the transaction. */
    const lockMetrics = (symbols: ReadonlyArray<string>) =>
      sql<StoredMetric & { symbol: string }>`
          select id, symbol, name, unit, frequency from kpi_metrics
          where symbol = any(${symbols}::text[]) for update`

    /** A new metric's id; none when the ticker has one of that name already. */
    const insertMetric = (symbol: string, name: string, unit: string, frequency: KpiFrequency) =>
      sql<{ id: string }>`
              insert into kpi_metrics (symbol, name, unit, frequency)
              values (${symbol}, ${name}, ${unit}, ${frequency})
              on conflict (symbol, lower(name)) do nothing
              returning id`.pipe(Effect.map((rows) => rows[0]?.id))

    /** The ticker's metric of that name, whatever its case. */
    const findMetric = (symbol: string, name: string) =>
      sql<StoredMetric>`
                select id, name, unit, frequency from kpi_metrics
                where symbol = ${symbol} and lower(name) = lower(${name})`.pipe(Effect.map((rows) => rows[0]))

    /**
     * Writes the values, by `updatedBy`: each new one created, each changed one updated, each equal
     * to the stored one left alone; what became of each, in order.
     */
    const writeValues = (values: ReadonlyArray<ValueInput>, updatedBy: string) =>
      sql<{ outcome: "created" | "updated" | "unchanged" }>`
                with input as (
                  select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
                    as x("metricId" uuid, period text, "periodOrder" int, kind text, value double precision, source text)
                ),
                before as (
                  select v.metric_id, v.period, v.kind from kpi_values v
                  join input i on i."metricId" = v.metric_id and i.period = v.period and i.kind = v.kind
                ),
                written as (
                  insert into kpi_values (metric_id, period, period_order, kind, value, source, updated_by)
                  select "metricId", period, "periodOrder", kind, value, source, ${updatedBy}::uuid from input
                  on conflict (metric_id, period, kind) do update set
                    value = excluded.value, source = excluded.source, updated_by = excluded.updated_by, updated_at = now()
                  where (kpi_values.value, kpi_values.source) is distinct from (excluded.value, excluded.source)
                  returning metric_id, period, kind
                )
                select case when b.metric_id is null then 'created' when w.metric_id is not null then 'updated'
                            else 'unchanged' end as outcome
                from input i
                left join before b on b.metric_id = i."metricId" and b.period = i.period and b.kind = i.kind
                left join written w on w.metric_id = i."metricId" and w.period = i.period and w.kind = i.kind`

    return {
      tickers,
      forTicker,
      knownTickers,
      coveredTickers,
      lockMetrics,
      insertMetric,
      findMetric,
      writeValues,
    } as const
  }),
}) {}
