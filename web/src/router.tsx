import { Unauthorized } from "@folio/core"
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query"
import { createRouter } from "@tanstack/react-router"
import { sessionKeys } from "./api/session"
import { ErrorScreen } from "./components/ErrorScreen"
import { LoadingScreen } from "./components/LoadingScreen"
import { NotFoundScreen } from "./components/NotFoundScreen"
import { routeTree } from "./routeTree.gen"
import { watchRouteChunks } from "./routing/chunkDeadline"
import { dynamicPreloadStaleTime, preloadStaleTimeFor } from "./routing/preloadFreshness"
import { gatePathOf, isGatePath } from "./routing/siteGate"

/**
 * Retrying only helps when the request never got an answer; a typed answer from the server (401,
 * 500 with a digest, a response of the wrong shape) will not change, and retrying only delays it.
 */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && error instanceof Error && "_tag" in error && error._tag === "RequestError"

export const createAppRouter = () => {
  // Maintenance (503 MaintenanceMode) or no configuration (503 ConfigMissing), said by any call,
  // a query or a write: the whole console gives way to its screen, which leads back later.
  const leaveForGate = (error: unknown): boolean => {
    const to = gatePathOf(error)
    if (to === undefined) return false
    const here = router.state.location
    if (!isGatePath(here.pathname)) void router.navigate({ to, search: { from: here.href }, replace: true })
    return true
  }

  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => void leaveForGate(error) }),
    queryCache: new QueryCache({
      // The session ended elsewhere (expired, revoked, signed out in another tab): back to sign-in.
      // Only when a session was known: a first visit's 401 is handled by the route that asked.
      onError: (error) => {
        if (leaveForGate(error)) return
        if (!(error instanceof Unauthorized)) return
        if (queryClient.getQueryData(sessionKeys.me) === undefined) return
        const here = router.state.location
        if (here.pathname === "/login" || here.pathname === "/sign-out") return
        queryClient.clear()
        void router.navigate({ to: "/login", search: { redirect: here.href }, replace: true })
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  })

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPreloadStaleTime: dynamicPreloadStaleTime,
    defaultPendingComponent: () => <LoadingScreen />,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} />,
    defaultNotFoundComponent: () => <NotFoundScreen />,
    scrollRestoration: true,
  })

  // PRODUCT.md, "Caching": data preloaded for a static route stays fresh for 300 s, for a route
  // with path parameters it is stale at once (the default above). A route may say otherwise.
  for (const route of Object.values(router.routesById)) {
    route.options.preloadStaleTime ??= preloadStaleTimeFor(route.fullPath)
  }
  // A route chunk still loading after 3.8 s: load the page from the server instead.
  watchRouteChunks(router)

  return { router, queryClient }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>["router"]
  }
}
