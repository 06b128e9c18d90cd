import { can } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { configHistoryInfiniteQueryOptions, configSnapshotQueryOptions } from "../../api/config"
import { meQueryOptions } from "../../api/session"
import { AdminConfigScreen } from "./-components/adminConfig/AdminConfigScreen"
import { ConfigNoAccess } from "./-components/adminConfig/ConfigNoAccess"
import { ListPending } from "./-components/directory/layout"

export const Route = createFileRoute("/_app/admin-config")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself; only ask when the store is this person's to change.
    if (!can(me.user.role, "config.manage")) return { allowed: false }
    void queryClient.prefetchInfiniteQuery(configHistoryInfiniteQueryOptions())
    await queryClient.ensureQueryData(configSnapshotQueryOptions())
    return { allowed: true }
  },
  pendingComponent: () => <ListPending title="Configuration" label="Loading the configuration…" />,
  component: AdminConfigRoute,
})

function AdminConfigRoute() {
  const { allowed } = Route.useLoaderData()
  return allowed ? <AdminConfigScreen /> : <ConfigNoAccess />
}
