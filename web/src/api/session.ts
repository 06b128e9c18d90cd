import type { Me, SignInPayload } from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"
import { rememberCsrfToken } from "./csrf"

export const sessionKeys = {
  me: ["session", "me"] as const,
}

/** The signed-in user, their company and the CSRF token; fails with `Unauthorized` when signed out. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async (): Promise<Me> => {
      const me = await callApi((client) => client.session.me())
      rememberCsrfToken(me.csrfToken)
      return me
    },
    staleTime: 5 * 60_000,
  })

export const signIn = async (payload: SignInPayload): Promise<Me> => {
  const { me } = await callApi((client) => client.session.signIn({ payload }))
  rememberCsrfToken(me.csrfToken)
  return me
}

export const signOut = (): Promise<void> => callApi((client) => client.session.signOut())
