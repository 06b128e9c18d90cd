import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AiProvider, AiRun, AiRunListParams, AiRunPage } from "../domain/ai.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { AiRunId } from "../ids.js"
import { Authentication } from "./security.js"

const runIdParam = HttpApiSchema.param("runId", AiRunId)

/**
 * The AI playground's providers and saved runs (analysts, editors, admins: `ai.use`). A run itself
 * streams: `POST /api/ai/run` with an `AiRunRequest` answers `text/event-stream`, one `AiStreamEvent`
 * per `data:` line; closing the request cancels the run and the provider's request.
 */
export class AiGroup extends HttpApiGroup.make("ai")
  .add(
    HttpApiEndpoint.get("providers", "/ai/providers")
      .addSuccess(Schema.Array(AiProvider))
      .annotate(OpenApi.Summary, "The AI providers and whether each can be used")
      .annotate(
        OpenApi.Description,
        "The built-in offline provider always; the OpenAI-compatible one as configured in `ai.openai.*` (its API key is never sent).",
      ),
  )
  .add(
    HttpApiEndpoint.get("runs", "/ai/runs")
      .setUrlParams(AiRunListParams)
      .addSuccess(AiRunPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "My saved runs, newest first"),
  )
  .add(
    HttpApiEndpoint.get("run")`/ai/runs/${runIdParam}`
      .addSuccess(AiRun)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "One of my runs, with its prompt and answer"),
  )
  .add(
    HttpApiEndpoint.del("deleteRun")`/ai/runs/${runIdParam}`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Delete one of my runs"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "AI playground") {}
