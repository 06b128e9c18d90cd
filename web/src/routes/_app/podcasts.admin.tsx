import { ShowId } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { useCanManage } from "./-components/directory/permissions"
import { searchParam } from "./-components/directory/search"
import { PodcastsAdminScreen } from "./-components/podcasts/AdminScreen"
import { PodcastsAdminNoAccess } from "./-components/podcasts/NoAccess"

// No loader: who may manage is known from the signed-in person (already loaded by the shell), and
// the screen asks for the shows with its own loading state, so nothing of podcasts is in the
// console's first load.
export const Route = createFileRoute("/_app/podcasts/admin")({
  validateSearch: (search: Record<string, unknown>): { show?: ShowId | undefined } => ({
    show: searchParam(ShowId, search.show),
  }),
  component: PodcastsAdminRoute,
})

function PodcastsAdminRoute() {
  const allowed = useCanManage("podcasts.manage")
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
