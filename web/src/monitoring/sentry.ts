import { type ConsoleRuntimeConfig, parseSentryDsn, tunnelUrlFor } from "@folio/core"
import * as Sentry from "@sentry/react"
import type { QueryClient } from "@tanstack/react-query"
import { type AnyRouter, isNotFound, isRedirect } from "@tanstack/react-router"

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
 * Router control flow, not failures: a `redirect()` or `notFound()` thrown by a loader ends a
 * navigation somewhere else on purpose. Should one escape as an unhandled rejection, it is not reported.
 */
export const isRouterControlFlow = (thrown: unknown): boolean => isRedirect(thrown) || isNotFound(thrown)

let started = false

/**
 * Starts the Sentry SDK before the console renders. Reports go through the server's tunnel on
 * this origin (`/monitoring?o=…&p=…`), which files them in the local inbox and forwards them to
 * Sentry when a DSN is configured; with no external DSN the config carries the built-in local
 * one. Without runtime config (`vite dev`) nothing is reported.
 */
export const startMonitoring = (router: AnyRouter, config: ConsoleRuntimeConfig | undefined): boolean => {
  if (config === undefined || started) return false
  const dsn = parseSentryDsn(config.sentryDsn)
  if (dsn === undefined) {
    console.warn("Folio: the runtime configuration's Sentry DSN is not a DSN; errors are not reported")
    return false
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
  started = true
  return true
}

/**
 * Names the signed-in person on every report (their id only, never their email), so an issue can
 * count the users it affects: follows the session in the query cache, from sign-in to sign-out.
 * Before any screen renders, so an error on the first screen is already attributed.
 */
export const followSignedInUser = (
  queryClient: QueryClient,
  signedInUserId: () => string | null,
): (() => void) => {
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

/**
 * Reports an error the console showed to the user (the root error boundary). A server failure
 * carries its digest, which the server logged with the cause.
 */
export const reportShownError = (error: unknown, digest: string | null): void => {
  if (isRouterControlFlow(error)) return
  Sentry.captureException(error, digest === null ? undefined : { tags: { digest } })
}
