import type { Me } from "@folio/core"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { sessionKeys } from "../../api/session"

/**
 * After any kind of sign-in: forget what an earlier session cached, remember who is signed in
 * now, and go where the user was headed (a same-origin path, already checked by the caller).
 */
export const useFinishSignIn = () => {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (me: Me, redirectTo: string): Promise<void> => {
    queryClient.clear()
    queryClient.setQueryData(sessionKeys.me, me)
    await navigate({ href: redirectTo, replace: true })
  }
}
