import { SqlClient } from "@effect/sql"
import {
  type Actor,
  type DropCoverage,
  Forbidden,
  type Grant,
  NotFound,
  type SetCoverage,
  ValidationError,
} from "@folio/core"
import { Effect } from "effect"
import { Audit } from "../audit/audit.js"
import type { ReportReach } from "../reports/reach.js"
import { sameCall } from "./calls.js"
import { type Call, CoverageRepo } from "./repo.js"

/** Roles that may hold coverage: the publisher's research staff. */
const coveringRoles = new Set(["analyst", "editor", "admin"])

export class CoverageService extends Effect.Service<CoverageService>()("@folio/server/Coverage", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* CoverageRepo
    const audit = yield* Audit

    /** The analyst a change is for, checked against the caller's grant and the directory. */
    const analystFor = (actor: Actor, grant: Grant, analystId: string | undefined) =>
      Effect.gen(function* () {
        const id = analystId ?? actor.user.id
        if (grant !== "all" && id !== actor.user.id) {
          return yield* new Forbidden({ message: "Analysts may change only their own coverage." })
        }
        const user = yield* repo.analyst(id)
        if (user === undefined || user.kind !== "publisher" || !coveringRoles.has(user.role)) {
          return yield* ValidationError.field(
            "analystId",
            "Coverage is held by the publisher's analysts, editors or admins; this user is not one.",
          )
        }
        if (user.status === "disabled") {
          return yield* ValidationError.field(
            "analystId",
            `${user.name} is disabled and cannot take coverage.`,
          )
        }
        return { id, name: user.name }
      })

    const tickerCurrency = (symbol: string) =>
      repo
        .ticker(symbol)
        .pipe(
          Effect.flatMap((row) =>
            row === undefined
              ? Effect.fail(new NotFound({ message: `No ticker ${symbol}.` }))
              : Effect.succeed(row.currency),
          ),
        )

    const current = (symbol: string, analystId: string, reach: ReportReach) =>
      repo.find(symbol, analystId, reach).pipe(Effect.map((row) => row!))

    /** Initiates coverage or changes the call; a call equal to the current one writes nothing. */
    const set = (actor: Actor, grant: Grant, input: SetCoverage, reach: ReportReach) =>
      Effect.gen(function* () {
        const currency = yield* tickerCurrency(input.symbol)
        const analyst = yield* analystFor(actor, grant, input.analystId)
        const stored = yield* repo.lockCall(input.symbol, analyst.id)
        const active = stored !== undefined && stored.droppedAt === null
        const targetPrice =
          input.targetPrice === undefined ? (active ? stored.targetPrice : null) : input.targetPrice
        const to: Call = {
          rating: input.rating,
          targetPrice,
          targetCurrency:
            targetPrice === null
              ? null
              : (input.targetCurrency ?? (active ? stored.targetCurrency : null) ?? currency),
        }
        if (active && sameCall(stored, to)) return yield* current(input.symbol, analyst.id, reach)
        const kind = active ? "change" : "initiate"
        yield* repo.writeCall({
          symbol: input.symbol,
          analystId: analyst.id,
          kind,
          by: actor.user.id,
          from: active ? stored : null,
          to,
          reportId: null,
          note: input.note ?? null,
        })
        yield* audit.record({
          action: kind === "initiate" ? "coverage.initiate" : "coverage.change",
          actor: actor.user,
          target: { type: "coverage", id: `${input.symbol}/${analyst.id}` },
          before: active
            ? {
                rating: stored.rating,
                targetPrice: stored.targetPrice,
                targetCurrency: stored.targetCurrency,
              }
            : null,
          after: { ...to, analyst: analyst.name },
        })
        return yield* current(input.symbol, analyst.id, reach)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    /** Ends coverage; the row and its history stay. */
    const drop = (actor: Actor, grant: Grant, input: DropCoverage, reach: ReportReach) =>
      Effect.gen(function* () {
        yield* tickerCurrency(input.symbol)
        const analyst = yield* analystFor(actor, grant, input.analystId)
        const stored = yield* repo.lockCall(input.symbol, analyst.id)
        if (stored === undefined || stored.droppedAt !== null) {
          return yield* new NotFound({ message: `${analyst.name} does not cover ${input.symbol}.` })
        }
        yield* repo.writeCall({
          symbol: input.symbol,
          analystId: analyst.id,
          kind: "drop",
          by: actor.user.id,
          from: stored,
          to: null,
          reportId: null,
          note: input.note ?? null,
        })
        yield* audit.record({
          action: "coverage.drop",
          actor: actor.user,
          target: { type: "coverage", id: `${input.symbol}/${analyst.id}` },
          before: {
            rating: stored.rating,
            targetPrice: stored.targetPrice,
            targetCurrency: stored.targetCurrency,
          },
          after: null,
        })
        return yield* current(input.symbol, analyst.id, reach)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    return {
      list: repo.list,
      history: repo.history,
      distribution: repo.ratingDistribution,
      set,
      drop,
    } as const
  }),
  dependencies: [CoverageRepo.Default, Audit.Default],
}) {}
