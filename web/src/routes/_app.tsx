import { Unauthorized } from "@folio/core"
import { createFileRoute, redirect } from "@tanstack/react-router"
import { siteStatusQueryOptions } from "../api/config"
import { meQueryOptions } from "../api/session"
import { redirectIfGated, worksDuringMaintenance } from "../routing/siteGate"
import { AppLayout } from "../shell/AppLayout"

/**
 * Every signed-in screen lives under this pathless layout: no session → sign-in, then back here;
 * maintenance on → its page for everyone but admins; no configuration → the page that says why.
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location }) => {
    const [me, status] = await Promise.all([
      context.queryClient.ensureQueryData(meQueryOptions()),
      context.queryClient.ensureQueryData(siteStatusQueryOptions()),
    ]).catch((error: unknown) => {
      if (error instanceof Unauthorized) {
        throw redirect({ to: "/login", search: { redirect: location.href }, replace: true })
      }
      redirectIfGated(error, location.href)
      throw error
    })
    if (status.maintenance.enabled && !worksDuringMaintenance(me)) {
      throw redirect({ to: "/maintenance", search: { from: location.href }, replace: true })
    }
  },
  component: AppLayout,
})
