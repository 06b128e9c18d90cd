import type {
  CompanyId,
  InviteUser,
  Role,
  SessionId,
  SessionInfo,
  SetUserStatus,
  User,
  UserDetail,
  UserId,
  UserPage,
  UserStatus,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

/** The filters of the user directory, as they appear in the URL. */
export interface UserFilters {
  readonly q?: string | undefined
  readonly companyId?: CompanyId | undefined
  readonly role?: Role | undefined
  readonly status?: UserStatus | undefined
}

export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (filters: UserFilters) => [...userKeys.lists(), filters] as const,
  options: (companyId: CompanyId, q: string) => [...userKeys.all, "options", companyId, q] as const,
  details: () => [...userKeys.all, "detail"] as const,
  detail: (id: UserId) => [...userKeys.details(), id] as const,
  sessions: (id: UserId) => [...userKeys.detail(id), "sessions"] as const,
}

const listParams = (filters: UserFilters, cursor: string | null, limit: number) => ({
  limit,
  ...(cursor === null ? {} : { cursor }),
  ...(filters.q ? { q: filters.q } : {}),
  ...(filters.companyId ? { companyId: filters.companyId } : {}),
  ...(filters.role ? { role: filters.role } : {}),
  ...(filters.status ? { status: filters.status } : {}),
})

export const userPageSize = 25

/** People ordered by name, one keyset page after another ("Load more"). */
export const usersInfiniteQueryOptions = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ pageParam }): Promise<UserPage> =>
      callApi((client) => client.users.list({ urlParams: listParams(filters, pageParam, userPageSize) })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** The first people of a company matching a search, for pickers. */
export const userOptionsQueryOptions = (companyId: CompanyId, q: string) =>
  queryOptions({
    queryKey: userKeys.options(companyId, q),
    queryFn: (): Promise<UserPage> =>
      callApi((client) => client.users.list({ urlParams: listParams({ companyId, q }, null, 50) })),
    placeholderData: keepPreviousData,
  })

/** A user with their company and teams. */
export const userQueryOptions = (id: UserId) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: (): Promise<UserDetail> => callApi((client) => client.users.get({ path: { userId: id } })),
  })

export const inviteUser = (payload: InviteUser): Promise<User> =>
  callApi((client) => client.invites.invite({ payload }))

export const setUserRole = (id: UserId, role: Role): Promise<UserDetail> =>
  callApi((client) => client.users.setRole({ path: { userId: id }, payload: { role } }))

export const setUserStatus = (id: UserId, status: SetUserStatus["status"]): Promise<UserDetail> =>
  callApi((client) => client.users.setStatus({ path: { userId: id }, payload: { status } }))

/** A user's live sessions (admins); the one this request came in on is marked when it is theirs. */
export const userSessionsQueryOptions = (id: UserId) =>
  queryOptions({
    queryKey: userKeys.sessions(id),
    queryFn: (): Promise<ReadonlyArray<SessionInfo>> =>
      callApi((client) => client.profile.userSessions({ path: { userId: id } })),
    staleTime: 0,
  })

export const revokeUserSession = (id: UserId, sessionId: SessionId): Promise<void> =>
  callApi((client) => client.profile.revokeUserSession({ path: { userId: id, sessionId } }))

/** Ends every session of a user (on one's own account, all but the one in use); says how many. */
export const revokeUserSessions = (id: UserId): Promise<number> =>
  callApi((client) => client.profile.revokeUserSessions({ path: { userId: id } })).then(
    (answer) => answer.revoked,
  )
