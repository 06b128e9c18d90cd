import type { AiErrorKind } from "@folio/core"
import { Data, Effect, Option, Redacted, Stream } from "effect"
import OpenAI from "openai"
import { hostOf, type OpenAiSettings } from "./providers.js"

/**
 * The OpenAI-compatible provider, through the official `openai` SDK: Chat Completions streaming
 * (what OpenAI, vLLM, Ollama and LM Studio all speak) or the Responses API, as `ai.openai.api`
 * says. One request per run, no retries (a run is watched by a person, who can run it again).
 * The request is tied to an AbortController the caller owns: aborting it closes the connection to
 * the provider.
 */

/** What a run failed with: a kind the console can say, and the provider's own words. */
export class AiFailure extends Data.TaggedError("AiFailure")<{
  readonly kind: AiErrorKind
  readonly message: string
}> {}

/** A piece of the answer, or the usage the provider reported at the end. */
export type ProviderEvent =
  | { readonly type: "delta"; readonly text: string }
  | {
      readonly type: "usage"
      readonly inputTokens: number | null
      readonly outputTokens: number | null
      readonly cost: number | null
    }

/** The placeholder key for servers that want none (vLLM, Ollama, LM Studio ignore it). */
const noKey = "not-needed"

const intOrNull = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null

const numberOrNull = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null

/** The innermost cause's own words (a refused connection is `connect ECONNREFUSED …`). */
const rootMessage = (error: unknown): string => {
  let current: unknown = error
  let message = error instanceof Error ? error.message : String(error)
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) {
    current = current.cause
    if (current instanceof Error && current.message !== "") message = current.message
    else if (typeof current === "string") message = current
  }
  return message
}

/** The first line only: a message is shown as the provider said it, never with a stack. */
const firstLine = (text: string): string => {
  const line = (text.split("\n", 1)[0] ?? "").trim()
  return line.length > 1000 ? `${line.slice(0, 999)}…` : line
}

/** An SDK or network error as the kind the console shows, with the provider's message. */
export const failureOf = (error: unknown, settings: OpenAiSettings): AiFailure => {
  if (error instanceof AiFailure) return error
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiFailure({
      kind: "timeout",
      message: `${hostOf(settings.baseUrl)} did not answer within ${settings.timeoutSeconds} s`,
    })
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiFailure({
      kind: "unavailable",
      message: `Cannot reach ${hostOf(settings.baseUrl)}: ${firstLine(rootMessage(error))}`,
    })
  }
  if (error instanceof OpenAI.APIError) {
    const message = firstLine(error.message)
    switch (error.status) {
      case 401:
      case 403:
        return new AiFailure({ kind: "auth", message })
      case 404:
        return new AiFailure({
          kind: "model_not_found",
          message: `The provider has no model "${settings.model}": ${message}`,
        })
      case 429: {
        const retryAfter = error.headers?.get("retry-after")
        return new AiFailure({
          kind: "rate_limit",
          message: retryAfter ? `${message} (retry after ${retryAfter} s)` : message,
        })
      }
      case 400:
        return new AiFailure({ kind: "bad_request", message })
      default:
        return new AiFailure({ kind: "provider", message })
    }
  }
  return new AiFailure({ kind: "provider", message: firstLine(rootMessage(error)) })
}

const clientOf = (settings: OpenAiSettings) =>
  new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: Option.match(settings.apiKey, { onNone: () => noKey, onSome: Redacted.value }),
    // The SDK's timeout covers the wait for the answer's headers; the run's own deadline
    // (route.ts) covers the whole stream.
    timeout: settings.timeoutSeconds * 1000,
    maxRetries: 0,
  })

/** Chat Completions: `choices[0].delta.content`, and the usage of the last chunk when sent. */
const chat = (client: OpenAI, settings: OpenAiSettings, prompt: string, signal: AbortSignal) =>
  Stream.unwrap(
    Effect.tryPromise({
      try: () =>
        client.chat.completions.create(
          {
            model: settings.model,
            messages: [{ role: "user", content: prompt }],
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal },
        ),
      catch: (error) => failureOf(error, settings),
    }).pipe(
      Effect.map((stream) =>
        Stream.fromAsyncIterable(stream, (error) => failureOf(error, settings)).pipe(
          Stream.mapConcat((chunk): ReadonlyArray<ProviderEvent> => {
            const events: Array<ProviderEvent> = []
            const text = chunk.choices?.[0]?.delta?.content
            if (typeof text === "string" && text !== "") events.push({ type: "delta", text })
            if (chunk.usage) {
              const usage = chunk.usage as typeof chunk.usage & { cost?: unknown }
              events.push({
                type: "usage",
                inputTokens: intOrNull(usage.prompt_tokens),
                outputTokens: intOrNull(usage.completion_tokens),
                cost: numberOrNull(usage.cost),
              })
            }
            return events
          }),
        ),
      ),
    ),
  )

/** Responses: `response.output_text.delta` events, the usage of `response.completed`. */
const responses = (client: OpenAI, settings: OpenAiSettings, prompt: string, signal: AbortSignal) =>
  Stream.unwrap(
    Effect.tryPromise({
      try: () => client.responses.create({ model: settings.model, input: prompt, stream: true }, { signal }),
      catch: (error) => failureOf(error, settings),
    }).pipe(
      Effect.map((stream) =>
        Stream.fromAsyncIterable(stream, (error) => failureOf(error, settings)).pipe(
          Stream.mapEffect((event): Effect.Effect<ReadonlyArray<ProviderEvent>, AiFailure> => {
            switch (event.type) {
              case "response.output_text.delta":
                return Effect.succeed(event.delta === "" ? [] : [{ type: "delta", text: event.delta }])
              case "response.completed": {
                const usage = event.response.usage as
                  | (NonNullable<typeof event.response.usage> & { cost?: unknown })
                  | null
                  | undefined
                return Effect.succeed(
                  usage
                    ? [
                        {
                          type: "usage",
                          inputTokens: intOrNull(usage.input_tokens),
                          outputTokens: intOrNull(usage.output_tokens),
                          cost: numberOrNull(usage.cost),
                        },
                      ]
                    : [],
                )
              }
              case "response.failed":
                return Effect.fail(
                  new AiFailure({
                    kind: "provider",
                    message: firstLine(event.response.error?.message ?? "The response failed"),
                  }),
                )
              case "error":
                return Effect.fail(new AiFailure({ kind: "provider", message: firstLine(event.message) }))
              default:
                return Effect.succeed([])
            }
          }),
          Stream.flattenIterables,
        ),
      ),
    ),
  )

/** The provider's answer as it arrives; failures are `AiFailure`s with the provider's message. */
export const openAiStream = (
  settings: OpenAiSettings,
  prompt: string,
  signal: AbortSignal,
): Stream.Stream<ProviderEvent, AiFailure> =>
  Stream.suspend(() => {
    const client = clientOf(settings)
    return settings.api === "responses"
      ? responses(client, settings, prompt, signal)
      : chat(client, settings, prompt, signal)
  })
