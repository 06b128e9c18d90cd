import type { ConsoleRuntimeConfig } from "@folio/core"
import type { QueryClient } from "@tanstack/react-query"
import { type AnyRouter, isNotFound, isRedirect } from "@tanstack/react-router"
import { onFirstScreen } from "../routing/firstScreen"

/**
 * Error monitoring, as the rest of the console sees it. The Sentry SDK is a fifth of the
 * console's first load, and the first screen does not need it: it loads once that screen is on
 * display and the browser is idle. What goes wrong before then is held here (at most
 * {@link earlyLimit} errors) and handed to the SDK when it starts; the page-load trace starts at
 * the navigation's own time origin whenever the SDK starts, so it still covers the whole load.
 */

/**
 * Router control flow, not failures: a `redirect()` or `notFound()` thrown by a loader ends a
 * navigation somewhere else on purpose. Should one escape as an unhandled rejection, it is not reported.
 */
export const isRouterControlFlow = (thrown: unknown): boolean => isRedirect(thrown) || isNotFound(thrown)

/** A breadcrumb as the SDK takes it (`Sentry.addBreadcrumb`), timestamp in seconds. */
export interface EarlyBreadcrumb {
  readonly timestamp: number
  readonly category: string
  readonly type?: string
  readonly level?: "warning" | "error"
  readonly message?: string
  readonly data?: Readonly<Record<string, unknown>>
}

/** What the SDK module offers once loaded (`./sentry`). */
interface Sdk {
  readonly capture: (error: unknown, digest: string | null) => void
  readonly addBreadcrumb: (breadcrumb: EarlyBreadcrumb) => void
}

/** The SDK's own default send buffer is 64 here; more early errors than that are not worth keeping. */
const earlyLimit = 64

/** PRODUCT.md's breadcrumb limit: the SDK keeps the newest 100. */
const breadcrumbLimit = 100

type Early = { readonly error: unknown; readonly digest: string | null }

let sdk: Sdk | undefined
let early: Array<Early> | undefined
const earlyBreadcrumbs: Array<EarlyBreadcrumb> = []
/** Loads the SDK at once (set while errors are held). */
let loadNow: (() => void) | undefined

const hold = (error: unknown, digest: string | null) => {
  if (early !== undefined && early.length < earlyLimit) early.push({ error, digest })
  // Something went wrong: the SDK is worth its weight now, whatever the first screen is doing.
  loadNow?.()
}

const crumb = (breadcrumb: Omit<EarlyBreadcrumb, "timestamp">) => {
  if (early === undefined) return
  earlyBreadcrumbs.push({ timestamp: Date.now() / 1000, ...breadcrumb })
  if (earlyBreadcrumbs.length > breadcrumbLimit) earlyBreadcrumbs.shift()
}

/**
 * Until the SDK starts, the breadcrumbs it would have kept: navigations, the console's warnings
 * and errors, and `fetch` calls with their status. Gives back what undoes it.
 */
const recordEarlyBreadcrumbs = (router: AnyRouter): (() => void) => {
  const unsubscribe = router.subscribe("onResolved", ({ fromLocation, toLocation }) =>
    crumb({ category: "navigation", data: { from: fromLocation?.href ?? null, to: toLocation.href } }),
  )
  const { warn, error } = console
  console.warn = (...args: Array<unknown>) => {
    crumb({ category: "console", level: "warning", message: args.map(String).join(" ") })
    warn.apply(console, args)
  }
  console.error = (...args: Array<unknown>) => {
    crumb({ category: "console", level: "error", message: args.map(String).join(" ") })
    error.apply(console, args)
  }
  const fetch = window.fetch
  window.fetch = async (input, init) => {
    const request = new Request(input, init)
    const data = { method: request.method, url: request.url }
    try {
      const response = await fetch(input, init)
      crumb({ category: "fetch", type: "http", data: { ...data, status_code: response.status } })
      return response
    } catch (failure) {
      crumb({ category: "fetch", type: "http", level: "error", data })
      throw failure
    }
  }
  return () => {
    unsubscribe()
    console.warn = warn
    console.error = error
    window.fetch = fetch
  }
}

const onEarlyError = (event: ErrorEvent) => hold(event.error ?? event.message, null)
const onEarlyRejection = (event: PromiseRejectionEvent) => {
  if (!isRouterControlFlow(event.reason)) hold(event.reason, null)
}

/** Reports an error the console caught itself (an error screen, React's last-resort handler). */
export const reportError = (error: unknown, digest: string | null = null): void => {
  if (isRouterControlFlow(error)) return
  if (sdk !== undefined) sdk.capture(error, digest)
  else hold(error, digest)
}

/**
 * Runs `then` once: when the router has rendered its first screen and the browser is idle after
 * it, or at once when an error is held.
 */
const afterFirstScreen = (then: () => void) => {
  let done = false
  const once = () => {
    if (done) return
    done = true
    loadNow = undefined
    then()
  }
  loadNow = once
  onFirstScreen(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(once, { timeout: 2_000 })
    else setTimeout(once, 0)
  })
}

/**
 * Starts error monitoring: from now on errors are held, and once the first screen is shown the
 * SDK loads, starts (sending through the server's tunnel), takes the held errors and follows the
 * signed-in person. Without runtime config (`vite dev`) nothing is reported.
 */
export const startMonitoring = (
  router: AnyRouter,
  config: ConsoleRuntimeConfig | undefined,
  queryClient: QueryClient,
  signedInUserId: () => string | null,
): void => {
  if (config === undefined || early !== undefined || sdk !== undefined) return
  early = []
  window.addEventListener("error", onEarlyError)
  window.addEventListener("unhandledrejection", onEarlyRejection)
  const stopRecording = recordEarlyBreadcrumbs(router)
  afterFirstScreen(() => {
    void import("./sentry")
      .then(({ startSentry }) => {
        // Undone before the SDK starts, which wraps the console and fetch itself.
        stopRecording()
        window.removeEventListener("error", onEarlyError)
        window.removeEventListener("unhandledrejection", onEarlyRejection)
        const started = startSentry(router, config, queryClient, signedInUserId)
        const held = early ?? []
        early = undefined
        if (started === undefined) return
        sdk = started
        for (const breadcrumb of earlyBreadcrumbs.splice(0)) started.addBreadcrumb(breadcrumb)
        for (const { error, digest } of held) started.capture(error, digest)
      })
      .catch((error: unknown) => console.warn("Folio: error monitoring did not load", error))
  })
}
