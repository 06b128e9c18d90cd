import type { QueryClient } from "@tanstack/react-query"
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router"
import { deploymentSkewedNow, refreshServerDeployment } from "../api/deployment"
import { ErrorScreen } from "../components/ErrorScreen"
import { LoadingScreen } from "../components/LoadingScreen"
import { NotFoundScreen } from "../components/NotFoundScreen"
import { fullPageLoad } from "../routing/fullPageLoad"

export interface RouterContext {
  readonly queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, preload }) => {
    // Hovering a link asks the server which deployment it runs, so the click rarely has to wait.
    if (preload) return void refreshServerDeployment()
    // A new deployment may have removed this bundle's route chunks: load the page afresh instead.
    if (await deploymentSkewedNow()) return fullPageLoad(location.href)
  },
  component: Outlet,
  // While the console boots, go straight from index.html's boot screen to the same loading
  // screen, with no blank frame between (later navigations keep the router's 1 s grace).
  pendingComponent: () => <LoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
  notFoundComponent: () => <NotFoundScreen />,
})
