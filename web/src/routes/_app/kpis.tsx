import { createFileRoute } from "@tanstack/react-router"
import { kpiTickersQueryOptions, tickerKpisQueryOptions } from "../../api/kpis"
import { ListPending } from "./-components/directory/layout"
import { searchText } from "./-components/directory/search"
import { KpisScreen, type KpisSearch } from "./-components/kpis/KpisScreen"

export const Route = createFileRoute("/_app/kpis")({
  validateSearch: (search: Record<string, unknown>): KpisSearch => ({
    symbol: searchText(search.symbol, 12)?.toUpperCase(),
  }),
  loaderDeps: ({ search }) => ({ symbol: search.symbol }),
  loader: async ({ context: { queryClient }, deps }) => {
    // The chosen ticker's table loads alongside the list (the screen shows its own pending state).
    if (deps.symbol !== undefined) void queryClient.prefetchQuery(tickerKpisQueryOptions(deps.symbol))
    const list = await queryClient.ensureQueryData(kpiTickersQueryOptions())
    const first = list.items[0]?.symbol
    if (deps.symbol === undefined && first !== undefined)
      void queryClient.prefetchQuery(tickerKpisQueryOptions(first))
  },
  pendingComponent: () => <ListPending title="KPIs" label="Loading KPIs…" />,
  component: KpisRoute,
})

function KpisRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <KpisScreen
      search={search}
      // Another ticker is a step Back can undo.
      onSearchChange={(change) => navigate({ search: (current) => ({ ...current, ...change }) })}
    />
  )
}
