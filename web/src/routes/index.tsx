import { Unauthorized } from "@folio/core"
import { createFileRoute, redirect } from "@tanstack/react-router"
import { meQueryOptions } from "../api/session"

/** `/` has no screen of its own: signed in → dashboard, otherwise → sign-in. */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions())
    } catch (error) {
      if (error instanceof Unauthorized) throw redirect({ to: "/login", replace: true })
      throw error
    }
    throw redirect({ to: "/dashboard", replace: true })
  },
})
