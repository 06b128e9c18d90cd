/**
 * PRODUCT.md, "Caching": data preloaded on intent for a route with path parameters (a report, a
 * user) is stale at once, so the click loads it afresh; for a static route (a list, the dashboard)
 * it stays fresh for 300 s.
 */
export const dynamicPreloadStaleTime = 0
export const staticPreloadStaleTime = 300_000

/** A route's full path names a parameter (`/reports/$reportId`) or a splat (`/files/$`). */
export const isDynamicRoutePath = (fullPath: string): boolean =>
  fullPath.split("/").some((segment) => segment.includes("$"))

export const preloadStaleTimeFor = (fullPath: string): number =>
  isDynamicRoutePath(fullPath) ? dynamicPreloadStaleTime : staticPreloadStaleTime
