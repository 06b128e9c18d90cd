import { normaliseSentryDsn } from "@folio/core"
import { Context, Effect, Layer, Option } from "effect"
import { AppConfig, deploymentIdOf } from "../config.js"

export interface UnexpectedFailure {
  readonly failure: unknown
  /** The id in the 500 body and on the log line: the Sentry event carries it as the `digest` tag. */
  readonly digest: string
  readonly method: string
  readonly url: string
}

/** Where the server's own unexpected failures go besides the log: Sentry, when configured. */
export class ErrorReporter extends Context.Tag("@folio/server/ErrorReporter")<
  ErrorReporter,
  { readonly report: (failure: UnexpectedFailure) => Effect.Effect<void> }
>() {}

/**
 * `@sentry/node` when `SENTRY_SERVER_DSN` is set, else nothing. Only error capture: no default
 * integrations, no OpenTelemetry and no runtime instrumentation, which would patch modules under
 * Effect's own HTTP server. The client is flushed and closed when the server stops.
 */
export const ErrorReporterLive = Layer.scoped(
  ErrorReporter,
  Effect.gen(function* () {
    const config = yield* AppConfig
    if (Option.isNone(config.sentryServerDsn)) return { report: () => Effect.void }
    const dsn = normaliseSentryDsn(config.sentryServerDsn.value)
    // Loaded only when used: the SDK and its OpenTelemetry dependencies add a second to start-up.
    const Sentry = yield* Effect.promise(() => import("@sentry/node"))
    yield* Effect.acquireRelease(
      Effect.sync(() =>
        Sentry.initWithoutDefaultIntegrations({
          dsn,
          environment: config.sentryEnvironment,
          release: deploymentIdOf(config),
          integrations: [Sentry.linkedErrorsIntegration()],
          enableOpenTelemetrySetup: false,
          enableRuntimeChannelInjection: false,
          sendClientReports: false,
        }),
      ),
      () => Effect.promise(() => Sentry.close(2000)),
    )
    yield* Effect.logInfo("Reporting server errors to Sentry").pipe(
      Effect.annotateLogs({ dsn: dsn.replace(/\/\/[^@]*@/, "//") }),
    )
    return {
      report: ({ failure, digest, method, url }: UnexpectedFailure) =>
        Effect.sync(() => {
          Sentry.captureException(failure, { tags: { digest }, extra: { method, url } })
        }),
    }
  }),
)
