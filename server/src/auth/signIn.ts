import { HttpApiBuilder, HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { csrfCookieName, type Me, sessionCookie, sessionCookieName } from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { AppConfig } from "../config.js"
import { queueSignInNotice } from "../notifications/signInNotice.js"
import { recordServerEvent } from "../readership/record.js"
import { type UserRow, UsersRepo } from "../users/repo.js"
import { Sessions } from "./sessions.js"

export const cookieOptions = Effect.map(AppConfig, (config) => ({
  path: "/",
  sameSite: "lax" as const,
  secure: Option.exists(config.publicUrl, (url) => url.protocol === "https:"),
}))

/**
 * Opens a session for a user who proved who they are (password, link, code, SSO): a browser
 * gets the HttpOnly session cookie plus the readable CSRF cookie, and its previous session is
 * dropped (rotation); the CLI gets a bearer token instead.
 */
export const startSession = (found: UserRow, kind: "browser" | "cli", method: string) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const sessions = yield* Sessions
    const users = yield* UsersRepo
    const audit = yield* Audit
    const config = yield* AppConfig
    const sql = yield* SqlClient.SqlClient
    const { passwordHash: _, company, ...user } = found
    // The new sign-in notice is queued with the session: one without the other never happens.
    const session = yield* Effect.gen(function* () {
      const created = yield* sessions.create({
        userId: user.id,
        kind,
        ip: Option.getOrNull(request.remoteAddress),
        userAgent: request.headers["user-agent"] ?? null,
      })
      yield* queueSignInNotice(created.id)
      return created
    }).pipe(sql.withTransaction, Effect.orDie)
    yield* users.markSignedIn(user.id)
    yield* recordServerEvent({
      userId: user.id,
      companyId: company.id,
      kind: "sign_in",
      channel: kind === "cli" ? "api" : "console",
      subject: method,
    })
    yield* audit.record({
      action: "auth.sign_in",
      actor: user,
      target: { type: "user", id: user.id },
      after: { method, client: kind },
    })
    const me: Me = { user: { ...user, lastSignInAt: new Date() }, company, csrfToken: session.csrfToken }
    if (kind === "cli") return { me, token: session.token }

    const previous = request.cookies[sessionCookieName]
    if (previous) yield* sessions.revokeByToken(previous)
    const options = yield* cookieOptions
    const maxAge = `${config.sessionAbsoluteHours} hours` as const
    yield* HttpApiBuilder.securitySetCookie(sessionCookie, session.token, {
      ...options,
      httpOnly: true,
      maxAge,
    })
    yield* HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.succeed(
        HttpServerResponse.unsafeSetCookie(response, csrfCookieName, session.csrfToken ?? "", {
          ...options,
          httpOnly: false,
          maxAge,
        }),
      ),
    )
    return { me }
  })

export const clearSessionCookies = Effect.gen(function* () {
  const options = yield* cookieOptions
  yield* HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      HttpServerResponse.unsafeSetCookies(response, [
        [sessionCookieName, "", { ...options, httpOnly: true, maxAge: 0 }],
        [csrfCookieName, "", { ...options, maxAge: 0 }],
      ]),
    ),
  )
})
