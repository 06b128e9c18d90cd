import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ChangePassword, Profile, RevokedSessions, SessionInfo, UpdateProfile } from "../domain/profile.js"
import { Forbidden, NotFound, RateLimited, Unauthorized, ValidationError } from "../errors.js"
import { SessionId, UserId } from "../ids.js"
import { Authentication } from "./security.js"

const sessionId = HttpApiSchema.param("sessionId", SessionId)
const userId = HttpApiSchema.param("userId", UserId)

/** The signed-in user's own account: details, password, sessions. Admins also see others' sessions. */
export class ProfileGroup extends HttpApiGroup.make("profile")
  .add(HttpApiEndpoint.get("get", "/profile").addSuccess(Profile).annotate(OpenApi.Summary, "My profile"))
  .add(
    HttpApiEndpoint.patch("update", "/profile")
      .setPayload(UpdateProfile)
      .addSuccess(Profile)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Change my name, time zone or notification preferences"),
  )
  .add(
    HttpApiEndpoint.put("changePassword", "/profile/password")
      .setPayload(ChangePassword)
      .addSuccess(RevokedSessions)
      .addError(Unauthorized)
      .addError(ValidationError)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Change my password; signs out my other sessions"),
  )
  .add(
    HttpApiEndpoint.get("sessions", "/profile/sessions")
      .addSuccess(Schema.Array(SessionInfo))
      .annotate(OpenApi.Summary, "My active sessions, the current one marked"),
  )
  .add(
    HttpApiEndpoint.del("revokeSession")`/profile/sessions/${sessionId}`
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Sign out one of my sessions"),
  )
  .add(
    HttpApiEndpoint.post("revokeOtherSessions", "/profile/sessions/revoke-others")
      .addSuccess(RevokedSessions)
      .annotate(OpenApi.Summary, "Sign out everywhere else"),
  )
  .add(
    HttpApiEndpoint.get("userSessions")`/users/${userId}/sessions`
      .addSuccess(Schema.Array(SessionInfo))
      .addError(NotFound)
      .annotate(OpenApi.Summary, "A user's active sessions (admins)"),
  )
  .add(
    HttpApiEndpoint.del("revokeUserSession")`/users/${userId}/sessions/${sessionId}`
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "End one of a user's sessions (admins)"),
  )
  .add(
    HttpApiEndpoint.post("revokeUserSessions")`/users/${userId}/sessions/revoke-all`
      .addSuccess(RevokedSessions)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "End every session of a user (admins)")
      .annotate(
        OpenApi.Description,
        "Browsers and CLI logins alike; API tokens are not affected. On your own account, the session you call with stays.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Profile and sessions") {}
