import { createFileRoute } from "@tanstack/react-router"
import { meQueryOptions } from "../../api/session"
import { DashboardScreen } from "../-components/DashboardScreen"

export const Route = createFileRoute("/_app/dashboard")({
  // Each tile shows its own loading and error states: start their queries, wait for none. The
  // module that knows them is fetched beside the screen's code (the screen needs it too), so the
  // first load of every other screen does not carry it.
  loader: ({ context: { queryClient } }) => {
    const me = queryClient.getQueryData(meQueryOptions().queryKey)
    if (me === undefined) return
    void import("./-components/dashboard/tiles").then(({ prefetchDashboard }) =>
      prefetchDashboard(queryClient, me),
    )
  },
  component: DashboardScreen,
})
