import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  AcceptInvite,
  ConsumeMagicLink,
  LinkInfo,
  LinkKind,
  LinkRequested,
  RequestLink,
  ResetPassword,
  SsoConfig,
} from "../domain/authLinks.js"
import { SignInResult } from "../domain/user.js"
import { Forbidden, RateLimited, Unauthorized, ValidationError } from "../errors.js"
import { storableText } from "../schema/text.js"

const kind = HttpApiSchema.param("kind", LinkKind)

/** Sign-in and recovery by email, and single sign-on. Public; requests that send mail are limited per IP and account, the rest per IP. */
export class AuthGroup extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("requestMagicLink", "/auth/magic-link")
      .setPayload(RequestLink)
      .addSuccess(LinkRequested, { status: 202 })
      .addError(Forbidden)
      .annotate(OpenApi.Summary, "Email me a sign-in link (and a 6-digit code)")
      .annotate(OpenApi.Description, "403 when sign-in links are turned off (`auth.magicLink.enabled`)."),
  )
  .add(
    HttpApiEndpoint.post("consumeMagicLink", "/auth/magic-link/consume")
      .setPayload(ConsumeMagicLink)
      .addSuccess(SignInResult)
      .addError(Unauthorized)
      .addError(Forbidden)
      .annotate(OpenApi.Summary, "Sign in with a link's token or its 6-digit code")
      .annotate(OpenApi.Description, "Opening a link (GET) never uses it: only this POST does."),
  )
  .add(
    HttpApiEndpoint.get("peekLink")`/auth/links/${kind}`
      .setUrlParams(Schema.Struct({ token: Schema.String.pipe(storableText("The link")) }))
      .addSuccess(LinkInfo)
      .addError(Unauthorized)
      .annotate(OpenApi.Summary, "Who a link is for, without using it"),
  )
  .add(
    HttpApiEndpoint.post("forgotPassword", "/auth/forgot-password")
      .setPayload(RequestLink)
      .addSuccess(LinkRequested, { status: 202 })
      .annotate(OpenApi.Summary, "Email me a password reset link"),
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/auth/reset-password")
      .setPayload(ResetPassword)
      .addSuccess(Schema.Void)
      .addError(Unauthorized)
      .annotate(OpenApi.Summary, "Set a new password from a reset link; signs out every session"),
  )
  .add(
    HttpApiEndpoint.post("acceptInvite", "/auth/accept-invite")
      .setPayload(AcceptInvite)
      .addSuccess(Schema.Void)
      .addError(Unauthorized)
      .annotate(OpenApi.Summary, "Set a first password from an invitation and activate the account"),
  )
  .add(
    HttpApiEndpoint.get("ssoConfig", "/auth/sso")
      .addSuccess(SsoConfig)
      .annotate(OpenApi.Summary, "Whether single sign-on is configured, and its button label"),
  )
  .add(
    HttpApiEndpoint.get("ssoStart", "/auth/sso/start")
      .setUrlParams(
        Schema.Struct({ redirect: Schema.optional(Schema.String.pipe(storableText("redirect"))) }),
      )
      .addSuccess(HttpApiSchema.Empty(302))
      .annotate(OpenApi.Summary, "Start single sign-on: redirects to the identity provider (PKCE)"),
  )
  .add(
    HttpApiEndpoint.get("ssoCallback", "/auth/sso/callback")
      .setUrlParams(
        Schema.Record({ key: Schema.String, value: Schema.String.pipe(storableText("A sign-in parameter")) }),
      )
      .addSuccess(HttpApiSchema.Empty(302))
      .annotate(
        OpenApi.Summary,
        "The identity provider's redirect back; signs in and redirects to the console",
      )
      .annotate(
        OpenApi.Description,
        "Failures redirect to /login?sso_error=<code> (see ssoErrorTexts in core).",
      ),
  )
  .addError(RateLimited)
  .addError(ValidationError)
  .annotate(OpenApi.Title, "Sign-in links") {}
