import type { AnyRouter } from "@tanstack/react-router"

/** PRODUCT.md, "Caching": a route's code that has not loaded within this time falls back to a full page load. */
export const routeChunkDeadlineMs = 3_800

/** A code-split route component (`lazyRouteComponent`) exposes `preload` until its chunk has loaded. */
const preloadOf = (component: unknown): (() => Promise<unknown>) | undefined => {
  if (typeof component !== "function" || !("preload" in component)) return undefined
  const preload: unknown = component.preload
  return typeof preload === "function" ? () => Promise.resolve(preload()) : undefined
}

export interface ChunkDeadlineOptions {
  readonly deadlineMs?: number
  /** What to do with a navigation whose chunk is late; a full page load by default. */
  readonly onStall?: (href: string) => void
}

/**
 * Watches every client-side navigation: when one of the target's route chunks is still loading
 * after the deadline (a flaky network, a CDN that lost the file after a deploy), and the user is
 * still waiting for that very page, load it from the server instead. The first load is left
 * alone — reloading it would only repeat it. Returns the unsubscribe function.
 */
export const watchRouteChunks = (router: AnyRouter, options: ChunkDeadlineOptions = {}): (() => void) => {
  const deadlineMs = options.deadlineMs ?? routeChunkDeadlineMs
  const onStall = options.onStall ?? ((href: string) => window.location.assign(href))
  return router.subscribe("onBeforeLoad", ({ toLocation, fromLocation }) => {
    if (fromLocation === undefined) return
    const [routes] = router.getMatchedRoutes(toLocation.pathname)
    // The router asks for the same chunks in a moment; asking first only starts the clock.
    const loading = routes.flatMap((route) => {
      const preload = preloadOf(route.options.component)
      return preload === undefined ? [] : [preload()]
    })
    if (loading.length === 0) return
    let settled = false
    const timer = setTimeout(() => {
      if (!settled && router.latestLocation.href === toLocation.href) onStall(toLocation.href)
    }, deadlineMs)
    void Promise.allSettled(loading).then(() => {
      settled = true
      clearTimeout(timer)
    })
  })
}
