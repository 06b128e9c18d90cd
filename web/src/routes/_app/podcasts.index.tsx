import { ShowId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { episodesInfiniteQueryOptions } from "../../api/podcasts"
import { ListPending } from "./-components/directory/layout"
import { searchParam } from "./-components/directory/search"
import { PodcastsScreen } from "./-components/podcasts/PodcastsScreen"

export const Route = createFileRoute("/_app/podcasts/")({
  validateSearch: (search: Record<string, unknown>): { show?: ShowId | undefined } => ({
    show: searchParam(ShowId, search.show),
  }),
  loaderDeps: ({ search }) => ({ show: search.show }),
  // The screen shows its own loading and error states; start the list early.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(
      episodesInfiniteQueryOptions({ scope: "listen", showId: deps.show }),
    ),
  pendingComponent: () => <ListPending title="Podcasts" label="Loading episodes…" />,
  component: PodcastsRoute,
})

function PodcastsRoute() {
  const { show } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <PodcastsScreen showId={show} onShowChange={(next) => navigate({ search: { show: next } })} />
}
