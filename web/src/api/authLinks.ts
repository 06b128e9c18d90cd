import {
  type AcceptInvite,
  type ConsumeMagicLink,
  type LinkInfo,
  type LinkKind,
  type Me,
  type RequestLink,
  type ResetPassword,
  Unauthorized,
} from "@folio/core"
import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./client"
import { rememberCsrfToken } from "./csrf"

/**
 * What an emailed link is worth right now. An expired or used link is an answer, not a failure:
 * it is kept as data so the screen can say so, and so the console's "session ended" handling
 * (which reacts to 401s from queries) never mistakes it for a lost session.
 */
export type LinkState =
  | { readonly status: "valid"; readonly info: LinkInfo }
  | { readonly status: "unusable"; readonly message: string }

export const authLinkKeys = {
  all: ["authLinks"] as const,
  link: (kind: LinkKind, token: string) => ["authLinks", kind, token] as const,
}

/** Who a link is for, without using it (GET never consumes: mail scanners open every link). */
export const linkQueryOptions = (kind: LinkKind, token: string) =>
  queryOptions({
    queryKey: authLinkKeys.link(kind, token),
    queryFn: async (): Promise<LinkState> => {
      try {
        const info = await callApi((client) => client.auth.peekLink({ path: { kind }, urlParams: { token } }))
        return { status: "valid", info }
      } catch (error) {
        if (error instanceof Unauthorized) return { status: "unusable", message: error.message }
        throw error
      }
    },
    // A link can be used up in another tab at any time: always ask again.
    staleTime: 0,
    gcTime: 0,
  })

/** Emails a sign-in link and its 6-digit code; answers the same whether or not the account exists. */
export const requestMagicLink = (payload: RequestLink): Promise<string> =>
  callApi((client) => client.auth.requestMagicLink({ payload })).then((answer) => answer.message)

/** Uses a sign-in link (its token, or the email and code) and starts a session. */
export const consumeMagicLink = async (payload: ConsumeMagicLink): Promise<Me> => {
  const { me } = await callApi((client) =>
    "token" in payload
      ? client.auth.consumeMagicLink({ payload })
      : client.auth.consumeMagicLink({ payload }),
  )
  rememberCsrfToken(me.csrfToken)
  return me
}

/** Emails a password reset link; the same neutral answer for every address. */
export const requestPasswordReset = (payload: RequestLink): Promise<string> =>
  callApi((client) => client.auth.forgotPassword({ payload })).then((answer) => answer.message)

/** Sets a new password from a reset link; the server ends every session of the account. */
export const resetPassword = (payload: ResetPassword): Promise<void> =>
  callApi((client) => client.auth.resetPassword({ payload }))

/** Sets an invited user's first password and activates the account. */
export const acceptInvite = (payload: AcceptInvite): Promise<void> =>
  callApi((client) => client.auth.acceptInvite({ payload }))
