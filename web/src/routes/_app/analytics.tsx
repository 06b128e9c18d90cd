import { can } from "@folio/core"
import { createFileRoute } from "@tanstack/react-router"
import { analyticsQueryOptions } from "../../api/readership"
import { meQueryOptions } from "../../api/session"
import { AnalyticsScreen } from "./-components/analytics/AnalyticsScreen"
import { AnalyticsNoAccess } from "./-components/analytics/NoAccess"
import {
  type AnalyticsSearch,
  analyticsQueryOf,
  validateAnalyticsSearch,
} from "./-components/analytics/search"
import { ListPending } from "./-components/directory/layout"

export const Route = createFileRoute("/_app/analytics")({
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => validateAnalyticsSearch(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself; only ask when analytics are this person's to see.
    if (!can(me.user.role, "analytics.view")) return { allowed: false }
    // The screen shows its own loading and error states, and keeps the last answer up while the next loads.
    void queryClient.prefetchQuery(analyticsQueryOptions(analyticsQueryOf(deps)))
    return { allowed: true }
  },
  pendingComponent: () => <ListPending title="Analytics" label="Loading analytics…" />,
  component: AnalyticsRoute,
})

function AnalyticsRoute() {
  const { allowed } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!allowed) return <AnalyticsNoAccess />
  return (
    <AnalyticsScreen
      search={search}
      // A drill-down is a step Back can undo; so is another range.
      onSearchChange={(next) => navigate({ search: next })}
    />
  )
}
