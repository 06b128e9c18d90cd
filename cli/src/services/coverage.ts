import {
  type Coverage,
  type CoverageChange,
  CoverageListParams,
  type CoverageSort,
  DropCoverage,
  type Rating,
  SetCoverage,
  TargetPrice,
  TickerSymbol,
  UserId,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { defined, resolveUser } from "./lookup.js"
import { decodeInput } from "./validate.js"

/**
 * `folio coverage`: who covers which ticker with what call. Analysts are named by email, name or
 * id (resolved through the user directory); the server decides who may change whose coverage.
 */

interface Flags {
  readonly url?: string | undefined
}

/** The analyst a change is about: the one named, else the caller (as the server assumes too). */
const analystOf = (target: Target, analyst: string | undefined): Effect.Effect<UserId, CliError> =>
  analyst === undefined
    ? call(target, (client) => client.session.me()).pipe(Effect.map((me) => UserId.make(me.user.id)))
    : resolveUser(target, "--analyst", analyst).pipe(Effect.map((user) => UserId.make(user.id)))

/**
 * The analyst a filter names, for reads: an id as it is; else the directory (email or name), and
 * when the caller may not search it (readers see only their own user), the names of the analysts
 * in the rating distribution, which everyone may read.
 */
const filterAnalystOf = (target: Target, ref: string): Effect.Effect<UserId, CliError> => {
  const text = ref.trim()
  if (UserId.pipe(Schema.is)(text)) return Effect.succeed(text)
  return resolveUser(target, "--analyst", text).pipe(
    Effect.map((user) => UserId.make(user.id)),
    Effect.catchAll((error) =>
      call(target, (client) => client.coverage.distribution()).pipe(
        Effect.flatMap((distribution) => {
          const named = distribution.byAnalyst.find((a) => a.analystName.toLowerCase() === text.toLowerCase())
          return named === undefined ? Effect.fail(error) : Effect.succeed(named.analystId)
        }),
        Effect.catchAll(() => Effect.fail(error)),
      ),
    ),
  )
}

const symbolOf = (ticker: string) => decodeInput(TickerSymbol, ticker, { "": "<ticker>" })

export interface CoverageListInput extends Flags {
  readonly ticker?: string | undefined
  readonly analyst?: string | undefined
  readonly sector?: string | undefined
  readonly rating?: Rating | undefined
  readonly includeDropped: boolean
  readonly sort?: CoverageSort | undefined
}

export interface CoverageListResult {
  readonly url: string
  readonly coverage: ReadonlyArray<Coverage>
  readonly truncated: boolean
  readonly includeDropped: boolean
}

export const listCoverage = (input: CoverageListInput): Effect.Effect<CoverageListResult, CliError> =>
  Effect.gen(function* () {
    const flags = { symbol: "--ticker", sector: "--sector", rating: "--rating", sort: "--sort" }
    const checked = yield* decodeInput(
      CoverageListParams,
      defined({
        symbol: input.ticker,
        sector: input.sector,
        rating: input.rating,
        sort: input.sort,
        includeDropped: input.includeDropped ? "true" : undefined,
      }),
      flags,
    )
    const target = yield* signedInTarget(input)
    const analyst = input.analyst === undefined ? undefined : yield* filterAnalystOf(target, input.analyst)
    const list = yield* call(target, (client) =>
      client.coverage.list({ urlParams: { ...checked, ...defined({ analyst }) } }),
    )
    return {
      url: target.url,
      coverage: list.items,
      truncated: list.truncated,
      includeDropped: input.includeDropped,
    }
  })

export interface SetCoverageInput extends Flags {
  readonly ticker: string
  readonly rating: Rating
  /** A price, `none` to clear it; left out, the current target is kept. */
  readonly target?: string | undefined
  readonly currency?: string | undefined
  readonly analyst?: string | undefined
  readonly note?: string | undefined
}

export interface CoverageSet {
  readonly url: string
  /** What was: null when the analyst did not cover the ticker (never, or dropped). */
  readonly before: Coverage | null
  readonly coverage: Coverage
  readonly change: "initiated" | "changed" | "unchanged"
}

const price = /^[+-]?(?:\d+\.?\d*|\.\d+)$/

const targetOf = (text: string | undefined): Effect.Effect<number | null | undefined, CliError> => {
  if (text === undefined) return Effect.succeed(undefined)
  const trimmed = text.trim()
  if (trimmed.toLowerCase() === "none") return Effect.succeed(null)
  if (!price.test(trimmed))
    return Effect.fail(
      new CliError({
        code: "UsageError",
        message: `--target takes a price such as 215.5, or none to clear it (got ${JSON.stringify(text)}).`,
        exitCode: 2,
      }),
    )
  // Alone, so that a refusal is the price's own words, not every branch of the payload's union.
  return decodeInput(TargetPrice, Number(trimmed), { "": "--target" })
}

/** The analyst's current row for the ticker (dropped ones count as none). */
const currentRow = (target: Target, symbol: string, analyst: UserId) =>
  call(target, (client) =>
    client.coverage.list({ urlParams: { symbol, analyst, includeDropped: false } }),
  ).pipe(
    Effect.map(
      (list) => list.items.find((row) => row.analystId === analyst && row.droppedAt === null) ?? null,
    ),
  )

const sameCall = (a: Coverage, b: Coverage): boolean =>
  a.rating === b.rating && a.targetPrice === b.targetPrice && a.targetCurrency === b.targetCurrency

/**
 * `folio coverage set`: initiates coverage or changes it. The row before is read first, so the
 * result can say what changed; a target left out keeps the current one (the API's payload would
 * clear it), `--target none` clears it.
 */
export const setCoverage = (input: SetCoverageInput): Effect.Effect<CoverageSet, CliError> =>
  Effect.gen(function* () {
    const targetPrice = yield* targetOf(input.target)
    const flags = {
      symbol: "<ticker>",
      rating: "--rating",
      targetPrice: "--target",
      targetCurrency: "--currency",
      note: "--note",
    }
    // Checked before any request, so a typo fails without one.
    const shape = {
      symbol: input.ticker,
      rating: input.rating,
      ...defined({ targetPrice, targetCurrency: input.currency, note: input.note }),
    }
    yield* decodeInput(SetCoverage, shape, flags)
    const target = yield* signedInTarget(input)
    const analystId = yield* analystOf(target, input.analyst)
    const symbol = yield* symbolOf(input.ticker)
    const before = yield* currentRow(target, symbol, analystId)
    const keepTarget = targetPrice === undefined && before !== null && before.targetPrice !== null
    const payload = yield* decodeInput(
      SetCoverage,
      {
        ...shape,
        analystId,
        ...(keepTarget
          ? { targetPrice: before.targetPrice, targetCurrency: input.currency ?? before.targetCurrency }
          : {}),
      },
      flags,
    )
    const coverage = yield* call(target, (client) => client.coverage.set({ payload }))
    return {
      url: target.url,
      before,
      coverage,
      change: before === null ? "initiated" : sameCall(before, coverage) ? "unchanged" : "changed",
    }
  })

export interface CoverageDropped {
  readonly url: string
  readonly coverage: Coverage
}

export const dropCoverage = (
  input: Flags & {
    readonly ticker: string
    readonly analyst?: string | undefined
    readonly note?: string | undefined
  },
): Effect.Effect<CoverageDropped, CliError> =>
  Effect.gen(function* () {
    const flags = { symbol: "<ticker>", note: "--note" }
    const shape = { symbol: input.ticker, ...defined({ note: input.note }) }
    yield* decodeInput(DropCoverage, shape, flags)
    const target = yield* signedInTarget(input)
    const analystId = yield* analystOf(target, input.analyst)
    const payload = yield* decodeInput(DropCoverage, { ...shape, analystId }, flags)
    const coverage = yield* call(target, (client) => client.coverage.drop({ payload }))
    return { url: target.url, coverage }
  })

export interface CoverageHistoryResult {
  readonly url: string
  readonly symbol: string
  readonly changes: ReadonlyArray<CoverageChange>
}

export const coverageHistory = (
  input: Flags & { readonly ticker: string; readonly analyst?: string | undefined },
): Effect.Effect<CoverageHistoryResult, CliError> =>
  Effect.gen(function* () {
    const symbol = yield* symbolOf(input.ticker)
    const target = yield* signedInTarget(input)
    const analyst = input.analyst === undefined ? undefined : yield* filterAnalystOf(target, input.analyst)
    const history = yield* call(target, (client) =>
      client.coverage.history({ urlParams: { symbol, ...defined({ analyst }) } }),
    )
    return { url: target.url, symbol, changes: history.items }
  })
