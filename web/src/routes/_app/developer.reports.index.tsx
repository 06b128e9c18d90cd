import { createFileRoute } from "@tanstack/react-router"
import { errorIssuesInfiniteQueryOptions, traceRoutesQueryOptions } from "../../api/errorReports"
import { meQueryOptions } from "../../api/session"
import { ListPending } from "./-components/directory/layout"
import { searchText } from "./-components/directory/search"
import { mayReadErrorReports } from "./-components/errorReports/access"
import { ErrorReportsScreen } from "./-components/errorReports/ErrorReportsScreen"
import { type ErrorReportsSearch, errorReportTabs, statusOfTab } from "./-components/errorReports/search"

export const Route = createFileRoute("/_app/developer/reports/")({
  validateSearch: (search: Record<string, unknown>): ErrorReportsSearch => {
    const tab = errorReportTabs.find((candidate) => candidate !== "unresolved" && candidate === search.tab)
    return {
      tab: tab === "unresolved" ? undefined : tab,
      q: tab === "traces" ? undefined : searchText(search.q, 200),
      route: tab === "traces" ? searchText(search.route, 500) : undefined,
    }
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions())
    // The screen explains the refusal itself; only ask when the inbox is this person's to read.
    if (!mayReadErrorReports(me)) return
    const status = statusOfTab(deps.tab ?? "unresolved")
    const load =
      status === undefined
        ? queryClient.ensureQueryData(traceRoutesQueryOptions())
        : queryClient.ensureInfiniteQueryData(errorIssuesInfiniteQueryOptions({ status, q: deps.q }))
    // A change of tab or search on this screen keeps it up while the rows load.
    if (cause !== "stay") await load
  },
  pendingComponent: () => <ListPending title="Error reports" label="Loading error reports…" />,
  component: ErrorReportsRoute,
})

function ErrorReportsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ErrorReportsScreen
      search={search}
      onSearchChange={(next) => navigate({ search: next, replace: true })}
    />
  )
}
