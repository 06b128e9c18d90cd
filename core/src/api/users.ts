import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { SetUserRole, SetUserStatus, UserDetail, UserListParams, UserPage } from "../domain/user.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { UserId } from "../ids.js"
import { Authentication } from "./security.js"

const userIdParam = HttpApiSchema.param("userId", UserId)

/** The user directory. Readers and developers see the people of their own company only. */
export class UsersGroup extends HttpApiGroup.make("users")
  .add(
    HttpApiEndpoint.get("list", "/users")
      .setUrlParams(UserListParams)
      .addSuccess(UserPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List users")
      .annotate(
        OpenApi.Description,
        "Filter by company, role, status and a name/email search. Ordered by name; pass `nextCursor` back as `cursor`.",
      ),
  )
  .add(
    HttpApiEndpoint.get("get")`/users/${userIdParam}`
      .addSuccess(UserDetail)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get a user with their teams"),
  )
  .add(
    HttpApiEndpoint.put("setRole")`/users/${userIdParam}/role`
      .setPayload(SetUserRole)
      .addSuccess(UserDetail)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Change a user's role (admin)")
      .annotate(OpenApi.Description, "409 when it would leave the installation without an active admin."),
  )
  .add(
    HttpApiEndpoint.put("setStatus")`/users/${userIdParam}/status`
      .setPayload(SetUserStatus)
      .addSuccess(UserDetail)
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Disable or re-enable a user (admin)")
      .annotate(
        OpenApi.Description,
        "Disabling ends the user's sessions at once. 409 when it would leave no active admin.",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Users") {}
