import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { EmailAuth } from "../auth/emailAuth.js"
import { Sso } from "../auth/sso.js"

export const AuthLive = HttpApiBuilder.group(FolioApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const auth = yield* EmailAuth
    const sso = yield* Sso
    return handlers
      .handle("requestMagicLink", ({ payload }) => auth.requestMagicLink(payload.email))
      .handle("consumeMagicLink", ({ payload }) => auth.consumeMagicLink(payload))
      .handle("peekLink", ({ path, urlParams }) => auth.peek(path.kind, urlParams.token))
      .handle("forgotPassword", ({ payload }) => auth.forgotPassword(payload.email))
      .handle("resetPassword", ({ payload }) => auth.resetPassword(payload))
      .handle("acceptInvite", ({ payload }) => auth.acceptInvite(payload))
      .handle("ssoConfig", () => Effect.succeed(sso.publicConfig))
      .handle("ssoStart", ({ urlParams }) => sso.start(urlParams.redirect))
      .handle("ssoCallback", ({ urlParams }) => sso.callback(urlParams))
  }),
)
