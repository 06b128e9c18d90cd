import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  AddTeamMember,
  CreateTeam,
  SetTeamMemberRole,
  Team,
  TeamDetail,
  TeamEntitlements,
  TeamListParams,
  TeamMember,
  TeamPage,
  UpdateTeam,
} from "../domain/team.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { TeamId, UserId } from "../ids.js"
import { companyIdParam } from "./companies.js"
import { Authentication } from "./security.js"

const teamIdParam = HttpApiSchema.param("teamId", TeamId)
const userIdParam = HttpApiSchema.param("userId", UserId)

/** Teams inside a company and their members. Reading follows `companies.read`; changes are admin-only. */
export class TeamsGroup extends HttpApiGroup.make("teams")
  .add(
    HttpApiEndpoint.get("list")`/companies/${companyIdParam}/teams`
      .setUrlParams(TeamListParams)
      .addSuccess(TeamPage)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List a company's teams"),
  )
  .add(
    HttpApiEndpoint.post("create")`/companies/${companyIdParam}/teams`
      .setPayload(CreateTeam)
      .addSuccess(Team, { status: 201 })
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Create a team (admin)")
      .annotate(
        OpenApi.Description,
        "409 when the company already has a team of that name (any letter case).",
      ),
  )
  .add(
    HttpApiEndpoint.get("get")`/teams/${teamIdParam}`
      .addSuccess(TeamDetail)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Get a team with its members"),
  )
  .add(
    HttpApiEndpoint.get("entitlements")`/teams/${teamIdParam}/entitlements`
      .addSuccess(TeamEntitlements)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "What reaches a team")
      .annotate(
        OpenApi.Description,
        "The company's sectors, the published reports reaching the team (addressed to all clients, the company, or the team), the embargo tiers of those audience entries, and the reports addressed to the team by name.",
      ),
  )
  .add(
    HttpApiEndpoint.patch("update")`/teams/${teamIdParam}`
      .setPayload(UpdateTeam)
      .addSuccess(Team)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Rename a team or change its description (admin)"),
  )
  .add(
    HttpApiEndpoint.del("delete")`/teams/${teamIdParam}`
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Delete a team (admin)")
      .annotate(OpenApi.Description, "Its members stay in the company; only the team and memberships go."),
  )
  .add(
    HttpApiEndpoint.post("addMember")`/teams/${teamIdParam}/members`
      .setPayload(AddTeamMember)
      .addSuccess(TeamMember, { status: 201 })
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Add a user of the team's company to the team (admin)"),
  )
  .add(
    HttpApiEndpoint.patch("setMemberRole")`/teams/${teamIdParam}/members/${userIdParam}`
      .setPayload(SetTeamMemberRole)
      .addSuccess(TeamMember)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Make a member a lead, or a lead a member (admin)"),
  )
  .add(
    HttpApiEndpoint.del("removeMember")`/teams/${teamIdParam}/members/${userIdParam}`
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Remove a member from the team (admin)"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Teams") {}
