import { HttpApp, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { RateLimited } from "@folio/core"
import { Effect } from "effect"

export interface Limit {
  readonly key: string
  readonly max: number
  readonly windowSeconds: number
}

/**
 * The attempts one `take` counted, one per limit, so `release` can give exactly those back. The
 * window start is PostgreSQL's text of it: a `Date` would drop its microseconds.
 */
export type Taken = ReadonlyArray<{ readonly key: string; readonly windowStart: string }>

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** How long to wait, as the "Try again in …" of a 429's message says it. */
export const waitPhrase = (seconds: number): string =>
  seconds === 1 ? "1 second" : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every server instance.
 *
 * `take` counts an attempt and checks it in one statement per limit: the row is locked while it
 * is counted, so of any number of parallel attempts exactly the allowed number get through (a
 * check before counting let 11 of 40 parallel wrong passwords through a limit of 5). A refused
 * attempt counts nowhere. `release` gives back what a `take` counted, for an attempt that turned
 * out not to count (a sign-in that succeeded, an invitation that was refused).
 */
export class RateLimits extends Effect.Service<RateLimits>()("@folio/server/RateLimits", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** One more attempt on `limit`, unless it is at its maximum: the window start when counted. */
    const count = (limit: Limit) =>
      sql<{ windowStart: string }>`
        insert into rate_limits as r (key, window_start, hits) values (${limit.key}, now(), 1)
        on conflict (key) do update set
          hits = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                      then 1 else r.hits + 1 end,
          window_start = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                              then now() else r.window_start end
        where r.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) or r.hits < ${limit.max}
        returning window_start::text`.pipe(Effect.map((rows) => rows[0]?.windowStart))

    const release = (taken: Taken) =>
      Effect.forEach(
        taken,
        // Only in the window it was counted in: a new window owes nothing to the old one.
        ({ key, windowStart }) =>
          sql`update rate_limits set hits = hits - 1
              where key = ${key} and window_start = ${windowStart}::timestamptz and hits > 0`,
        { discard: true },
      ).pipe(Effect.orDie)

    const refuse = (limit: Limit, what: string) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ resetsInMs: number }>`
          select extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::float8
                 * 1000 as resets_in_ms
          from rate_limits where key = ${limit.key}`
        const retryAfter = seconds(rows[0]?.resetsInMs ?? limit.windowSeconds * 1000)
        const wait = String(retryAfter)
        yield* HttpApp.appendPreResponseHandler((_request, response) =>
          Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", wait)),
        )
        return yield* new RateLimited({
          message: `Too many attempts to ${what}. Try again in ${waitPhrase(retryAfter)}.`,
          retryAfterSeconds: retryAfter,
        })
      })

    /**
     * Counts one attempt against every limit, or fails with `RateLimited` (and a Retry-After
     * header) without counting it when any limit is reached. Limits are taken in key order, so
     * two requests sharing keys never wait on each other's rows in opposite orders.
     */
    const take = (limits: ReadonlyArray<Limit>, what: string) =>
      Effect.gen(function* () {
        const taken: Array<Taken[number]> = []
        const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        for (const limit of sorted) {
          const windowStart = yield* count(limit)
          if (windowStart === undefined) {
            yield* release(taken)
            return yield* refuse(limit, what)
          }
          taken.push({ key: limit.key, windowStart })
        }
        const counted: Taken = taken
        return counted
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    return { take, release } as const
  }),
}) {}
