import { createFileRoute } from "@tanstack/react-router"
import { coverageListQueryOptions, ratingDistributionQueryOptions } from "../../api/coverage"
import { CoverageScreen } from "./-components/coverage/CoverageScreen"
import { type CoverageSearch, filtersOf, validateCoverageSearch } from "./-components/coverage/search"
import { ListPending } from "./-components/directory/layout"

export const Route = createFileRoute("/_app/coverage")({
  validateSearch: (search: Record<string, unknown>): CoverageSearch => validateCoverageSearch(search),
  // The open history is not a filter: opening it keeps the list as it is.
  loaderDeps: ({ search }) => filtersOf(search),
  loader: async ({ context, deps, cause }) => {
    const query = coverageListQueryOptions(deps)
    void context.queryClient.prefetchQuery(ratingDistributionQueryOptions())
    // A filter change on this screen keeps the current rows up while the next ones load.
    if (cause === "stay") return void context.queryClient.prefetchQuery(query)
    await context.queryClient.ensureQueryData(query)
  },
  pendingComponent: () => <ListPending title="Coverage" label="Loading coverage…" />,
  component: CoverageRoute,
})

function CoverageRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CoverageScreen
      search={search}
      onSearchChange={(change) =>
        navigate({
          search: (current) => ({ ...current, ...change }),
          // Opening and closing a row's history is a step Back can undo; filtering is not.
          replace: !("history" in change),
        })
      }
    />
  )
}
