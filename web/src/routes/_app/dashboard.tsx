import { createFileRoute } from "@tanstack/react-router"
import { healthQueryOptions } from "../../api/health"
import { DashboardScreen } from "../-components/DashboardScreen"

export const Route = createFileRoute("/_app/dashboard")({
  loader: ({ context }) => context.queryClient.ensureQueryData(healthQueryOptions()),
  component: DashboardScreen,
})
