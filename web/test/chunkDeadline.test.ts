import type { AnyRouter } from "@tanstack/react-router"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { routeChunkDeadlineMs, watchRouteChunks } from "../src/routing/chunkDeadline"

type Listener = (event: { toLocation: { href: string; pathname: string }; fromLocation?: unknown }) => void

/** Just what the watcher uses of a router: its events, its route matching and its latest location. */
const fakeRouter = (component: unknown) => {
  let listener: Listener | undefined
  const router = {
    latestLocation: { href: "/tickers" },
    subscribe: (_event: string, fn: Listener) => {
      listener = fn
      return () => {}
    },
    getMatchedRoutes: () => [[{ options: {} }, { options: { component } }], {}, undefined],
  }
  const navigate = (href: string, first = false) => {
    router.latestLocation = { href }
    listener?.({ toLocation: { href, pathname: href }, ...(first ? {} : { fromLocation: { href: "/" } }) })
  }
  return { router: router as unknown as AnyRouter, navigate }
}

/** A code-split route component whose chunk settles when the test says so. */
const lazyComponent = () => {
  let settle: () => void = () => {}
  const loading = new Promise<void>((resolve) => {
    settle = resolve
  })
  const component = Object.assign(() => null, { preload: () => loading })
  return { component, settle: () => settle() }
}

describe("watchRouteChunks", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("falls back to a full page load when a chunk has not loaded within 3.8 s", () => {
    const { component } = lazyComponent()
    const { router, navigate } = fakeRouter(component)
    const onStall = vi.fn()
    watchRouteChunks(router, { onStall })
    navigate("/tickers")
    vi.advanceTimersByTime(routeChunkDeadlineMs - 1)
    expect(onStall).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onStall).toHaveBeenCalledWith("/tickers")
  })

  it("leaves a navigation alone whose chunk arrives in time", async () => {
    const { component, settle } = lazyComponent()
    const { router, navigate } = fakeRouter(component)
    const onStall = vi.fn()
    watchRouteChunks(router, { onStall })
    navigate("/tickers")
    settle()
    await vi.advanceTimersByTimeAsync(routeChunkDeadlineMs * 2)
    expect(onStall).not.toHaveBeenCalled()
  })

  it("does nothing once the user has gone elsewhere", () => {
    const { component } = lazyComponent()
    const { router, navigate } = fakeRouter(component)
    const onStall = vi.fn()
    watchRouteChunks(router, { onStall })
    navigate("/tickers")
    ;(router as unknown as { latestLocation: { href: string } }).latestLocation = { href: "/dashboard" }
    vi.advanceTimersByTime(routeChunkDeadlineMs)
    expect(onStall).not.toHaveBeenCalled()
  })

  it("never reloads the first page load, nor a route whose chunk is already there", () => {
    const { component } = lazyComponent()
    const first = fakeRouter(component)
    const loaded = fakeRouter(() => null)
    const onStall = vi.fn()
    watchRouteChunks(first.router, { onStall })
    watchRouteChunks(loaded.router, { onStall })
    first.navigate("/tickers", true)
    loaded.navigate("/tickers")
    vi.advanceTimersByTime(routeChunkDeadlineMs * 2)
    expect(onStall).not.toHaveBeenCalled()
  })
})
