import { SqlClient } from "@effect/sql"
import { type Actor, type BlackoutInput, NotFound, ValidationError } from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import { ReleasesRepo } from "./repo.js"

/**
 * The rules that stop releases: blackout (quiet) periods and the restricted-ticker list. They are
 * read where a release is decided (blocks.ts); here they are kept, each change audited.
 */
export class ReleaseRules extends Effect.Service<ReleaseRules>()("@folio/server/ReleaseRules", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ReleasesRepo
    const audit = yield* Audit

    const addBlackout = (actor: Actor, input: BlackoutInput) =>
      Effect.gen(function* () {
        if (input.ticker) {
          if (!(yield* repo.tickerExists(input.ticker)))
            return yield* ValidationError.field("ticker", `Unknown ticker ${input.ticker}`)
        }
        const id = yield* repo.insertBlackout(input, actor.user.id)
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
        const all = yield* repo.blackouts({ from: new Date(0) })
        return all.find((b) => b.id === id)!
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const removeBlackout = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const reason = yield* repo.deleteBlackout(id)
        if (reason === undefined) return yield* new NotFound({ message: "No such blackout period." })
        yield* audit.record({
          action: "blackout.remove",
          actor: actor.user,
          target: { type: "blackout", id },
          before: { reason },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const restrict = (actor: Actor, symbol: string, reason: string) =>
      Effect.gen(function* () {
        if (!(yield* repo.tickerExists(symbol)))
          return yield* new NotFound({ message: `No ticker ${symbol}.` })
        yield* repo.restrict(symbol, reason, actor.user.id)
        yield* audit.record({
          action: "ticker.restrict",
          actor: actor.user,
          target: { type: "ticker", id: symbol },
          after: { reason },
        })
        return (yield* repo.restricted).find((r) => r.symbol === symbol)!
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const unrestrict = (actor: Actor, symbol: string) =>
      Effect.gen(function* () {
        if (!(yield* repo.unrestrict(symbol)))
          return yield* new NotFound({ message: `${symbol} is not on the restricted list.` })
        yield* audit.record({
          action: "ticker.unrestrict",
          actor: actor.user,
          target: { type: "ticker", id: symbol },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return {
      blackouts: repo.blackouts,
      addBlackout,
      removeBlackout,
      restricted: repo.restricted,
      restrict,
      unrestrict,
    } as const
  }),
  dependencies: [ReleasesRepo.Default, Audit.Default],
}) {}
