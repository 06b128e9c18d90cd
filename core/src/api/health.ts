import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"

export const Health = Schema.Struct({
  status: Schema.Literal("ok"),
  version: Schema.String,
  deploymentId: Schema.String,
  database: Schema.Struct({
    ok: Schema.Boolean,
    latencyMs: Schema.Number,
    engine: Schema.String,
    embedded: Schema.Boolean,
  }),
  migration: Schema.Struct({
    current: Schema.NullOr(Schema.String),
    latest: Schema.String,
  }),
  uptimeSeconds: Schema.Number,
})
export type Health = typeof Health.Type

export class HealthGroup extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("health", "/health")
      .addSuccess(Health)
      .annotate(OpenApi.Summary, "Server and database health")
      .annotate(
        OpenApi.Description,
        "Pings the database and reports the applied migration, the deployment id and the version. 503 when the database does not answer.",
      ),
  )
  .annotate(OpenApi.Title, "Health") {}
