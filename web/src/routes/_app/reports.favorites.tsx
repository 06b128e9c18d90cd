import { createFileRoute } from "@tanstack/react-router"
import { reportsInfiniteQueryOptions } from "../../api/reports"
import { ListPending } from "./-components/directory/layout"
import { FavoritesScreen } from "./-components/reports/FavoritesScreen"
import { favoriteFilters } from "./-components/reports/favoriteFilters"

export const Route = createFileRoute("/_app/reports/favorites")({
  loader: ({ context }) =>
    context.queryClient.ensureInfiniteQueryData(reportsInfiniteQueryOptions(favoriteFilters)),
  pendingComponent: () => <ListPending title="Favorites" label="Loading your favorites…" />,
  component: FavoritesScreen,
})
