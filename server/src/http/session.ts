import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { CurrentActor, FolioApi, Forbidden, Unauthorized } from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { decoyHash, verifyPassword } from "../auth/passwords.js"
import { RateLimits } from "../auth/rateLimits.js"
import { Sessions } from "../auth/sessions.js"
import { clearSessionCookies, startSession } from "../auth/signIn.js"
import { ConfigStore } from "../config/store.js"
import { UsersRepo } from "../users/repo.js"

const wrongCredentials = "Wrong email or password."
const passwordOffText =
  'Password sign-in is turned off here. Use "Email me a sign-in link" or single sign-on instead.'

export const SessionLive = HttpApiBuilder.group(FolioApi, "session", (handlers) =>
  Effect.gen(function* () {
    const users = yield* UsersRepo
    const sessions = yield* Sessions
    const rateLimits = yield* RateLimits
    const audit = yield* Audit
    const config = yield* ConfigStore

    return handlers
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const ip = Option.getOrElse(request.remoteAddress, () => "unknown")
          // Known and unknown emails are limited alike, so a 429 reveals nothing about accounts.
          const settings = config.settings()
          const limits = [
            {
              key: `sign-in:account:${payload.email}`,
              max: settings["limits.signIn.perAccountPerMinute"],
              windowSeconds: 60,
            },
            {
              key: `sign-in:ip:${ip}`,
              max: settings["limits.signIn.perAddressPerMinute"],
              windowSeconds: 60,
            },
          ]
          // Counted before the password is verified, so a parallel burst gets no more tries than
          // the limit; a sign-in that succeeds gives its try back (only failures count).
          const taken = yield* rateLimits.take(limits, "sign in")
          const found = yield* users.findByEmail(payload.email)
          // Unknown emails cost one argon2 verification too: same answer, same time.
          const hash =
            Option.isSome(found) && found.value.passwordHash ? found.value.passwordHash : yield* decoyHash
          const ok = yield* verifyPassword(hash, payload.password)
          if (Option.isNone(found) || !ok || found.value.status !== "active" || !found.value.passwordHash) {
            yield* audit.record({
              action: "auth.sign_in_failed",
              target: Option.match(found, {
                onNone: () => undefined,
                onSome: (u) => ({ type: "user", id: u.id }),
              }),
              after: { email: payload.email },
            })
            return yield* new Unauthorized({ message: wrongCredentials })
          }
          yield* rateLimits.release(taken)
          // Checked once the password is right, so the answer tells a stranger nothing; admins
          // keep their password, so turning it off never locks an installation out.
          if (!settings["auth.password.enabled"] && found.value.role !== "admin") {
            return yield* new Forbidden({ message: passwordOffText })
          }
          return yield* startSession(found.value, payload.client ?? "browser", "password")
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
          yield* audit.record({
            action: "auth.sign_out",
            actor: actor.user,
            target: { type: "user", id: actor.user.id },
          })
          if (actor.via === "cookie") yield* clearSessionCookies
        }),
      )
  }),
)
