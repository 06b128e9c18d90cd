import { createFileRoute } from "@tanstack/react-router"
import { configAvailabilityQueryOptions } from "../api/config"
import { validateGateSearch } from "../routing/siteGate"
import { MissingConfigScreen } from "./-components/gate/MissingConfigScreen"

/** Outside the signed-in layout: without configuration the server answers no session either. */
export const Route = createFileRoute("/missing-edge-config")({
  validateSearch: (search: Record<string, unknown>) => validateGateSearch(search),
  // A server that does not answer at all is said on the screen, which keeps asking.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(configAvailabilityQueryOptions()).catch(() => undefined),
  component: MissingConfigRoute,
})

function MissingConfigRoute() {
  const { from } = Route.useSearch()
  return <MissingConfigScreen from={from} />
}
