import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { FolioApi, refuseForeignServerErrors, sendEncodedRows } from "@folio/core"
import { type Cause, Duration, Effect } from "effect"
import { CliError } from "./cliError.js"
import { readCredential } from "./credentials.js"
import { type ClientFailure, describeFailure, requestTimeoutSeconds } from "./failures.js"
import { cliVersion } from "./version.js"

/** Where `npm start` serves Folio unless told otherwise. */
export const defaultUrl = "http://127.0.0.1:3000"

export type UrlSource = "flag" | "env" | "credential" | "default"
export type TokenSource = "env" | "credential"

/** The server a command talks to and the credential it presents there, with where each came from. */
export interface Target {
  readonly url: string
  readonly urlSource: UrlSource
  readonly token: string | null
  readonly tokenSource: TokenSource | null
  /** The email stored by `folio login`, when the stored credential is the one in use. */
  readonly email: string | null
}

/** `localhost:3000` → `http://localhost:3000`; trailing slashes, queries and fragments dropped. */
export const normalizeUrl = (raw: string, source: UrlSource): Effect.Effect<string, CliError> => {
  const trimmed = raw.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`
  const from = source === "flag" ? "--url" : source === "env" ? "FOLIO_URL" : "the stored credential"
  return Effect.try({
    try: () => new URL(withScheme),
    catch: () =>
      new CliError({
        code: "InvalidUrl",
        message: `${from} is not a valid URL: ${JSON.stringify(raw)}.`,
        hint: "Use a URL like http://127.0.0.1:3000.",
      }),
  }).pipe(
    Effect.filterOrFail(
      (url) => url.protocol === "http:" || url.protocol === "https:",
      (url) =>
        new CliError({
          code: "InvalidUrl",
          message: `${from} must be an http:// or https:// URL, not ${url.protocol}.`,
        }),
    ),
    Effect.map((url) => `${url.origin}${url.pathname.replace(/\/+$/, "")}`),
  )
}

/**
 * Why a token cannot be sent as a bearer header, or null. Tokens are printable ASCII without
 * spaces; anything else (a control character, a line break pasted inside) is refused here instead
 * of surfacing as a network failure.
 */
const tokenProblem = (token: string): string | null => {
  const index = [...token].findIndex((char) => !/^[\x21-\x7e]$/.test(char))
  if (index === -1) return null
  const char = [...token][index] ?? ""
  const code = char.codePointAt(0) ?? 0
  const what =
    code < 0x20 || code === 0x7f
      ? `a control character (U+${code.toString(16).toUpperCase().padStart(4, "0")})`
      : char === " "
        ? "a space"
        : `the character "${char}"`
  return `it holds ${what} at position ${index + 1}; a token is printable ASCII without spaces`
}

/**
 * `--url`, else `FOLIO_URL`, else the stored credential's URL, else the local default.
 * The token is `FOLIO_TOKEN`, else the stored one — but a stored token is only ever sent to the
 * URL it was issued by, so `--url elsewhere` never leaks it.
 */
export const resolveTarget = (flags: {
  readonly url?: string | undefined
}): Effect.Effect<Target, CliError> =>
  Effect.gen(function* () {
    const stored = yield* readCredential
    const envUrl = process.env.FOLIO_URL || undefined
    // Surrounding whitespace (a pasted line break) is dropped, as HTTP header values drop it.
    const envToken = process.env.FOLIO_TOKEN?.trim() || undefined
    const [rawUrl, urlSource]: readonly [string, UrlSource] =
      flags.url !== undefined
        ? [flags.url, "flag"]
        : envUrl !== undefined
          ? [envUrl, "env"]
          : stored !== null
            ? [stored.url, "credential"]
            : [defaultUrl, "default"]
    const url = yield* normalizeUrl(rawUrl, urlSource)
    if (envToken !== undefined) {
      const problem = tokenProblem(envToken)
      if (problem !== null)
        return yield* Effect.fail(
          new CliError({
            code: "InvalidToken",
            message: `FOLIO_TOKEN is malformed: ${problem}.`,
            hint: 'Set FOLIO_TOKEN to the token alone, e.g. FOLIO_TOKEN="$(cat ci.token)".',
          }),
        )
      return { url, urlSource, token: envToken, tokenSource: "env", email: null }
    }
    const storedUrl =
      stored === null
        ? null
        : yield* normalizeUrl(stored.url, "credential").pipe(Effect.orElseSucceed(() => null))
    if (stored !== null && storedUrl === url)
      return { url, urlSource, token: stored.token, tokenSource: "credential", email: stored.email }
    return { url, urlSource, token: null, tokenSource: null, email: null }
  })

export const notSignedIn = (): CliError =>
  new CliError({
    code: "NotSignedIn",
    message: "Not signed in.",
    hint: "Run `folio login --url URL --email EMAIL` (or `--token`), or set FOLIO_URL and FOLIO_TOKEN.",
  })

/** The target, which must have a credential: every command but doctor and login needs one. */
export const signedInTarget = (flags: {
  readonly url?: string | undefined
}): Effect.Effect<Target, CliError> =>
  resolveTarget(flags).pipe(Effect.filterOrFail((target) => target.token !== null, notSignedIn))

const buildClient = (target: Pick<Target, "url" | "token">) =>
  HttpApiClient.make(FolioApi, {
    baseUrl: target.url,
    transformClient: (client) =>
      refuseForeignServerErrors(client).pipe(
        sendEncodedRows,
        HttpClient.mapRequest((request) => {
          const identified = HttpClientRequest.setHeader(request, "user-agent", `folio-cli/${cliVersion}`)
          return target.token === null ? identified : HttpClientRequest.bearerToken(identified, target.token)
        }),
      ),
  }).pipe(Effect.provide(FetchHttpClient.layer))

/** Clients already built, per server and credential: building one walks the whole contract. */
const clients = new Map<string, Effect.Effect.Success<ReturnType<typeof buildClient>>>()

/** The typed client for the target, built once per server and credential in a process. */
export const makeClient = (target: Pick<Target, "url" | "token">) =>
  Effect.suspend(() => {
    const key = `${target.url}\n${target.token ?? ""}`
    const built = clients.get(key)
    if (built !== undefined) return Effect.succeed(built)
    return buildClient(target).pipe(Effect.tap((client) => Effect.sync(() => clients.set(key, client))))
  })

export type FolioClient = Effect.Effect.Success<ReturnType<typeof makeClient>>

/**
 * Runs one typed request against the target. Every failure — transport, timeout, a typed API
 * error, an answer that does not decode — becomes a CliError carrying the server's own message.
 */
export const call = <A, E extends ClientFailure>(
  target: Pick<Target, "url" | "token" | "tokenSource">,
  request: (client: FolioClient) => Effect.Effect<A, E>,
  options: { readonly timeoutSeconds?: number } = {},
): Effect.Effect<A, CliError> => {
  const seconds = options.timeoutSeconds ?? requestTimeoutSeconds
  return send(target, request, seconds).pipe(Effect.mapError(describeFailure(target, seconds)))
}

/**
 * The same request with its failures left typed, for callers that retry the transient ones
 * (see `isTransient`) before describing the last.
 */
export const send = <A, E extends ClientFailure>(
  target: Pick<Target, "url" | "token">,
  request: (client: FolioClient) => Effect.Effect<A, E>,
  timeoutSeconds: number = requestTimeoutSeconds,
): Effect.Effect<A, E | Cause.TimeoutException> =>
  makeClient(target).pipe(Effect.flatMap(request), Effect.timeout(Duration.seconds(timeoutSeconds)))

/** Times an effect in milliseconds of wall clock. */
export const timed = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<readonly [A, number], E> =>
  Effect.suspend(() => {
    const started = performance.now()
    return Effect.map(effect, (value) => [value, Math.round(performance.now() - started)] as const)
  })
