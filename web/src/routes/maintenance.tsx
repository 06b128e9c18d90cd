import { createFileRoute } from "@tanstack/react-router"
import { siteStatusQueryOptions } from "../api/config"
import { validateGateSearch } from "../routing/siteGate"
import { MaintenanceScreen } from "./-components/gate/MaintenanceScreen"

/** Outside the signed-in layout: it must render for people the API turns away. */
export const Route = createFileRoute("/maintenance")({
  validateSearch: (search: Record<string, unknown>) => validateGateSearch(search),
  loader: ({ context }) => context.queryClient.ensureQueryData(siteStatusQueryOptions()),
  component: MaintenanceRoute,
})

function MaintenanceRoute() {
  const { from } = Route.useSearch()
  return <MaintenanceScreen from={from} />
}
