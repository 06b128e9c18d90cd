import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import type { SsoErrorCode } from "@folio/core"
import { Effect, Option, Redacted } from "effect"
import * as oidc from "openid-client"
import { Audit } from "../audit/audit.js"
import { AppConfig, publicOriginOf } from "../config.js"
import { UsersRepo } from "../users/repo.js"
import { startSession } from "./signIn.js"

const stateCookie = "folio_sso_state"
const callbackPath = "/api/auth/sso/callback"
const attemptMinutes = 10

/** Same-origin paths only: `/reports?x=1` yes, `//evil.example` or `https://…` no. */
export const safeRedirect = (target: string | undefined): string =>
  target && /^\/(?![/\\])/.test(target) ? target : "/dashboard"

class SsoFailure {
  readonly _tag = "SsoFailure"
  constructor(
    readonly code: SsoErrorCode,
    readonly cause?: unknown,
  ) {}
}

/**
 * OpenID Connect sign-in (authorization code + PKCE) with openid-client. An identity links to
 * an existing active user by verified email; an unknown verified email whose domain is a client
 * company's `domain` becomes a reader there; anything else is refused with a clear message.
 */
export class Sso extends Effect.Service<Sso>()("@folio/server/Sso", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AppConfig
    const users = yield* UsersRepo
    const audit = yield* Audit
    const origin = publicOriginOf(config)
    const redirectUri = `${origin}${callbackPath}`
    const secure = origin.startsWith("https:")

    // Discovery happens on first use, so the server starts even while the provider is down.
    let discovered: Promise<oidc.Configuration> | undefined
    const configuration = (settings: Option.Option.Value<typeof config.oidc>) =>
      Effect.tryPromise({
        try: () => {
          discovered ??= oidc
            .discovery(settings.issuer, settings.clientId, Redacted.value(settings.clientSecret), undefined, {
              ...(settings.issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
            })
            .catch((error: unknown) => {
              discovered = undefined
              throw error
            })
          return discovered
        },
        catch: (cause) => new SsoFailure("provider", cause),
      })

    const toLogin = (code: SsoErrorCode) =>
      HttpServerResponse.redirect(`/login?sso_error=${code}`, {
        status: 302,
        headers: { "cache-control": "no-store" },
      })

    const start = (redirect: string | undefined) =>
      Effect.gen(function* () {
        if (Option.isNone(config.oidc)) return toLogin("not_configured")
        const settings = config.oidc.value
        const client = yield* configuration(settings)
        const state = oidc.randomState()
        const nonce = oidc.randomNonce()
        const verifier = oidc.randomPKCECodeVerifier()
        const challenge = yield* Effect.promise(() => oidc.calculatePKCECodeChallenge(verifier))
        yield* sql`delete from oidc_states where created_at < now() - make_interval(mins => ${attemptMinutes})`
        yield* sql`
          insert into oidc_states (state, code_verifier, nonce, redirect)
          values (${state}, ${verifier}, ${nonce}, ${safeRedirect(redirect)})`
        const url = oidc.buildAuthorizationUrl(client, {
          redirect_uri: redirectUri,
          scope: "openid email profile",
          code_challenge: challenge,
          code_challenge_method: "S256",
          state,
          nonce,
        })
        // The state is also bound to this browser, so a stolen callback URL is useless elsewhere.
        return HttpServerResponse.redirect(url.toString(), {
          status: 302,
          headers: { "cache-control": "no-store" },
        }).pipe(
          HttpServerResponse.unsafeSetCookie(stateCookie, state, {
            httpOnly: true,
            sameSite: "lax",
            secure,
            path: "/api/auth/sso",
            maxAge: `${attemptMinutes} minutes`,
          }),
        )
      }).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.catchAll((failure) =>
          Effect.logError("Single sign-on could not start", failure.cause).pipe(
            Effect.as(toLogin(failure.code)),
          ),
        ),
      )

    /** The user an identity stands for, linking or creating one by the rules above. */
    const resolveUser = (issuer: string, claims: oidc.IDToken) =>
      Effect.gen(function* () {
        const linked = yield* sql<{ userId: string }>`
          update user_identities set last_used_at = now()
          where issuer = ${issuer} and subject = ${claims.sub} returning user_id`
        if (linked[0]) return linked[0].userId
        const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : ""
        if (!email || claims.email_verified !== true)
          return yield* Effect.fail(new SsoFailure("unverified_email"))
        const existing = yield* users.findByEmail(email)
        const userId = yield* Option.match(existing, {
          onSome: (user) =>
            user.status === "disabled"
              ? Effect.fail(new SsoFailure("disabled"))
              : sql`update users set status = 'active' where id = ${user.id} and status = 'invited'`.pipe(
                  Effect.as(user.id),
                ),
          onNone: () =>
            Effect.gen(function* () {
              const domain = email.split("@")[1] ?? ""
              const companies = yield* sql<{ id: string }>`
                select id from companies
                where lower(domain) = ${domain} and kind = 'client' and status = 'active'`
              const company = companies[0]
              if (!company) return yield* Effect.fail(new SsoFailure("unknown_account"))
              const name =
                typeof claims.name === "string" && claims.name.trim()
                  ? claims.name.trim()
                  : email.split("@")[0]!
              const created = yield* sql<{ id: string }>`
                insert into users (email, name, company_id, role, status)
                values (${email}, ${name.slice(0, 120)}, ${company.id}, 'reader', 'active') returning id`
              yield* audit.record({
                action: "user.create_by_sso",
                target: { type: "user", id: created[0]!.id },
                after: { email, companyId: company.id, role: "reader", issuer },
              })
              return created[0]!.id
            }),
        })
        yield* sql`
          insert into user_identities (issuer, subject, user_id, email)
          values (${issuer}, ${claims.sub}, ${userId}, ${email}) on conflict do nothing`
        return userId
      })

    const callback = (params: Readonly<Record<string, string>>) =>
      Effect.gen(function* () {
        if (Option.isNone(config.oidc)) return toLogin("not_configured")
        const settings = config.oidc.value
        const request = yield* HttpServerRequest.HttpServerRequest
        const state = params.state ?? ""
        if (!state || request.cookies[stateCookie] !== state)
          return yield* Effect.fail(new SsoFailure("expired"))
        const rows = yield* sql<{ codeVerifier: string; nonce: string; redirect: string }>`
          delete from oidc_states
          where state = ${state} and created_at > now() - make_interval(mins => ${attemptMinutes})
          returning code_verifier, nonce, redirect`
        const attempt = rows[0]
        if (!attempt) return yield* Effect.fail(new SsoFailure("expired"))
        if (params.error)
          return yield* Effect.fail(
            new SsoFailure("provider", `${params.error}: ${params.error_description ?? ""}`),
          )
        const client = yield* configuration(settings)
        const currentUrl = new URL(`${origin}${request.url}`)
        const tokens = yield* Effect.tryPromise({
          try: () =>
            oidc.authorizationCodeGrant(client, currentUrl, {
              pkceCodeVerifier: attempt.codeVerifier,
              expectedState: state,
              expectedNonce: attempt.nonce,
            }),
          catch: (cause) => new SsoFailure("provider", cause),
        })
        const idToken = tokens.claims()
        if (!idToken) return yield* Effect.fail(new SsoFailure("provider", "no ID token"))
        // Many providers keep email out of the ID token and serve it from the userinfo endpoint.
        const claims =
          typeof idToken.email === "string"
            ? idToken
            : {
                ...idToken,
                ...(yield* Effect.tryPromise({
                  try: () => oidc.fetchUserInfo(client, tokens.access_token, idToken.sub),
                  catch: (cause) => new SsoFailure("provider", cause),
                })),
                sub: idToken.sub,
              }
        const userId = yield* resolveUser(client.serverMetadata().issuer, claims)
        const user = yield* users.findById(userId)
        if (Option.isNone(user) || user.value.status !== "active")
          return yield* Effect.fail(new SsoFailure("disabled"))
        yield* startSession(user.value, "browser", "sso")
        return HttpServerResponse.redirect(attempt.redirect, {
          status: 302,
          headers: { "cache-control": "no-store" },
        })
      }).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.catchAll((failure) =>
          (failure.code === "provider"
            ? Effect.logError("Single sign-on failed at the identity provider", failure.cause)
            : Effect.logInfo(`Single sign-on refused: ${failure.code}`)
          ).pipe(Effect.as(toLogin(failure.code))),
        ),
        Effect.map((response) =>
          HttpServerResponse.unsafeSetCookie(response, stateCookie, "", { path: "/api/auth/sso", maxAge: 0 }),
        ),
      )

    const publicConfig = {
      enabled: Option.isSome(config.oidc),
      label: Option.match(config.oidc, { onNone: () => "", onSome: (o) => o.label }),
    }

    return { start, callback, publicConfig } as const
  }),
  dependencies: [UsersRepo.Default, Audit.Default],
}) {}
