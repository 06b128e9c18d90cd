import { apiTokenPrefix, Email, type Me } from "@folio/core"
import { Effect, ParseResult, Schema } from "effect"
import { call, resolveTarget, signedInTarget, type Target, type TokenSource } from "../api.js"
import { CliError } from "../cliError.js"
import { credentialPath, deleteCredential, readCredential, writeCredential } from "../credentials.js"

/** The slice of the signed-in user the CLI shows; never the token. */
export interface Identity {
  readonly url: string
  readonly source: TokenSource | null
  readonly user: { readonly id: string; readonly email: string; readonly name: string; readonly role: string }
  readonly company: {
    readonly id: string
    readonly name: string
    readonly slug: string
    readonly kind: string
  }
}

const identity = (target: Pick<Target, "url" | "tokenSource">, me: Me): Identity => ({
  url: target.url,
  source: target.tokenSource,
  user: { id: me.user.id, email: me.user.email, name: me.user.name, role: me.user.role },
  company: { id: me.company.id, name: me.company.name, slug: me.company.slug, kind: me.company.kind },
})

export interface LoginTarget {
  readonly url: string
  readonly email: Email
}

/** Checks the address and the email before anyone is asked for a password. */
export const loginTarget = (flags: {
  readonly url?: string | undefined
  readonly email: string
}): Effect.Effect<LoginTarget, CliError> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(flags)
    const email = yield* Schema.decodeUnknown(Email)(flags.email).pipe(
      Effect.mapError(
        (error) =>
          new CliError({
            code: "ValidationError",
            message: `--email: ${ParseResult.ArrayFormatter.formatErrorSync(error)[0]?.message ?? "invalid email"}.`,
          }),
      ),
    )
    return { url: target.url, email }
  })

/** Where `login --token` will check and store the token. */
export const tokenLoginTarget = (flags: {
  readonly url?: string | undefined
}): Effect.Effect<{ readonly url: string }, CliError> =>
  resolveTarget(flags).pipe(Effect.map((target) => ({ url: target.url })))

export interface LoginResult extends Identity {
  /** How the credential was obtained: a password sign-in, or a token checked and stored as is. */
  readonly method: "password" | "token"
  readonly credentialPath: string
  /** FOLIO_TOKEN is set and will keep overriding the credential just stored. */
  readonly overriddenByEnv: boolean
}

/** Signs in as a CLI client and stores `{ url, token, email }` for later commands. */
export const login = (
  input: LoginTarget & { readonly password: string },
): Effect.Effect<LoginResult, CliError> =>
  Effect.gen(function* () {
    const anonymous = { url: input.url, token: null, tokenSource: null }
    const result = yield* call(anonymous, (client) =>
      client.session.signIn({ payload: { email: input.email, password: input.password, client: "cli" } }),
    )
    if (result.token === undefined)
      return yield* Effect.fail(
        new CliError({
          code: "NoToken",
          message: `Folio at ${input.url} signed you in but returned no token for the CLI.`,
          hint: "The server may be older than this CLI.",
        }),
      )
    const path = yield* writeCredential({ url: input.url, token: result.token, email: result.me.user.email })
    return {
      ...identity({ url: input.url, tokenSource: "credential" }, result.me),
      method: "password",
      credentialPath: path,
      overriddenByEnv: Boolean(process.env.FOLIO_TOKEN),
    }
  })

/**
 * Stores a token the user already has (an API token, or a CLI session token), after checking
 * with `GET /api/session` that the server accepts it and learning whose it is. A rejected token
 * is never stored.
 */
export const loginWithToken = (input: {
  readonly url: string
  readonly token: string
}): Effect.Effect<LoginResult, CliError> =>
  Effect.gen(function* () {
    const token = input.token.trim()
    if (token === "" || /\s/.test(token))
      return yield* Effect.fail(
        new CliError({
          code: "ValidationError",
          message: token === "" ? "The token is empty." : "The token contains spaces or line breaks.",
          hint: "Pass the token exactly as it was shown (folio_pat_…).",
        }),
      )
    const me = yield* call({ url: input.url, token, tokenSource: null }, (client) =>
      client.session.me(),
    ).pipe(
      // The generic "run folio login" hint would point back at this very command.
      Effect.mapError((error) =>
        error.code === "Unauthorized"
          ? new CliError({ code: error.code, message: error.message, hint: "Nothing was stored." })
          : error,
      ),
    )
    const path = yield* writeCredential({ url: input.url, token, email: me.user.email })
    const envToken = process.env.FOLIO_TOKEN
    return {
      ...identity({ url: input.url, tokenSource: "credential" }, me),
      method: "token",
      credentialPath: path,
      overriddenByEnv: Boolean(envToken) && envToken?.trim() !== token,
    }
  })

/** Who the configured credential belongs to, as the server sees it. */
export const whoami = (flags: { readonly url?: string | undefined }): Effect.Effect<Identity, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(flags)
    const me = yield* call(target, (client) => client.session.me())
    return identity(target, me)
  })

export interface LogoutResult {
  readonly url: string | null
  readonly email: string | null
  /** Whether a stored credential existed and was forgotten. */
  readonly forgotten: boolean
  readonly credentialPath: string
  /** Whether the server ended the session (false when it had already ended). */
  readonly sessionEnded: boolean
  /** The stored credential was an API token: it was forgotten here but still works until revoked. */
  readonly apiToken: boolean
}

/**
 * Ends the stored session on the server and forgets it locally. FOLIO_TOKEN is never revoked:
 * it belongs to whoever set it. The local credential goes even when the server cannot be told,
 * and then the command fails so scripts notice.
 */
export const logout: Effect.Effect<LogoutResult, CliError> = Effect.gen(function* () {
  const stored = yield* readCredential
  const path = credentialPath()
  if (stored === null)
    return {
      url: null,
      email: null,
      forgotten: false,
      credentialPath: path,
      sessionEnded: false,
      apiToken: false,
    }
  // An API token is not a session: signing out would end nothing, and revoking it here could
  // break CI jobs that share it. It is only forgotten.
  if (stored.token.startsWith(apiTokenPrefix)) {
    yield* deleteCredential
    return {
      url: stored.url,
      email: stored.email,
      forgotten: true,
      credentialPath: path,
      sessionEnded: false,
      apiToken: true,
    }
  }
  const target = { url: stored.url, token: stored.token, tokenSource: "credential" } as const
  const ended = yield* call(target, (client) => client.session.signOut()).pipe(
    Effect.as(true),
    Effect.catchIf(
      (error) => error.code === "Unauthorized",
      () => Effect.succeed(false),
    ),
    Effect.either,
  )
  yield* deleteCredential
  if (ended._tag === "Left")
    return yield* Effect.fail(
      new CliError({
        code: ended.left.code,
        message: `Forgot the credential for ${stored.url}, but could not end the session there: ${ended.left.message}`,
        // The usual hint ("pass --url") does not apply: logout always targets the stored URL.
        hint: undefined,
      }),
    )
  return {
    url: stored.url,
    email: stored.email,
    forgotten: true,
    credentialPath: path,
    sessionEnded: ended.right,
    apiToken: false,
  }
})
