/**
 * `folio blackouts` and `folio restricted`: the quiet periods and the restricted-ticker list
 * that stop releases. Adding either also says which scheduled releases it will hold.
 */
import {
  type Blackout,
  BlackoutId,
  BlackoutInput,
  type Release,
  type RestrictedTicker,
  RestrictTicker,
  TickerSymbol,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { defined } from "./lookup.js"
import { farFuture, parseBound, parseTimeArgument } from "./schedule.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

const usage = (message: string, hint?: string): CliError =>
  new CliError({ code: "UsageError", message, hint, exitCode: 2 })

export interface BlackoutList {
  readonly url: string
  readonly blackouts: ReadonlyArray<Blackout>
}

export const listBlackouts = (
  input: Flags & { readonly from?: string | undefined; readonly to?: string | undefined },
): Effect.Effect<BlackoutList, CliError> =>
  Effect.gen(function* () {
    const from = yield* parseBound("--from", input.from)
    const to = yield* parseBound("--to", input.to)
    const target = yield* signedInTarget(input)
    const blackouts = yield* call(target, (client) =>
      client.releases.blackouts({ urlParams: defined({ from, to }) }),
    )
    return { url: target.url, blackouts }
  })

/** Scheduled releases a new rule will stop: in the period (when it has one) and about the ticker (when it has one). */
const affected = (
  target: Target,
  rule: { readonly ticker: string | null; readonly startsAt?: Date; readonly endsAt?: Date },
): Effect.Effect<ReadonlyArray<Release>, CliError> =>
  call(target, (client) => client.releases.schedule({ urlParams: { from: new Date(), to: farFuture } })).pipe(
    Effect.map((releases) =>
      releases.filter(
        (release) =>
          release.status === "scheduled" &&
          (rule.ticker === null || release.tickers.includes(rule.ticker)) &&
          (rule.startsAt === undefined || release.releaseAt.getTime() >= rule.startsAt.getTime()) &&
          (rule.endsAt === undefined || release.releaseAt.getTime() < rule.endsAt.getTime()),
      ),
    ),
  )

export interface AddedBlackout {
  readonly url: string
  readonly blackout: Blackout
  /** Scheduled releases inside it: held when they come due, until an editor acts. */
  readonly held: ReadonlyArray<Release>
}

export const addBlackout = (
  input: Flags & {
    readonly from: string
    readonly to: string
    readonly reason: string
    readonly ticker?: string | undefined
  },
): Effect.Effect<AddedBlackout, CliError> =>
  Effect.gen(function* () {
    const startsAt = yield* parseTimeArgument("--from", input.from)
    const endsAt = yield* parseTimeArgument("--to", input.to)
    const payload = yield* decodeInput(
      BlackoutInput,
      {
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        ticker: input.ticker === undefined ? null : input.ticker.trim().toUpperCase(),
        reason: input.reason,
      },
      { startsAt: "--from", endsAt: "--to", ticker: "--ticker", reason: "--reason" },
    )
    const target = yield* signedInTarget(input)
    const blackout = yield* call(target, (client) => client.releases.addBlackout({ payload }))
    const held = yield* affected(target, blackout)
    return { url: target.url, blackout, held }
  })

export interface RemovedBlackout {
  readonly url: string
  readonly id: string
  /** The period, when it was still listed (it had not ended). */
  readonly blackout: Blackout | null
}

export const removeBlackout = (
  input: Flags & { readonly id: string },
): Effect.Effect<RemovedBlackout, CliError> =>
  Effect.gen(function* () {
    const blackoutId = yield* Schema.decodeUnknown(BlackoutId)(input.id.trim()).pipe(
      Effect.mapError(() =>
        usage(
          `A blackout is named by its id (a UUID), not ${JSON.stringify(input.id)}.`,
          "See the ids with `folio blackouts list`.",
        ),
      ),
    )
    const target = yield* signedInTarget(input)
    const listed = yield* call(target, (client) => client.releases.blackouts({ urlParams: {} }))
    yield* call(target, (client) => client.releases.removeBlackout({ path: { blackoutId } }))
    return {
      url: target.url,
      id: blackoutId,
      blackout: listed.find((entry) => entry.id === blackoutId) ?? null,
    }
  })

export interface RestrictedList {
  readonly url: string
  readonly restricted: ReadonlyArray<RestrictedTicker>
}

export const listRestricted = (input: Flags): Effect.Effect<RestrictedList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const restricted = yield* call(target, (client) => client.releases.restricted())
    return { url: target.url, restricted }
  })

const parseSymbol = (raw: string): Effect.Effect<typeof TickerSymbol.Type, CliError> =>
  Schema.decodeUnknown(TickerSymbol)(raw.trim().toUpperCase()).pipe(
    Effect.mapError(() =>
      usage(
        `${JSON.stringify(raw)} is not a ticker symbol.`,
        "A symbol is 1–12 letters, digits, '.' or '-', like AAPL or BRK.B.",
      ),
    ),
  )

export interface Restricted {
  readonly url: string
  readonly restricted: RestrictedTicker
  readonly held: ReadonlyArray<Release>
}

export const restrictTicker = (
  input: Flags & { readonly symbol: string; readonly reason: string },
): Effect.Effect<Restricted, CliError> =>
  Effect.gen(function* () {
    const symbol = yield* parseSymbol(input.symbol)
    const payload = yield* decodeInput(RestrictTicker, { reason: input.reason }, { reason: "--reason" })
    const target = yield* signedInTarget(input)
    const restricted = yield* call(target, (client) =>
      client.releases.restrict({ path: { symbol }, payload }),
    )
    const held = yield* affected(target, { ticker: restricted.symbol })
    return { url: target.url, restricted, held }
  })

export interface Unrestricted {
  readonly url: string
  readonly symbol: string
}

export const unrestrictTicker = (
  input: Flags & { readonly symbol: string },
): Effect.Effect<Unrestricted, CliError> =>
  Effect.gen(function* () {
    const symbol = yield* parseSymbol(input.symbol)
    const target = yield* signedInTarget(input)
    yield* call(target, (client) => client.releases.unrestrict({ path: { symbol } }))
    return { url: target.url, symbol }
  })
