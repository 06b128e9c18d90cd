import type { Effect } from "effect"
import type { LazyClient } from "./lazyClient"

/**
 * A call of core's `LazyApi` (groups only a few screens use), its client and those groups'
 * schemas loaded on the first call (lazyClient.ts) rather than with the console. Settles like
 * `callApi`.
 */
export const lazyApi = <A, E>(call: (client: LazyClient) => Effect.Effect<A, E>): Promise<A> =>
  import("./lazyClient").then(({ callLazyApi }) => callLazyApi(call))
