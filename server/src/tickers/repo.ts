import { SqlClient, type Statement } from "@effect/sql"
import {
  decodeCursor,
  encodeCursor,
  Ticker,
  type TickerInput,
  type TickerListParams,
  ValidationError,
} from "@folio/core"
import { Effect, Option, Schema } from "effect"
import { containsPattern, defaultPageSize } from "../db/keyset.js"
import { type ReportReach, reachClause } from "../reports/reach.js"

const TickerRow = Schema.Struct({
  ...Ticker.fields,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf,
})
const decodeRows = Schema.decodeUnknown(Schema.Array(TickerRow))

export class TickersRepo extends Effect.Service<TickersRepo>()("@folio/server/TickersRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** `reportCount` counts only the reports the caller may read. */
    const select = (reach: ReportReach, where: Statement.Fragment, tail: Statement.Fragment = sql``) =>
      sql`
        select t.symbol, t.name, t.exchange, t.sector, t.currency, t.country, t.active, t.paid_relationship,
               (select count(*)::int from reports r where r.tickers @> array[t.symbol] and ${reachClause(sql, reach)}) as report_count,
               t.created_at, t.updated_at
        from tickers t
        where ${where}
        ${tail}`.pipe(Effect.flatMap(decodeRows), Effect.orDie)

    const list = (params: TickerListParams, reach: ReportReach) =>
      Effect.gen(function* () {
        const limit = params.limit ?? defaultPageSize
        const clauses: Array<Statement.Fragment> = []
        if (params.cursor !== undefined) {
          const after = decodeCursor(params.cursor)
          if (!after || typeof after[0] !== "string") {
            return yield* ValidationError.field(
              "cursor",
              "The page cursor is not valid; start again from the first page.",
            )
          }
          clauses.push(sql`t.symbol > ${after[0]}`)
        }
        if (params.sector) clauses.push(sql`t.sector = ${params.sector}`)
        if (params.active !== undefined) clauses.push(sql`t.active = ${params.active}`)
        if (params.q) {
          clauses.push(
            sql`(t.symbol like ${`${params.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or lower(t.name) like ${containsPattern(params.q)})`,
          )
        }
        const rows = yield* select(
          reach,
          clauses.length ? sql.and(clauses) : sql`true`,
          sql`order by t.symbol limit ${limit + 1}`,
        )
        const items = rows.slice(0, limit)
        const last = items.at(-1)
        return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.symbol]) : null }
      })

    const find = (symbol: string, reach: ReportReach) =>
      select(reach, sql`t.symbol = ${symbol}`).pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

    /** Inserts or updates by symbol; says per symbol whether it was new, changed or already so. */
    const upsert = (tickers: ReadonlyArray<TickerInput>) =>
      sql<{ symbol: string; outcome: "created" | "updated" | "unchanged" }>`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(tickers)}::jsonb)
            as x(symbol text, name text, exchange text, sector text, currency text, country text, active boolean,
                 paid_relationship boolean)
        ),
        before as (select t.* from tickers t join input i using (symbol)),
        written as (
          insert into tickers (symbol, name, exchange, sector, currency, country, active, paid_relationship)
          select symbol, name, exchange, sector, currency, country, active, coalesce(paid_relationship, false) from input
          on conflict (symbol) do update set
            name = excluded.name, exchange = excluded.exchange, sector = excluded.sector,
            currency = excluded.currency, country = excluded.country, active = excluded.active,
            -- A row that leaves the flag out keeps the stored one.
            paid_relationship = coalesce((select i.paid_relationship from input i where i.symbol = excluded.symbol), tickers.paid_relationship),
            updated_at = now()
          where (tickers.name, tickers.exchange, tickers.sector, tickers.currency, tickers.country, tickers.active, tickers.paid_relationship)
            is distinct from (excluded.name, excluded.exchange, excluded.sector, excluded.currency, excluded.country, excluded.active,
              coalesce((select i.paid_relationship from input i where i.symbol = excluded.symbol), tickers.paid_relationship))
          returning symbol
        )
        select i.symbol,
               case when b.symbol is null then 'created' when w.symbol is not null then 'updated' else 'unchanged' end as outcome
        from input i left join before b using (symbol) left join written w using (symbol)`.pipe(Effect.orDie)

    const insert = (ticker: TickerInput) =>
      sql<{ symbol: string }>`
        insert into tickers (symbol, name, exchange, sector, currency, country, active, paid_relationship)
        values (${ticker.symbol}, ${ticker.name}, ${ticker.exchange}, ${ticker.sector}, ${ticker.currency}, ${ticker.country}, ${ticker.active},
                ${ticker.paidRelationship ?? false})
        on conflict (symbol) do nothing
        returning symbol`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length > 0),
      )

    const update = (
      symbol: string,
      fields: Omit<TickerInput, "symbol" | "paidRelationship"> & { paidRelationship: boolean },
    ) =>
      sql`
        update tickers set name = ${fields.name}, exchange = ${fields.exchange}, sector = ${fields.sector},
               currency = ${fields.currency}, country = ${fields.country}, active = ${fields.active},
               paid_relationship = ${fields.paidRelationship}, updated_at = now()
        where symbol = ${symbol}`.pipe(Effect.orDie, Effect.asVoid)

    /** The symbols of the list that exist (any state); used to check reports' tickers. */
    const existing = (symbols: ReadonlyArray<string>) =>
      symbols.length === 0
        ? Effect.succeed(new Set<string>())
        : sql<{
            symbol: string
          }>`select symbol from tickers where symbol = any(${[...symbols]}::text[])`.pipe(
            Effect.orDie,
            Effect.map((rows) => new Set(rows.map((r) => r.symbol))),
          )

    return { list, find, upsert, insert, update, existing } as const
  }),
}) {}
