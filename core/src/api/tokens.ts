import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ApiToken, CreateApiToken, CreatedApiToken } from "../domain/apiToken.js"
import { Forbidden, NotFound, ValidationError } from "../errors.js"
import { ApiTokenId } from "../ids.js"
import { Authentication } from "./security.js"

const tokenId = HttpApiSchema.param("tokenId", ApiTokenId)

/** The caller's own API tokens (developer and admin roles). */
export class TokensGroup extends HttpApiGroup.make("tokens")
  .add(
    HttpApiEndpoint.get("list", "/tokens")
      .addSuccess(Schema.Array(ApiToken))
      .annotate(OpenApi.Summary, "List my API tokens"),
  )
  .add(
    HttpApiEndpoint.post("create", "/tokens")
      .setPayload(CreateApiToken)
      .addSuccess(CreatedApiToken, { status: 201 })
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Create an API token")
      .annotate(OpenApi.Description, "The secret is in the response, once; only its hash is stored."),
  )
  .add(
    HttpApiEndpoint.del("revoke")`/tokens/${tokenId}`
      .addSuccess(Schema.Void)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Revoke one of my API tokens"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "API tokens") {}
