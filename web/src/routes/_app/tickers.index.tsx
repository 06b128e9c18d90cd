import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { tickersInfiniteQueryOptions } from "../../api/tickers"
import { ListPending } from "./-components/directory/layout"
import { searchParam, searchText } from "./-components/directory/search"
import { TickersScreen, type TickersSearch } from "./-components/tickers/TickersScreen"

const Active = Schema.Union(Schema.Boolean, Schema.BooleanFromString)

export const Route = createFileRoute("/_app/tickers/")({
  validateSearch: (search: Record<string, unknown>): TickersSearch => ({
    q: searchText(search.q),
    sector: searchText(search.sector, 60),
    active: searchParam(Active, search.active),
    symbol: searchText(search.symbol, 12)?.toUpperCase(),
  }),
  // The side panel's symbol is not a filter: opening it keeps the list as it is.
  loaderDeps: ({ search }) => ({ q: search.q, sector: search.sector, active: search.active }),
  loader: async ({ context, deps, cause }) => {
    const query = tickersInfiniteQueryOptions(deps)
    if (cause === "stay") return void context.queryClient.prefetchInfiniteQuery(query)
    await context.queryClient.ensureInfiniteQueryData(query)
  },
  pendingComponent: () => <ListPending title="Tickers" label="Loading tickers…" />,
  component: TickersRoute,
})

function TickersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <TickersScreen
      search={search}
      onSearchChange={(change) =>
        navigate({
          search: (current) => ({ ...current, ...change }),
          // Opening and closing the panel is a step Back can undo; filtering is not.
          replace: !("symbol" in change),
        })
      }
    />
  )
}
