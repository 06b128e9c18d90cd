import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Conflict,
  NotFound,
  type TickerImportRequest,
  type TickerInput,
  type TickerListParams,
  type UpdateTicker,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import type { ReportReach } from "../reports/reach.js"
import { TickersRepo } from "./repo.js"

const tickerNotFound = (symbol: string) => new NotFound({ message: `No ticker ${symbol}.` })

export class Tickers extends Effect.Service<Tickers>()("@folio/server/Tickers", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* TickersRepo
    const audit = yield* Audit

    const get = (symbol: string, reach: ReportReach) =>
      repo
        .find(symbol, reach)
        .pipe(
          Effect.flatMap(
            Option.match({ onNone: () => Effect.fail(tickerNotFound(symbol)), onSome: Effect.succeed }),
          ),
        )

    const create = (actor: Actor, input: TickerInput) =>
      Effect.gen(function* () {
        const created = yield* repo.insert(input)
        if (!created) return yield* new Conflict({ message: `The ticker ${input.symbol} already exists.` })
        yield* audit.record({
          action: "ticker.create",
          actor: actor.user,
          target: { type: "ticker", id: input.symbol },
          after: input,
        })
        return yield* get(input.symbol, { kind: "staff" }).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const update = (actor: Actor, symbol: string, patch: UpdateTicker) =>
      Effect.gen(function* () {
        const before = yield* get(symbol, { kind: "staff" })
        const fields = {
          name: patch.name ?? before.name,
          exchange: patch.exchange ?? before.exchange,
          sector: patch.sector ?? before.sector,
          currency: patch.currency ?? before.currency,
          country: patch.country ?? before.country,
          active: patch.active ?? before.active,
          paidRelationship: patch.paidRelationship ?? before.paidRelationship,
        }
        yield* repo.update(symbol, fields)
        const { reportCount: _a, createdAt: _b, updatedAt: _c, ...beforeFields } = before
        yield* audit.record({
          action: "ticker.update",
          actor: actor.user,
          target: { type: "ticker", id: symbol },
          before: beforeFields,
          after: { symbol, ...fields },
        })
        return yield* get(symbol, { kind: "staff" })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    /** All rows in one transaction; a dry run rolls it back after counting. */
    const importMany = (actor: Actor, request: TickerImportRequest) =>
      Effect.gen(function* () {
        const bySymbol = new Map<string, TickerInput>()
        for (const row of request.rows) bySymbol.set(row.ticker.symbol, row.ticker)
        const outcomes = yield* repo.upsert([...bySymbol.values()])
        const count = (o: string) => outcomes.filter((x) => x.outcome === o).length
        const result = {
          created: count("created"),
          updated: count("updated"),
          unchanged: count("unchanged"),
          dryRun: request.dryRun,
        }
        if (request.dryRun) return yield* Effect.fail(new DryRun({ result }))
        yield* audit.record({
          action: "ticker.import",
          actor: actor.user,
          target: { type: "ticker", id: "import" },
          after: result,
        })
        return result
      }).pipe(
        sql.withTransaction,
        Effect.catchTag("DryRun", (dry) => Effect.succeed(dry.result)),
        Effect.catchTag("SqlError", Effect.die),
      )

    const list = (params: TickerListParams, reach: ReportReach) => repo.list(params, reach)

    return { list, get, create, update, importMany } as const
  }),
  dependencies: [TickersRepo.Default, Audit.Default],
}) {}

/** Rolls a dry run's transaction back while carrying its counts out. */
class DryRun {
  readonly _tag = "DryRun"
  constructor(
    readonly props: {
      readonly result: { created: number; updated: number; unchanged: number; dryRun: boolean }
    },
  ) {}
  get result() {
    return this.props.result
  }
}
