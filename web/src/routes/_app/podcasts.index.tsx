import { ShowId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { searchParam } from "./-components/directory/search"
import { PodcastsScreen } from "./-components/podcasts/PodcastsScreen"

export const Route = createFileRoute("/_app/podcasts/")({
  validateSearch: (search: Record<string, unknown>): { show?: ShowId | undefined } => ({
    show: searchParam(ShowId, search.show),
  }),
  // No loader: the screen asks for its episodes itself, with its own loading and error states, so
  // the podcasts API module (and the lazy contract's client) stays out of the console's first load.
  component: PodcastsRoute,
})

function PodcastsRoute() {
  const { show } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <PodcastsScreen showId={show} onShowChange={(next) => navigate({ search: { show: next } })} />
}
