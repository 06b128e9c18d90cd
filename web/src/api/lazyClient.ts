import { FetchHttpClient, HttpApiClient } from "@effect/platform"
import { LazyApi } from "@folio/core"
import { Effect, ManagedRuntime } from "effect"
import { settle, withFolioHeaders } from "./client"

/**
 * The client of core's `LazyApi` (readership, analytics, the dashboard's questions): imported
 * only from inside query functions (`lazyApi`), so those groups' schemas load with the first
 * screen that asks, not with the console. Same headers and errors as `callApi`.
 */
export class LazyClient extends Effect.Service<LazyClient>()("@folio/web/LazyClient", {
  effect: HttpApiClient.make(LazyApi, { baseUrl: "", transformClient: withFolioHeaders }),
  dependencies: [FetchHttpClient.layer],
}) {}

const runtime = ManagedRuntime.make(LazyClient.Default)

export const callLazyApi = <A, E>(call: (client: LazyClient) => Effect.Effect<A, E>): Promise<A> =>
  runtime.runPromiseExit(Effect.flatMap(LazyClient, call)).then(settle)
