import { CompanyId, Role, UserStatus } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { type UserFilters, usersInfiniteQueryOptions } from "../../api/users"
import { ListPending } from "./-components/directory/layout"
import { searchParam, searchText } from "./-components/directory/search"
import { UsersScreen } from "./-components/users/UsersScreen"

export const Route = createFileRoute("/_app/users/")({
  validateSearch: (search: Record<string, unknown>): UserFilters => ({
    q: searchText(search.q),
    companyId: searchParam(CompanyId, search.companyId),
    role: searchParam(Role, search.role),
    status: searchParam(UserStatus, search.status),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const query = usersInfiniteQueryOptions(deps)
    // A filter change on this screen keeps the current rows up while the next ones load.
    if (cause === "stay") return void context.queryClient.prefetchInfiniteQuery(query)
    await context.queryClient.ensureInfiniteQueryData(query)
  },
  pendingComponent: () => <ListPending title="Users" label="Loading people…" />,
  component: UsersRoute,
})

function UsersRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UsersScreen
      filters={filters}
      onFiltersChange={(change) =>
        navigate({ search: (current) => ({ ...current, ...change }), replace: true })
      }
    />
  )
}
