import type {
  AddTeamMember,
  CompanyId,
  CreateTeam,
  Team,
  TeamDetail,
  TeamId,
  TeamMember,
  TeamPage,
  TeamRole,
  UpdateTeam,
  UserId,
} from "@folio/core"
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const teamKeys = {
  all: ["teams"] as const,
  lists: (companyId: CompanyId) => [...teamKeys.all, "list", companyId] as const,
  details: () => [...teamKeys.all, "detail"] as const,
  detail: (id: TeamId) => [...teamKeys.details(), id] as const,
}

export const teamPageSize = 25

/** A company's teams by name, a keyset page at a time. */
export const teamsInfiniteQueryOptions = (companyId: CompanyId) =>
  infiniteQueryOptions({
    queryKey: teamKeys.lists(companyId),
    queryFn: ({ pageParam }): Promise<TeamPage> =>
      callApi((client) =>
        client.teams.list({
          path: { companyId },
          urlParams: { limit: teamPageSize, ...(pageParam === null ? {} : { cursor: pageParam }) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** A team with its members, leads first. */
export const teamQueryOptions = (id: TeamId) =>
  queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: (): Promise<TeamDetail> => callApi((client) => client.teams.get({ path: { teamId: id } })),
  })

export const createTeam = (companyId: CompanyId, payload: CreateTeam): Promise<Team> =>
  callApi((client) => client.teams.create({ path: { companyId }, payload }))

export const updateTeam = (id: TeamId, payload: UpdateTeam): Promise<Team> =>
  callApi((client) => client.teams.update({ path: { teamId: id }, payload }))

export const deleteTeam = (id: TeamId): Promise<void> =>
  callApi((client) => client.teams.delete({ path: { teamId: id } }))

export const addTeamMember = (id: TeamId, payload: AddTeamMember): Promise<TeamMember> =>
  callApi((client) => client.teams.addMember({ path: { teamId: id }, payload }))

export const setTeamMemberRole = (id: TeamId, userId: UserId, role: TeamRole): Promise<TeamMember> =>
  callApi((client) => client.teams.setMemberRole({ path: { teamId: id, userId }, payload: { role } }))

export const removeTeamMember = (id: TeamId, userId: UserId): Promise<void> =>
  callApi((client) => client.teams.removeMember({ path: { teamId: id, userId } }))
