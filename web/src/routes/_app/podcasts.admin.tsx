import { can, ShowId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { meQueryOptions } from "../../api/session"
import { ListPending } from "./-components/directory/layout"
import { searchParam } from "./-components/directory/search"
import { PodcastsAdminScreen } from "./-components/podcasts/AdminScreen"
import { PodcastsAdminNoAccess } from "./-components/podcasts/NoAccess"

export const Route = createFileRoute("/_app/podcasts/admin")({
  validateSearch: (search: Record<string, unknown>): { show?: ShowId | undefined } => ({
    show: searchParam(ShowId, search.show),
  }),
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself, and asks for the shows (with its own loading state)
    // when managing podcasts is this person's: the podcasts API stays out of the first load.
    return { allowed: can(me.user.role, "podcasts.manage") }
  },
  pendingComponent: () => <ListPending title="Podcast admin" label="Loading shows…" />,
  component: PodcastsAdminRoute,
})

function PodcastsAdminRoute() {
  const { allowed } = Route.useLoaderData()
  const { show } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!allowed) return <PodcastsAdminNoAccess />
  return (
    <PodcastsAdminScreen
      showId={show}
      onShowChange={(next) => navigate({ search: { show: next }, replace: true })}
    />
  )
}
