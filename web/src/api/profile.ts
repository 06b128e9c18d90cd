import type { ChangePassword, Profile, SessionId, SessionInfo, UpdateProfile } from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"

export const profileKeys = {
  all: ["profile"] as const,
  me: () => ["profile", "me"] as const,
  sessions: () => ["profile", "sessions"] as const,
}

/** My name, time zone, notification preferences, and whether I have a password at all. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: (): Promise<Profile> => callApi((client) => client.profile.get()),
    staleTime: 60_000,
  })

/** My signed-in sessions (browsers and CLI), the one in use marked `current`. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.sessions(),
    queryFn: (): Promise<ReadonlyArray<SessionInfo>> => callApi((client) => client.profile.sessions()),
    staleTime: 0,
  })

export const updateProfile = (payload: UpdateProfile): Promise<Profile> =>
  callApi((client) => client.profile.update({ payload }))

/** Changes my password; the server signs out my other sessions and says how many. */
export const changePassword = (payload: ChangePassword): Promise<number> =>
  callApi((client) => client.profile.changePassword({ payload })).then((answer) => answer.revoked)

export const revokeSession = (sessionId: SessionId): Promise<void> =>
  callApi((client) => client.profile.revokeSession({ path: { sessionId } }))

export const revokeOtherSessions = (): Promise<number> =>
  callApi((client) => client.profile.revokeOtherSessions()).then((answer) => answer.revoked)
