import { Unauthorized } from "@folio/core"
import { createFileRoute, redirect } from "@tanstack/react-router"
import { meQueryOptions } from "../api/session"
import { defaultSignedInPath, safeRedirectTarget } from "../auth/redirectTarget"
import { LoginScreen } from "./-components/LoginScreen"

interface LoginSearch {
  /** Where to go after signing in; only same-origin paths are kept. */
  readonly redirect?: string | undefined
}

/** Checked again where it is used: the router merges unvalidated parameters back into `search`. */
const targetOf = (search: LoginSearch): string => safeRedirectTarget(search.redirect) ?? defaultSignedInPath

export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    // An explicit `undefined` overrides the raw parameter, which the router would otherwise keep.
    return { redirect: safeRedirectTarget(search.redirect) }
  },
  beforeLoad: async ({ context, search }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions())
    } catch (error) {
      if (error instanceof Unauthorized) return
      throw error
    }
    // Already signed in: nothing to do here.
    throw redirect({ href: targetOf(search), replace: true })
  },
  component: LoginRoute,
})

function LoginRoute() {
  return <LoginScreen redirectTo={targetOf(Route.useSearch())} />
}
