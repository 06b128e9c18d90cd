import { Unauthorized } from "@folio/core"
import { QueryCache, QueryClient } from "@tanstack/react-query"
import { createRouter } from "@tanstack/react-router"
import { sessionKeys } from "./api/session"
import { ErrorScreen } from "./components/ErrorScreen"
import { LoadingScreen } from "./components/LoadingScreen"
import { NotFoundScreen } from "./components/NotFoundScreen"
import { routeTree } from "./routeTree.gen"

/**
 * Retrying only helps when the request never got an answer; a typed answer from the server (401,
 * 500 with a digest, a response of the wrong shape) will not change, and retrying only delays it.
 */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && error instanceof Error && "_tag" in error && error._tag === "RequestError"

export const createAppRouter = () => {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The session ended elsewhere (expired, revoked, signed out in another tab): back to sign-in.
      // Only when a session was known: a first visit's 401 is handled by the route that asked.
      onError: (error) => {
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
    // Loaders go through TanStack Query, which decides freshness per resource.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <LoadingScreen />,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} />,
    defaultNotFoundComponent: () => <NotFoundScreen />,
    scrollRestoration: true,
  })

  return { router, queryClient }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>["router"]
  }
}
