import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Blackout,
  type BlackoutInput,
  NotFound,
  RestrictedTicker,
  ValidationError,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { Audit } from "../audit/audit.js"

const decodeBlackouts = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(Blackout)))
const decodeRestricted = Schema.decodeUnknown(Schema.Array(Schema.typeSchema(RestrictedTicker)))

/**
 * The rules that stop releases: blackout (quiet) periods and the restricted-ticker list. They are
 * read where a release is decided (blocks.ts); here they are kept, each change audited.
 */
export class ReleaseRules extends Effect.Service<ReleaseRules>()("@folio/server/ReleaseRules", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const audit = yield* Audit

    const blackouts = (params: { from?: Date | undefined; to?: Date | undefined }) =>
      sql`
        select b.id, b.starts_at, b.ends_at, b.ticker, b.reason, u.name as created_by, b.created_at
        from blackouts b left join users u on u.id = b.created_by
        where b.ends_at > ${params.from ?? new Date()}
          ${params.to ? sql`and b.starts_at < ${params.to}` : sql``}
        order by b.starts_at, b.id limit 1000`.pipe(Effect.flatMap(decodeBlackouts), Effect.orDie)

    const addBlackout = (actor: Actor, input: BlackoutInput) =>
      Effect.gen(function* () {
        if (input.ticker) {
          const known = yield* sql`select 1 from tickers where symbol = ${input.ticker}`
          if (known.length === 0)
            return yield* ValidationError.field("ticker", `Unknown ticker ${input.ticker}`)
        }
        const rows = yield* sql<{ id: string }>`
          insert into blackouts (starts_at, ends_at, ticker, reason, created_by)
          values (${input.startsAt}, ${input.endsAt}, ${input.ticker}, ${input.reason}, ${actor.user.id})
          returning id`
        const id = rows[0]!.id
        yield* audit.record({
          action: "blackout.add",
          actor: actor.user,
          target: { type: "blackout", id },
          after: {
            startsAt: input.startsAt.toISOString(),
            endsAt: input.endsAt.toISOString(),
            ticker: input.ticker,
            reason: input.reason,
          },
        })
        const all = yield* blackouts({ from: new Date(0) })
        return all.find((b) => b.id === id)!
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const removeBlackout = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ reason: string }>`delete from blackouts where id = ${id} returning reason`
        if (rows.length === 0) return yield* new NotFound({ message: "No such blackout period." })
        yield* audit.record({
          action: "blackout.remove",
          actor: actor.user,
          target: { type: "blackout", id },
          before: { reason: rows[0]!.reason },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const restricted = sql`
      select t.symbol, t.reason, u.name as created_by, t.created_at
      from restricted_tickers t left join users u on u.id = t.created_by order by t.symbol`.pipe(
      Effect.flatMap(decodeRestricted),
      Effect.orDie,
    )

    const restrict = (actor: Actor, symbol: string, reason: string) =>
      Effect.gen(function* () {
        const known = yield* sql`select 1 from tickers where symbol = ${symbol}`
        if (known.length === 0) return yield* new NotFound({ message: `No ticker ${symbol}.` })
        yield* sql`
          insert into restricted_tickers (symbol, reason, created_by) values (${symbol}, ${reason}, ${actor.user.id})
          on conflict (symbol) do update set reason = excluded.reason`
        yield* audit.record({
          action: "ticker.restrict",
          actor: actor.user,
          target: { type: "ticker", id: symbol },
          after: { reason },
        })
        return (yield* restricted).find((r) => r.symbol === symbol)!
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const unrestrict = (actor: Actor, symbol: string) =>
      Effect.gen(function* () {
        const rows = yield* sql`delete from restricted_tickers where symbol = ${symbol} returning symbol`
        if (rows.length === 0)
          return yield* new NotFound({ message: `${symbol} is not on the restricted list.` })
        yield* audit.record({
          action: "ticker.unrestrict",
          actor: actor.user,
          target: { type: "ticker", id: symbol },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return { blackouts, addBlackout, removeBlackout, restricted, restrict, unrestrict } as const
  }),
  dependencies: [Audit.Default],
}) {}
