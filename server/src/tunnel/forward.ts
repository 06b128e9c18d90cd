import { HttpServerResponse } from "@effect/platform"
import { Duration, Effect } from "effect"

export const defaultForwardTimeout = Duration.seconds(10)

/** Sentry's answer carries the SDK's back-off instructions; these go back to the browser as they came. */
const passedHeaders = ["retry-after", "x-sentry-rate-limits"] as const
const maxAnswerBytes = 64 * 1024

/** `fetch failed: connect ECONNREFUSED 127.0.0.1:9`, not just `fetch failed`. */
const describe = (cause: unknown): string =>
  cause instanceof Error
    ? cause.cause instanceof Error
      ? `${cause.message}: ${cause.cause.message}`
      : cause.message
    : String(cause)

const failure = (status: 502 | 504, tag: string, message: string) =>
  HttpServerResponse.unsafeJson({ _tag: tag, message }, { status, headers: { "cache-control": "no-store" } })

/**
 * POSTs the envelope's bytes, untouched, to one ingest URL, following no redirects, and turns
 * Sentry's answer into ours: its status, its rate-limit headers and (when small) its body. An
 * unreachable or slow ingest becomes a 502 or 504; the caller has filed the events either way.
 */
export const forwardEnvelope = (
  url: string,
  body: Uint8Array,
  timeout: Duration.Duration = defaultForwardTimeout,
) =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-sentry-envelope" },
        redirect: "manual",
        signal,
      })
      return { response, answer: new Uint8Array(await response.arrayBuffer()) }
    },
    catch: (cause) => cause,
  }).pipe(
    Effect.timeoutFail({ duration: timeout, onTimeout: () => "timeout" as const }),
    Effect.map(({ response, answer }) => {
      const headers: Record<string, string> = { "cache-control": "no-store" }
      for (const name of passedHeaders) {
        const value = response.headers.get(name)
        if (value !== null) headers[name] = value
      }
      return answer.length > 0 && answer.length <= maxAnswerBytes
        ? HttpServerResponse.uint8Array(answer, {
            status: response.status,
            headers,
            contentType: response.headers.get("content-type") ?? "application/json",
          })
        : HttpServerResponse.unsafeJson({}, { status: response.status, headers })
    }),
    Effect.catchAll((cause) => {
      const timedOut = cause === "timeout"
      return Effect.logWarning("Could not forward an envelope to Sentry").pipe(
        Effect.annotateLogs({ url, reason: timedOut ? "timeout" : describe(cause) }),
        Effect.as(
          timedOut
            ? failure(
                504,
                "UpstreamTimeout",
                `Sentry did not answer within ${Duration.format(timeout)}; the events were kept in the local inbox.`,
              )
            : failure(
                502,
                "UpstreamUnavailable",
                "Sentry could not be reached; the events were kept in the local inbox.",
              ),
        ),
      )
    }),
  )
