import { createFileRoute } from "@tanstack/react-router"
import { reportsInfiniteQueryOptions } from "../../api/reports"
import { ListPending } from "./-components/directory/layout"
import { FavoritesScreen, favoriteFilters } from "./-components/reports/FavoritesScreen"

export const Route = createFileRoute("/_app/reports/favorites")({
  loader: ({ context }) =>
    context.queryClient.ensureInfiniteQueryData(reportsInfiniteQueryOptions(favoriteFilters)),
  pendingComponent: () => <ListPending title="Favorites" label="Loading your favorites…" />,
  component: FavoritesScreen,
})
