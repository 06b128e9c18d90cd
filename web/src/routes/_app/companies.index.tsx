import { CompanyKind, CompanyStatus } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { type CompanyFilters, companiesInfiniteQueryOptions } from "../../api/companies"
import { CompaniesScreen } from "./-components/companies/CompaniesScreen"
import { ListPending } from "./-components/directory/layout"
import { searchParam, searchText } from "./-components/directory/search"

export const Route = createFileRoute("/_app/companies/")({
  validateSearch: (search: Record<string, unknown>): CompanyFilters => ({
    q: searchText(search.q),
    kind: searchParam(CompanyKind, search.kind),
    status: searchParam(CompanyStatus, search.status),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const query = companiesInfiniteQueryOptions(deps)
    // A filter change on this screen keeps the current rows up while the next ones load.
    if (cause === "stay") return void context.queryClient.prefetchInfiniteQuery(query)
    await context.queryClient.ensureInfiniteQueryData(query)
  },
  pendingComponent: () => <ListPending title="Companies" label="Loading companies…" />,
  component: CompaniesRoute,
})

function CompaniesRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CompaniesScreen
      filters={filters}
      onFiltersChange={(change) =>
        navigate({ search: (current) => ({ ...current, ...change }), replace: true })
      }
    />
  )
}
