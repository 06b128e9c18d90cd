import { Schema } from "effect"
import { CompanyId, ReportId, TeamId, UserId } from "../ids.js"
import { Page, PageParams } from "../schema/pagination.js"
import { multiLineText, singleLineText, storableText } from "../schema/text.js"
import { ReportStatus } from "./report.js"

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

/**
 * What reaches a team's members: the company's sectors, and the published reports whose audience
 * names all clients, the company, or this team, with the embargo delays (tiers) of those entries.
 */
export const TeamEntitlements = Schema.Struct({
  /** The company's entitled sectors; null is every sector. */
  sectors: Schema.NullOr(Schema.Array(Schema.String)),
  companySuspended: Schema.Boolean,
  /** Published reports in those sectors reaching the team, by how the audience names it. */
  reach: Schema.Struct({ allClients: Schema.Int, company: Schema.Int, team: Schema.Int }),
  /** Embargo delays of the audience entries that reach the team, with how many reports each. */
  tiers: Schema.Array(Schema.Struct({ embargoHours: Schema.Int, reports: Schema.Int })),
  /** Reports addressed to this team by name, newest first (at most 20). */
  addressed: Schema.Array(
    Schema.Struct({
      id: ReportId,
      title: Schema.String,
      status: ReportStatus,
      publishedAt: Schema.NullOr(Schema.Date),
      embargoHours: Schema.Int,
    }),
  ),
})
export type TeamEntitlements = typeof TeamEntitlements.Type
