import { notFound, redirect } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import { isRouterControlFlow } from "../src/monitoring/monitor"
import { sentrySettings } from "../src/monitoring/sentry"

describe("isRouterControlFlow", () => {
  it("recognises a redirect and a not-found thrown by a route, which are never reported", () => {
    expect(isRouterControlFlow(redirect({ to: "/login" }))).toBe(true)
    expect(isRouterControlFlow(notFound())).toBe(true)
  })

  it("keeps real failures", () => {
    expect(isRouterControlFlow(new TypeError("x is undefined"))).toBe(false)
    expect(isRouterControlFlow(new Response(null, { status: 302 }))).toBe(false)
    expect(isRouterControlFlow("a string")).toBe(false)
  })
})

describe("sentrySettings", () => {
  it("are PRODUCT.md's: 100 breadcrumbs, a send buffer of 64, 5 linked errors, 50 frames, a 5 s log flush", () => {
    expect(sentrySettings).toEqual({
      maxBreadcrumbs: 100,
      sendBufferSize: 64,
      linkedErrorsDepth: 5,
      maxStackFrames: 50,
      logFlushMs: 5_000,
    })
  })
})
