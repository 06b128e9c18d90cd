import { ReportStatus, ReportType } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { type SearchFilters, searchInfiniteQueryOptions } from "../../api/search"
import { searchParam, searchText } from "./-components/directory/search"
import { SearchScreen } from "./-components/search/SearchScreen"

const Year = Schema.Union(Schema.Int, Schema.NumberFromString.pipe(Schema.int())).pipe(
  Schema.between(1900, 2200),
)

export const Route = createFileRoute("/_app/search")({
  validateSearch: (search: Record<string, unknown>): SearchFilters => ({
    q: searchText(search.q, 200),
    ticker: searchText(search.ticker, 12),
    sector: searchText(search.sector, 60),
    type: searchParam(ReportType, search.type),
    status: searchParam(ReportStatus, search.status),
    year: searchParam(Year, search.year),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Start the request with the navigation; the screen shows its own pending state.
    if (deps.q !== undefined)
      void context.queryClient.prefetchInfiniteQuery(searchInfiniteQueryOptions({ ...deps, q: deps.q }))
  },
  component: SearchRoute,
})

function SearchRoute() {
  const filters = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SearchScreen
      filters={filters}
      onFiltersChange={(change) =>
        navigate({
          // A new query starts from all results; a filter narrows the current query.
          search: (current) => ("q" in change ? { q: change.q } : { ...current, ...change }),
          replace: !("q" in change),
        })
      }
    />
  )
}
