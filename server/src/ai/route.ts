import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import {
  type Actor,
  type AiProviderId,
  type AiRun,
  AiRunRequest,
  AiStreamEvent,
  Authentication,
  aiRunPath,
  aiTemplate,
  fillAiPrompt,
  type Grant,
  ValidationError,
} from "@folio/core"
import { Duration, Effect, Either, Layer, Option, type ParseResult, Schema, Stream } from "effect"
import { Audit } from "../audit/audit.js"
import { AuthenticationLive } from "../auth/authentication.js"
import { ConfigStore } from "../config/store.js"
import { boundedDecodeError } from "../http/decodeErrors.js"
import { callerFor, refusal } from "../http/requestActor.js"
import { offlineStream } from "./offlineStream.js"
import { AiFailure, openAiStream, type ProviderEvent } from "./openai.js"
import { offlineProvider, openAiConfigured, openAiSettings, openAiUnavailableReason } from "./providers.js"
import type { AiReportFields } from "./repo.js"
import { AiRuns } from "./runs.js"

/**
 * `POST /api/ai/run` (core's `aiRunPath`): one run, answered as server-sent events.
 * - the caller needs `ai.use` (a bearer token with the write scope, or the session cookie with its
 *   CSRF header); the body is an `AiRunRequest` (JSON, under the API's body guard);
 * - the report that fills the template is read with the caller's `reports.read` reach: one they
 *   may not read is a 404 and nothing is sent to any provider;
 * - the run is saved (`running`) and audited (`ai.run`) before the first byte goes out; then
 *   `start`, the answer as `delta`s, and `done` (the saved run) or `error` (the provider's words;
 *   the run saved `failed` with what had arrived);
 * - when the client goes away, Node's response closes and @effect/platform-node interrupts the
 *   fiber writing the stream: the stream's finalizer aborts the provider's request and saves the
 *   run `cancelled` with what had arrived. The run's deadline (`ai.openai.timeoutSeconds`) ends it
 *   the same way, as a `timeout` error.
 */

const encoder = new TextEncoder()
const encodeEvent = Schema.encodeSync(AiStreamEvent)
const sse = (event: AiStreamEvent): Uint8Array =>
  encoder.encode(`data: ${JSON.stringify(encodeEvent(event))}\n\n`)

const streamHeaders = {
  "cache-control": "no-store",
  "x-accel-buffering": "no",
}

const badRequest = (error: ParseResult.ParseError) => {
  const decoded = boundedDecodeError(error)
  return HttpServerResponse.unsafeJson(
    { _tag: "HttpApiDecodeError", issues: decoded.issues, message: decoded.message },
    { status: 400, headers: { "cache-control": "no-store" } },
  )
}

const invalid = (error: ValidationError) =>
  HttpServerResponse.unsafeJson(
    { _tag: error._tag, message: error.message, issues: error.issues },
    { status: 400, headers: { "cache-control": "no-store" } },
  )

const decodeRequest = Schema.decodeUnknownEither(AiRunRequest)

/** What a run accumulates as it streams, read by whichever way it ends. */
interface Progress {
  output: string
  inputTokens: number | null
  outputTokens: number | null
  cost: number | null
  lastByteAt: number | null
  firstByteAt: number | null
  ended: boolean
}

export const AiRunRouteLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const runs = yield* AiRuns
    const audit = yield* Audit
    const store = yield* ConfigStore
    const authentication = yield* Authentication

    /** The run's answer: the provider's events, with its deadline; none of it starts before the stream is read. */
    const providerEvents = (
      provider: AiProviderId,
      prompt: string,
      report: AiReportFields | null,
      input: { template: AiRunRequest["template"]; prompt: string },
      signal: AbortSignal,
    ): Stream.Stream<ProviderEvent, AiFailure> => {
      if (provider === "offline") {
        // Only extraction looks tickers up: the other templates do not read the table.
        const known = input.template === "extract" ? runs.knownTickers : Effect.succeed([])
        return Stream.unwrap(
          Effect.map(known, (knownTickers) =>
            offlineStream({
              template: input.template,
              title: report?.title ?? "",
              summary: report?.summary ?? "",
              body: report?.body ?? "",
              tickers: report?.tickers ?? [],
              prompt: input.prompt,
              knownTickers,
            }),
          ),
        )
      }
      const settings = openAiSettings(store)
      const deadline = Duration.seconds(settings.timeoutSeconds)
      return openAiStream(settings, prompt, signal).pipe(
        Stream.interruptWhen(
          Effect.sleep(deadline).pipe(
            Effect.zipRight(
              Effect.fail(
                new AiFailure({
                  kind: "timeout",
                  message: `The provider did not finish within ${settings.timeoutSeconds} s`,
                }),
              ),
            ),
          ),
        ),
      )
    }

    const run = (actor: Actor, grant: Grant) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const text = yield* Effect.orElseSucceed(request.text, () => "")
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          return invalid(new ValidationError({ message: "The body is not JSON", issues: [] }))
        }
        const decoded = decodeRequest(json)
        if (Either.isLeft(decoded)) return badRequest(decoded.left)
        const body = decoded.right
        const template = aiTemplate(body.template)
        if (template.report === "required" && body.reportId === null) {
          return invalid(ValidationError.field("reportId", `"${template.label}" needs a report: choose one.`))
        }
        const settings = openAiSettings(store)
        if (body.provider === "openai" && !openAiConfigured(settings)) {
          return invalid(
            ValidationError.field(
              "provider",
              `The OpenAI-compatible provider is off: ${openAiUnavailableReason}.`,
            ),
          )
        }
        let report: AiReportFields | null = null
        if (body.reportId !== null) {
          const found = yield* Effect.either(runs.report(actor, grant, body.reportId))
          if (Either.isLeft(found)) return refusal(404, "NotFound", found.left.message)
          report = found.right
        }
        const prompt = fillAiPrompt(body.template, {
          title: report?.title ?? "",
          summary: report?.summary ?? "",
          body: report?.body ?? "",
          tickers: report?.tickers ?? [],
          prompt: body.prompt,
        })
        const model = body.provider === "offline" ? offlineProvider.model : settings.model
        /** The saved run (`running`) and its audit entry: made when the stream starts, so none is left running. */
        const begin = Effect.gen(function* () {
          const runId = yield* runs.start({
            userId: actor.user.id,
            provider: body.provider,
            model,
            template: body.template,
            report: report === null ? null : { id: report.id, title: report.title },
            input: body.prompt,
            prompt,
          })
          yield* audit.record({
            action: "ai.run",
            actor: { id: actor.user.id, email: actor.user.email },
            target: { type: "ai_run", id: runId },
            after: { provider: body.provider, model, template: body.template, reportId: report?.id ?? null },
          })
          return runId
        }).pipe(Effect.provideService(HttpServerRequest.HttpServerRequest, request))

        const events = Stream.unwrapScoped(
          Effect.gen(function* () {
            const controller = new AbortController()
            const startedAt = Date.now()
            const progress: Progress = {
              output: "",
              inputTokens: null,
              outputTokens: null,
              cost: null,
              lastByteAt: null,
              firstByteAt: null,
              ended: false,
            }
            const latency = () => (progress.lastByteAt ?? Date.now()) - startedAt
            const save = (
              id: string,
              status: "completed" | "cancelled" | "failed",
              error: string | null,
            ): Effect.Effect<void> =>
              runs.finish(id, {
                status,
                output: progress.output,
                error,
                latencyMs: latency(),
                inputTokens: progress.inputTokens,
                outputTokens: progress.outputTokens,
                cost: progress.cost,
              })
            // However the stream ends, the provider's request ends with it; a stream that ends
            // before it finished (the client went away) leaves its run cancelled.
            const runId: { readonly id: string } = yield* Effect.acquireRelease(
              Effect.map(begin, (id) => ({ id })),
              ({ id }) =>
                Effect.gen(function* () {
                  controller.abort()
                  if (progress.ended) return
                  progress.ended = true
                  yield* save(id, "cancelled", null)
                  yield* Effect.logDebug("AI run cancelled").pipe(
                    Effect.annotateLogs({ runId: id, characters: progress.output.length }),
                  )
                }),
            )
            const answer = providerEvents(
              body.provider,
              prompt,
              report,
              { template: body.template, prompt: body.prompt },
              controller.signal,
            ).pipe(
              Stream.filterMap((event): Option.Option<AiStreamEvent> => {
                const now = Date.now()
                if (event.type === "usage") {
                  progress.inputTokens = event.inputTokens
                  progress.outputTokens = event.outputTokens
                  progress.cost = event.cost
                  progress.lastByteAt = now
                  return Option.none()
                }
                progress.output += event.text
                progress.firstByteAt ??= now
                progress.lastByteAt = now
                return Option.some({ type: "delta", text: event.text })
              }),
            )
            const finished = Effect.gen(function* () {
              progress.ended = true
              yield* save(runId.id, "completed", null)
              const saved: AiRun = yield* runs.get(actor.user.id, runId.id).pipe(Effect.orDie)
              return { type: "done", run: saved } satisfies AiStreamEvent
            }).pipe(Effect.uninterruptible)
            const failed = (failure: AiFailure) =>
              Effect.gen(function* () {
                progress.ended = true
                yield* save(runId.id, "failed", failure.message)
                return { type: "error", kind: failure.kind, message: failure.message } satisfies AiStreamEvent
              }).pipe(Effect.uninterruptible)
            const start: AiStreamEvent = {
              type: "start",
              runId: runId.id as AiRun["id"],
              provider: body.provider,
              model,
            }
            return Stream.make(start).pipe(
              Stream.concat(answer),
              Stream.concat(Stream.fromEffect(finished)),
              Stream.catchAll((failure) => Stream.fromEffect(failed(failure))),
            )
          }),
        )
        return HttpServerResponse.stream(Stream.map(events, sse), {
          contentType: "text/event-stream",
          headers: streamHeaders,
        })
      })

    const handle = Effect.gen(function* () {
      const caller = yield* callerFor("ai.use", "write")
      if (Either.isLeft(caller)) return caller.left
      return yield* run(caller.right.actor, caller.right.grant)
    }).pipe(Effect.provideService(Authentication, authentication))

    yield* router.post(aiRunPath, handle)
  }),
).pipe(Layer.provide([AiRuns.Default, Audit.Default, AuthenticationLive]))
