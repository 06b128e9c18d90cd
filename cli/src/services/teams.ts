import { type Company, CreateTeam, type Team, type TeamMember, type TeamRole, UserId } from "@folio/core"
import { Effect } from "effect"
import { call, signedInTarget } from "../api.js"
import type { CliError } from "../cliError.js"
import { collectPages, defined, type Paging, parseTeamId, resolveCompany, resolveUser } from "./lookup.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

type CompanyRef = Pick<Company, "id" | "name" | "slug">

const companyRef = (company: Company): CompanyRef => ({
  id: company.id,
  name: company.name,
  slug: company.slug,
})

export interface TeamList {
  readonly url: string
  readonly company: CompanyRef
  readonly teams: ReadonlyArray<Team>
  readonly nextCursor: string | null
}

export const listTeams = (
  input: Flags & Paging & { readonly company: string; readonly search?: string | undefined },
): Effect.Effect<TeamList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const company = yield* resolveCompany(target, "--company", input.company)
    const page = yield* collectPages(input, (params) =>
      call(target, (client) =>
        client.teams.list({
          path: { companyId: company.id },
          urlParams: defined({ q: input.search, ...params }),
        }),
      ),
    )
    return { url: target.url, company: companyRef(company), teams: page.items, nextCursor: page.nextCursor }
  })

export interface CreatedTeam {
  readonly url: string
  readonly company: CompanyRef
  readonly team: Team
}

export const createTeam = (
  input: Flags & {
    readonly company: string
    readonly name: string
    readonly description?: string | undefined
  },
): Effect.Effect<CreatedTeam, CliError> =>
  Effect.gen(function* () {
    const payload = yield* decodeInput(
      CreateTeam,
      input.description === undefined
        ? { name: input.name }
        : { name: input.name, description: input.description },
      { name: "--name", description: "--description" },
    )
    const target = yield* signedInTarget(input)
    const company = yield* resolveCompany(target, "--company", input.company)
    const team = yield* call(target, (client) =>
      client.teams.create({ path: { companyId: company.id }, payload }),
    )
    return { url: target.url, company: companyRef(company), team }
  })

export interface Membership {
  readonly url: string
  readonly team: Pick<Team, "id" | "name" | "companyId">
  readonly member: TeamMember
}

const teamRef = (team: Team): Membership["team"] => ({
  id: team.id,
  name: team.name,
  companyId: team.companyId,
})

/** Looks the team up first: it names the team in the result and fails early on a wrong id. */
export const addTeamMember = (
  input: Flags & { readonly team: string; readonly user: string; readonly role: TeamRole },
): Effect.Effect<Membership, CliError> =>
  Effect.gen(function* () {
    const teamId = yield* parseTeamId("--team", input.team)
    const target = yield* signedInTarget(input)
    const team = yield* call(target, (client) => client.teams.get({ path: { teamId } }))
    const user = yield* resolveUser(target, "--user", input.user)
    const member = yield* call(target, (client) =>
      client.teams.addMember({
        path: { teamId },
        payload: { userId: UserId.make(user.id), role: input.role },
      }),
    )
    return { url: target.url, team: teamRef(team), member }
  })

export const removeTeamMember = (
  input: Flags & { readonly team: string; readonly user: string },
): Effect.Effect<Membership, CliError> =>
  Effect.gen(function* () {
    const teamId = yield* parseTeamId("--team", input.team)
    const target = yield* signedInTarget(input)
    const team = yield* call(target, (client) => client.teams.get({ path: { teamId } }))
    const user = yield* resolveUser(target, "--user", input.user)
    const userId = UserId.make(user.id)
    // The team's members are already at hand: say so plainly when the user is not one of them.
    const member = team.members.find((entry) => entry.userId === user.id) ?? {
      userId,
      name: user.name,
      email: user.email,
      role: "member" as const,
    }
    yield* call(target, (client) => client.teams.removeMember({ path: { teamId, userId } }))
    return { url: target.url, team: teamRef(team), member }
  })
