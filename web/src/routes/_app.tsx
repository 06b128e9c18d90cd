import { Unauthorized } from "@folio/core"
import { createFileRoute, redirect } from "@tanstack/react-router"
import { meQueryOptions } from "../api/session"
import { AppLayout } from "../shell/AppLayout"

/** Every signed-in screen lives under this pathless layout: no session → sign-in, then back here. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions())
    } catch (error) {
      if (error instanceof Unauthorized) {
        throw redirect({ to: "/login", search: { redirect: location.href }, replace: true })
      }
      throw error
    }
  },
  component: AppLayout,
})
