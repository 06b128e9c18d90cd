import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  Channel,
  CreateChannel,
  CreatedChannel,
  Delivery,
  DeliveryListParams,
  DeliveryPage,
  FeedToken,
  NewFeedToken,
  Redeliver,
  RetryDeliveries,
  RetryResult,
  RotatedSecret,
  UpdateChannel,
} from "../domain/channel.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { ChannelId, ReportId } from "../ids.js"
import { Authentication } from "./security.js"

const channelIdParam = HttpApiSchema.param("channelId", ChannelId)
const reportIdParam = HttpApiSchema.param("reportId", ReportId)

/** Channels and their delivery log (editors and admins), and each reader's private feed. */
export class ChannelsGroup extends HttpApiGroup.make("channels")
  .add(
    HttpApiEndpoint.get("list", "/channels")
      .addSuccess(Schema.Array(Channel))
      .annotate(OpenApi.Summary, "List channels with their delivery counts"),
  )
  .add(
    HttpApiEndpoint.post("create", "/channels")
      .setPayload(CreateChannel)
      .addSuccess(CreatedChannel, { status: 201 })
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Create a channel")
      .annotate(
        OpenApi.Description,
        "A webhook's signing secret (`whsec_…`) is in this answer only. A webhook URL on a loopback, private, link-local or metadata address is refused unless the operator allows that network.",
      ),
  )
  .add(
    HttpApiEndpoint.patch("update")`/channels/${channelIdParam}`
      .setPayload(UpdateChannel)
      .addSuccess(Channel)
      .addError(NotFound)
      .addError(ValidationError)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Change, enable or disable a channel"),
  )
  .add(
    HttpApiEndpoint.post("rotateSecret")`/channels/${channelIdParam}/rotate-secret`
      .addSuccess(RotatedSecret)
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Rotate a webhook's signing secret")
      .annotate(OpenApi.Description, "The new secret is shown once; the old one keeps signing for 24 hours."),
  )
  .add(
    HttpApiEndpoint.post("test")`/channels/${channelIdParam}/test`
      .addSuccess(Delivery, { status: 202 })
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Send a test delivery (`channel.test`) through a channel"),
  )
  .add(
    HttpApiEndpoint.get("deliveries", "/deliveries")
      .setUrlParams(DeliveryListParams)
      .addSuccess(DeliveryPage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "The delivery log, newest first"),
  )
  .add(
    HttpApiEndpoint.post("retry", "/deliveries/retry")
      .setPayload(RetryDeliveries)
      .addSuccess(RetryResult)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Retry failed or dead deliveries now"),
  )
  .add(
    HttpApiEndpoint.post("redeliver")`/reports/${reportIdParam}/redeliver`
      .setPayload(Redeliver)
      .addSuccess(Schema.Array(Delivery), { status: 202 })
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Deliver a corrected published report again (`report.corrected`)"),
  )
  .add(
    HttpApiEndpoint.get("feedToken", "/profile/feed")
      .addSuccess(FeedToken)
      .annotate(OpenApi.Summary, "Whether I have a private feed"),
  )
  .add(
    HttpApiEndpoint.post("newFeedToken", "/profile/feed")
      .addSuccess(NewFeedToken, { status: 201 })
      .annotate(OpenApi.Summary, "Make (or replace) my private feed's address")
      .annotate(
        OpenApi.Description,
        "The address holds the token and is shown once; the old one stops working.",
      ),
  )
  .add(
    HttpApiEndpoint.del("revokeFeedToken", "/profile/feed")
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(OpenApi.Summary, "Revoke my private feed: its address answers 404 from now on"),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Channels") {}
