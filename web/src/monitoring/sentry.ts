import { type ConsoleRuntimeConfig, parseSentryDsn, tunnelUrlFor } from "@folio/core"
import * as Sentry from "@sentry/react"
import type { QueryClient } from "@tanstack/react-query"
import type { AnyRouter } from "@tanstack/react-router"
import { type EarlyBreadcrumb, isRouterControlFlow } from "./monitor"

/** PRODUCT.md, "SDK settings". */
export const sentrySettings = {
  maxBreadcrumbs: 100,
  /** The browser SDK's own default is 40. */
  sendBufferSize: 64,
  linkedErrorsDepth: 5,
  maxStackFrames: 50,
  logFlushMs: 5_000,
} as const

/**
 * Starts the Sentry SDK (loaded by `./monitor` once the first screen is shown). Reports go through
 * the server's tunnel on this origin (`/monitoring?o=…&p=…`), which files them in the local inbox
 * and forwards them to Sentry when a DSN is configured; with no external DSN the config carries the
 * built-in local one. Gives what `./monitor` reports through, or nothing when the DSN is not one.
 */
export const startSentry = (
  router: AnyRouter,
  config: ConsoleRuntimeConfig,
  queryClient: QueryClient,
  signedInUserId: () => string | null,
):
  | {
      readonly capture: (error: unknown, digest: string | null) => void
      readonly addBreadcrumb: (breadcrumb: EarlyBreadcrumb) => void
    }
  | undefined => {
  const dsn = parseSentryDsn(config.sentryDsn)
  if (dsn === undefined) {
    console.warn("Folio: the runtime configuration's Sentry DSN is not a DSN; errors are not reported")
    return undefined
  }
  // V8 records 10 frames unless told otherwise; the SDK keeps at most 50 of what it gets.
  Error.stackTraceLimit = sentrySettings.maxStackFrames
  Sentry.init({
    dsn: config.sentryDsn,
    tunnel: tunnelUrlFor(config.tunnelPath, dsn),
    release: config.deploymentId,
    environment: config.environment,
    maxBreadcrumbs: sentrySettings.maxBreadcrumbs,
    transportOptions: { bufferSize: sentrySettings.sendBufferSize },
    integrations: [
      Sentry.linkedErrorsIntegration({ limit: sentrySettings.linkedErrorsDepth }),
      Sentry.tanstackRouterBrowserTracingIntegration(router),
      // Logs are on in SDK 11 as soon as something produces them: the console's warnings and errors.
      Sentry.consoleLoggingIntegration({ levels: ["warn", "error"] }),
    ],
    // The idle flush of the log buffer (the SDK's option for it is still marked internal).
    _flushInterval: sentrySettings.logFlushMs,
    tracesSampleRate: 1,
    // SDK 11 streams spans, so the not-found page is kept out here rather than in beforeSendTransaction.
    ignoreSpans: [/^\/404$/],
    beforeSend: (event, hint) => (isRouterControlFlow(hint.originalException) ? null : event),
  })
  followSignedInUser(queryClient, signedInUserId)
  return {
    capture: (error, digest) =>
      void Sentry.captureException(error, digest === null ? undefined : { tags: { digest } }),
    addBreadcrumb: (breadcrumb) => Sentry.addBreadcrumb({ ...breadcrumb }),
  }
}

/**
 * Names the signed-in person on every report (their id only, never their email), so an issue can
 * count the users it affects: follows the session in the query cache, from sign-in to sign-out.
 * Set before the held errors are handed over, so an error on the first screen is attributed.
 */
const followSignedInUser = (queryClient: QueryClient, signedInUserId: () => string | null): (() => void) => {
  let current: string | null = null
  const sync = () => {
    const id = signedInUserId()
    if (id === current) return
    current = id
    Sentry.setUser(id === null ? null : { id })
  }
  sync()
  return queryClient.getQueryCache().subscribe(sync)
}
