import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Me, SignInPayload, SignInResult } from "../domain/user.js"
import { Forbidden, RateLimited, Unauthorized, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** Signing in is public; everything else in this group needs a session. */
export class SessionGroup extends HttpApiGroup.make("session")
  .add(
    HttpApiEndpoint.post("signIn", "/session")
      .setPayload(SignInPayload)
      .addSuccess(SignInResult)
      .addError(Unauthorized)
      .addError(Forbidden)
      .addError(ValidationError)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Sign in with email and password")
      .annotate(
        OpenApi.Description,
        'Browsers get an HttpOnly session cookie (rotated on every sign-in); `client: "cli"` returns a bearer token instead.',
      ),
  )
  .add(
    HttpApiEndpoint.get("me", "/session")
      .addSuccess(Me)
      .middleware(Authentication)
      .annotate(OpenApi.Summary, "The signed-in user, their company and the CSRF token"),
  )
  .add(
    HttpApiEndpoint.del("signOut", "/session")
      .addSuccess(Schema.Void)
      .middleware(Authentication)
      .annotate(OpenApi.Summary, "End the current session"),
  )
  .annotate(OpenApi.Title, "Session") {}
