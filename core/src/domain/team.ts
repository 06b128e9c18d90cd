import { Schema } from "effect"
import { CompanyId, TeamId, UserId } from "../ids.js"
import { Page, PageParams } from "../schema/pagination.js"
import { multiLineText, singleLineText, storableText } from "../schema/text.js"

export const TeamRole = Schema.Literal("lead", "member")
export type TeamRole = typeof TeamRole.Type

export const TeamName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Team name is required" }),
  Schema.maxLength(80, { message: () => "Team name must be at most 80 characters" }),
  singleLineText("Team name"),
)

export const TeamDescription = Schema.Trim.pipe(
  Schema.maxLength(500, { message: () => "Team description must be at most 500 characters" }),
  multiLineText("Team description"),
)

export const Team = Schema.Struct({
  id: TeamId,
  companyId: CompanyId,
  name: Schema.String,
  description: Schema.String,
  memberCount: Schema.Int,
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Team = typeof Team.Type

export const TeamMember = Schema.Struct({
  userId: UserId,
  name: Schema.String,
  email: Schema.String,
  role: TeamRole,
})
export type TeamMember = typeof TeamMember.Type

/** A team with its members, leads first, then by name. */
export const TeamDetail = Schema.Struct({
  ...Team.fields,
  members: Schema.Array(TeamMember),
})
export type TeamDetail = typeof TeamDetail.Type

export const CreateTeam = Schema.Struct({
  name: TeamName,
  description: Schema.optionalWith(TeamDescription, { default: () => "" }),
})
export type CreateTeam = typeof CreateTeam.Type

/** Only the fields sent are changed. */
export const UpdateTeam = Schema.Struct({
  name: Schema.optional(TeamName),
  description: Schema.optional(TeamDescription),
})
export type UpdateTeam = typeof UpdateTeam.Type

export const AddTeamMember = Schema.Struct({
  userId: UserId,
  role: Schema.optionalWith(TeamRole, { default: () => "member" as const }),
})
export type AddTeamMember = typeof AddTeamMember.Type

export const SetTeamMemberRole = Schema.Struct({ role: TeamRole })
export type SetTeamMemberRole = typeof SetTeamMemberRole.Type

export const TeamListParams = Schema.Struct({
  ...PageParams.fields,
  /** Matches the team name, case-insensitively. */
  q: Schema.optional(Schema.Trim.pipe(Schema.maxLength(80), storableText("Search"))),
})
export type TeamListParams = typeof TeamListParams.Type

export const TeamPage = Page(Team)
export type TeamPage = typeof TeamPage.Type
