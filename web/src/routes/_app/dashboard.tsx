import { createFileRoute } from "@tanstack/react-router"
import { meQueryOptions } from "../../api/session"
import { DashboardScreen } from "../-components/DashboardScreen"
import { prefetchDashboard } from "./-components/dashboard/tiles"

export const Route = createFileRoute("/_app/dashboard")({
  // Each tile shows its own loading and error states: start their queries, wait for none.
  loader: ({ context: { queryClient } }) => {
    const me = queryClient.getQueryData(meQueryOptions().queryKey)
    if (me !== undefined) prefetchDashboard(queryClient, me)
  },
  component: DashboardScreen,
})
