import { createFileRoute } from "@tanstack/react-router"
import { reportsInfiniteQueryOptions } from "../../api/reports"
import { ListPending } from "./-components/directory/layout"
import { ReportsScreen } from "./-components/reports/ReportsScreen"
import { filtersOf, type ReportSearch, validateReportSearch } from "./-components/reports/search"

export const Route = createFileRoute("/_app/reports/")({
  validateSearch: (search: Record<string, unknown>): ReportSearch => validateReportSearch(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const query = reportsInfiniteQueryOptions(filtersOf(deps))
    // A filter change on this screen keeps the current rows up while the next ones load.
    if (cause === "stay") return void context.queryClient.prefetchInfiniteQuery(query)
    await context.queryClient.ensureInfiniteQueryData(query)
  },
  pendingComponent: () => <ListPending title="Reports" label="Loading reports…" />,
  component: ReportsRoute,
})

function ReportsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ReportsScreen
      search={search}
      onSearchChange={(change) =>
        navigate({ search: (current) => ({ ...current, ...change }), replace: true })
      }
    />
  )
}
