import { HttpApp, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { RateLimited } from "@folio/core"
import { Effect } from "effect"

export interface Limit {
  readonly key: string
  readonly max: number
  readonly windowSeconds: number
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** How long to wait, as the "Try again in …" of a 429's message says it. */
export const waitPhrase = (seconds: number): string =>
  seconds === 1 ? "1 second" : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every server instance.
 * `check` refuses once a key is at its maximum; `hit` counts one more attempt.
 */
export class RateLimits extends Effect.Service<RateLimits>()("@folio/server/RateLimits", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const check = (limits: ReadonlyArray<Limit>, what: string) =>
      Effect.gen(function* () {
        if (limits.length === 0) return
        const rows = yield* sql<{ key: string; hits: number; resetsInMs: number }>`
          select key, hits, extract(epoch from (window_start - now()))::float8 * 1000 as resets_in_ms
          from rate_limits where key in ${sql.in(limits.map((l) => l.key))}`
        let retryAfter = 0
        for (const limit of limits) {
          const row = rows.find((r) => r.key === limit.key)
          if (!row) continue
          const remainingMs = row.resetsInMs + limit.windowSeconds * 1000
          if (remainingMs > 0 && row.hits >= limit.max)
            retryAfter = Math.max(retryAfter, seconds(remainingMs))
        }
        if (retryAfter > 0) {
          const wait = String(retryAfter)
          yield* HttpApp.appendPreResponseHandler((_request, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", wait)),
          )
          return yield* new RateLimited({
            message: `Too many attempts to ${what}. Try again in ${waitPhrase(retryAfter)}.`,
            retryAfterSeconds: retryAfter,
          })
        }
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const hit = (limits: ReadonlyArray<Limit>) =>
      Effect.forEach(
        limits,
        (limit) => sql`
          insert into rate_limits (key, window_start, hits) values (${limit.key}, now(), 1)
          on conflict (key) do update set
            hits = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                        then 1 else rate_limits.hits + 1 end,
            window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                        then now() else rate_limits.window_start end`,
        { discard: true },
      ).pipe(Effect.orDie)

    return { check, hit } as const
  }),
}) {}
