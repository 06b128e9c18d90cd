import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { InviteUser } from "../domain/authLinks.js"
import { User } from "../domain/user.js"
import { Conflict, Forbidden, NotFound, RateLimited, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** Admins invite people by email; the invitation sets their first password. */
export class InvitesGroup extends HttpApiGroup.make("invites")
  .add(
    HttpApiEndpoint.post("invite", "/users/invite")
      .setPayload(InviteUser)
      .addSuccess(User, { status: 201 })
      .addError(Conflict)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Invite a user by email")
      .annotate(
        OpenApi.Description,
        "Creates the user as `invited` and emails a 7-day link to set a password.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Invitations") {}
