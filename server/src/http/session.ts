import { HttpApiBuilder, HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { CurrentActor, FolioApi, type Me, sessionCookie, sessionCookieName, Unauthorized } from "@folio/core"
import { Effect, Option } from "effect"
import { decoyHash, verifyPassword } from "../auth/passwords.js"
import { Sessions } from "../auth/sessions.js"
import { AppConfig } from "../config.js"
import { UsersRepo } from "../users/repo.js"

export const csrfCookieName = "folio_csrf"
const wrongCredentials = "Wrong email or password."

export const SessionLive = HttpApiBuilder.group(FolioApi, "session", (handlers) =>
  Effect.gen(function* () {
    const users = yield* UsersRepo
    const sessions = yield* Sessions
    const config = yield* AppConfig
    const secure = Option.exists(config.publicUrl, (url) => url.protocol === "https:")
    const cookieOptions = { path: "/", sameSite: "lax" as const, secure }

    return handlers
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const found = yield* users.findByEmail(payload.email)
          // Unknown emails cost one argon2 verification too: same answer, same time.
          const hash =
            Option.isSome(found) && found.value.passwordHash ? found.value.passwordHash : yield* decoyHash
          const ok = yield* verifyPassword(hash, payload.password)
          if (Option.isNone(found) || !ok || found.value.status !== "active" || !found.value.passwordHash) {
            return yield* new Unauthorized({ message: wrongCredentials })
          }
          const { passwordHash: _, company, ...user } = found.value
          const kind = payload.client ?? "browser"
          const session = yield* sessions.create({
            userId: user.id,
            kind,
            ip: Option.getOrNull(request.remoteAddress),
            userAgent: request.headers["user-agent"] ?? null,
          })
          yield* users.markSignedIn(user.id)
          const me: Me = {
            user: { ...user, lastSignInAt: new Date() },
            company,
            csrfToken: session.csrfToken,
          }
          if (kind === "cli") return { me, token: session.token }

          // Rotation: a browser that signs in again drops its previous session.
          const previous = request.cookies[sessionCookieName]
          if (previous) yield* sessions.revokeByToken(previous)
          const maxAge = `${config.sessionAbsoluteHours} hours` as const
          yield* HttpApiBuilder.securitySetCookie(sessionCookie, session.token, {
            ...cookieOptions,
            httpOnly: true,
            maxAge,
          })
          yield* HttpApp.appendPreResponseHandler((_request, response) =>
            Effect.succeed(
              HttpServerResponse.unsafeSetCookie(response, csrfCookieName, session.csrfToken ?? "", {
                ...cookieOptions,
                httpOnly: false,
                maxAge,
              }),
            ),
          )
          return { me }
        }),
      )
      .handle("me", () =>
        Effect.map(CurrentActor, (actor) => ({
          user: actor.user,
          company: actor.company,
          csrfToken: actor.csrfToken,
        })),
      )
      .handle("signOut", () =>
        Effect.gen(function* () {
          const actor = yield* CurrentActor
          if (Option.isSome(actor.sessionId)) yield* sessions.revoke(actor.sessionId.value)
          if (actor.via === "cookie") {
            yield* HttpApp.appendPreResponseHandler((_request, response) =>
              Effect.succeed(
                HttpServerResponse.unsafeSetCookies(response, [
                  [sessionCookieName, "", { ...cookieOptions, httpOnly: true, maxAge: 0 }],
                  [csrfCookieName, "", { ...cookieOptions, maxAge: 0 }],
                ]),
              ),
            )
          }
        }),
      )
  }),
)
