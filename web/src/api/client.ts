import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { ConsoleApi, refuseForeignServerErrors, sendEncodedRows } from "@folio/core"
import { Cause, Effect, Exit, ManagedRuntime } from "effect"
import { noteServerDeployment } from "./deployment"
import { folioHeaders } from "./requestHeaders"

const safeMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"])

/** Every request names the console's deployment; writes also carry the CSRF token. */
export const withFolioHeaders = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  refuseForeignServerErrors(client).pipe(
    sendEncodedRows,
    HttpClient.mapRequest((request) =>
      HttpClientRequest.setHeaders(request, folioHeaders(!safeMethods.has(request.method))),
    ),
    HttpClient.tap((response) => Effect.sync(() => noteServerDeployment(response.headers))),
  )

/**
 * The typed client derived from core's contract, but for the groups loaded with their screens
 * (lazyClient.ts); the same origin serves the console and the API.
 */
export class FolioClient extends Effect.Service<FolioClient>()("@folio/web/FolioClient", {
  effect: HttpApiClient.make(ConsoleApi, { baseUrl: "", transformClient: withFolioHeaders }),
  dependencies: [FetchHttpClient.layer],
}) {}

const runtime = ManagedRuntime.make(FolioClient.Default)

/**
 * Runs one API call and settles a Promise for TanStack Query. A failure rejects with the error
 * itself — the contract's tagged error (`Unauthorized`, `InternalServerError`…), a `ParseError`
 * for a response of the wrong shape, or an `HttpClientError` — so callers can match on it.
 */
export const callApi = <A, E>(call: (client: FolioClient) => Effect.Effect<A, E>): Promise<A> =>
  runtime.runPromiseExit(Effect.flatMap(FolioClient, call)).then(settle)

/** A call's outcome as a Promise settles: its value, or the error itself (see `callApi`). */
export const settle = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}
