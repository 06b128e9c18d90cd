import { Email, type Me } from "@folio/core"
import { Effect, ParseResult, Schema } from "effect"
import { call, resolveTarget, type Target, type TokenSource } from "../api.js"
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

export interface LoginResult extends Identity {
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
      credentialPath: path,
      overriddenByEnv: Boolean(process.env.FOLIO_TOKEN),
    }
  })

const notSignedIn = (): CliError =>
  new CliError({
    code: "NotSignedIn",
    message: "Not signed in.",
    hint: "Run `folio login --url URL --email EMAIL`, or set FOLIO_URL and FOLIO_TOKEN.",
  })

/** Who the configured credential belongs to, as the server sees it. */
export const whoami = (flags: { readonly url?: string | undefined }): Effect.Effect<Identity, CliError> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(flags)
    if (target.token === null) return yield* Effect.fail(notSignedIn())
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
    return { url: null, email: null, forgotten: false, credentialPath: path, sessionEnded: false }
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
  }
})
