import { type Action, type Grant, grantFor } from "@folio/core"
import { useSuspenseQuery } from "@tanstack/react-query"
import { meQueryOptions } from "../../../../api/session"

/** The signed-in user's grant for an action (core's policy). The server stays the authority. */
export const useGrant = (action: Action): Grant => {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  return grantFor(me.user.role, action)
}

/** True when the signed-in user may perform the action on everything (admin-only actions). */
export const useCanManage = (action: Action): boolean => useGrant(action) === "all"

export const useMe = () => useSuspenseQuery(meQueryOptions()).data
