import { Schema } from "effect"
import { ChannelId, CompanyId, DeliveryId, ReportId, ShowId, TeamId } from "../ids.js"
import { csvOf, Page, PageParams } from "../schema/pagination.js"
import { multiLineText, QueryText, singleLineText } from "../schema/text.js"

/**
 * Channels carry published reports to readers: email to the entitled users of the audience, a
 * signed webhook (Standard Webhooks), or a private feed. A delivery is one report × channel ×
 * tier (the audience entries sharing one embargo delay) with its own status.
 */

export const ChannelKind = Schema.Literal("email", "webhook", "rss")
export type ChannelKind = typeof ChannelKind.Type

export const channelKindLabels: Record<ChannelKind, string> = {
  email: "Email",
  webhook: "Webhook",
  rss: "Feed",
}

export const ChannelName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "A channel needs a name" }),
  Schema.maxLength(80, { message: () => "A channel name is at most 80 characters" }),
  singleLineText("A channel name"),
)

/** An http(s) URL without credentials; where it may point is checked by the server. */
export const WebhookUrl = Schema.Trim.pipe(
  Schema.maxLength(2000, { message: () => "A webhook URL is at most 2,000 characters" }),
  Schema.filter((text) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return "Enter a full URL, like https://example.com/hooks/folio"
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      return "A webhook URL starts with https:// or http://"
    if (url.username || url.password)
      return "Put no user name or password in a webhook URL; it is signed instead"
    return undefined
  }),
)

export const Channel = Schema.Struct({
  id: ChannelId,
  name: Schema.String,
  kind: ChannelKind,
  enabled: Schema.Boolean,
  /** Why the server turned it off (a webhook answered 410 Gone), when it did. */
  disabledReason: Schema.NullOr(Schema.String),
  /** Email: the companies and teams it narrows to (empty: every entitled reader). */
  companyIds: Schema.Array(CompanyId),
  teamIds: Schema.Array(TeamId),
  /** Webhook: where it posts. */
  url: Schema.NullOr(Schema.String),
  /** Webhook: until when the secret before the last rotation is still signed with. */
  previousSecretValidUntil: Schema.NullOr(Schema.Date),
  counts: Schema.Struct({
    pending: Schema.Int,
    delivered: Schema.Int,
    failed: Schema.Int,
    dead: Schema.Int,
  }),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type Channel = typeof Channel.Type

export const CreateChannel = Schema.Struct({
  name: ChannelName,
  kind: ChannelKind,
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  companyIds: Schema.optionalWith(Schema.Array(CompanyId).pipe(Schema.maxItems(200)), { default: () => [] }),
  teamIds: Schema.optionalWith(Schema.Array(TeamId).pipe(Schema.maxItems(200)), { default: () => [] }),
  url: Schema.optionalWith(Schema.NullOr(WebhookUrl), { default: () => null }),
}).pipe(
  Schema.filter((c) =>
    c.kind === "webhook" && c.url === null
      ? { path: ["url"], message: "A webhook channel needs a URL" }
      : undefined,
  ),
)
export type CreateChannel = typeof CreateChannel.Type

export const UpdateChannel = Schema.Struct({
  name: Schema.optional(ChannelName),
  enabled: Schema.optional(Schema.Boolean),
  companyIds: Schema.optional(Schema.Array(CompanyId).pipe(Schema.maxItems(200))),
  teamIds: Schema.optional(Schema.Array(TeamId).pipe(Schema.maxItems(200))),
  url: Schema.optional(WebhookUrl),
})
export type UpdateChannel = typeof UpdateChannel.Type

/** A new channel; a webhook's signing secret (`whsec_…`) is shown here once and never again. */
export const CreatedChannel = Schema.Struct({
  channel: Channel,
  secret: Schema.NullOr(Schema.String),
})
export type CreatedChannel = typeof CreatedChannel.Type

export const RotatedSecret = Schema.Struct({
  secret: Schema.String,
  /** Until then deliveries carry signatures with the old secret too. */
  previousValidUntil: Schema.Date,
})
export type RotatedSecret = typeof RotatedSecret.Type

export const DeliveryStatus = Schema.Literal("pending", "sending", "delivered", "failed", "dead")
export type DeliveryStatus = typeof DeliveryStatus.Type

export const DeliveryEvent = Schema.Literal("report.published", "report.corrected", "channel.test")
export type DeliveryEvent = typeof DeliveryEvent.Type

export const Delivery = Schema.Struct({
  id: DeliveryId,
  reportId: Schema.NullOr(ReportId),
  reportTitle: Schema.NullOr(Schema.String),
  channelId: ChannelId,
  channelName: Schema.String,
  channelKind: ChannelKind,
  event: DeliveryEvent,
  /** The tier: the embargo delay, in hours after publishing, of the audience entries it carries. */
  tierHours: Schema.Int,
  status: DeliveryStatus,
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  /** When it is (next) due: the tier's time, or the next retry. */
  nextAttemptAt: Schema.NullOr(Schema.Date),
  deliveredAt: Schema.NullOr(Schema.Date),
  /** Email: how many people it went to. */
  recipients: Schema.Int,
  createdAt: Schema.Date,
})
export type Delivery = typeof Delivery.Type

export const DeliveryListParams = Schema.Struct({
  ...PageParams.fields,
  /** Comma-separated statuses. */
  status: Schema.optional(csvOf(DeliveryStatus)),
  channel: Schema.optional(ChannelId),
  report: Schema.optional(ReportId),
  q: Schema.optional(QueryText("The search", 200)),
})
export type DeliveryListParams = typeof DeliveryListParams.Type

export const DeliveryPage = Page(Delivery)
export type DeliveryPage = typeof DeliveryPage.Type

export const RetryDeliveries = Schema.Struct({
  /** Retry these; or, when absent, every dead delivery (of `channel` when given). */
  ids: Schema.optional(Schema.Array(DeliveryId).pipe(Schema.maxItems(1000))),
  channel: Schema.optional(ChannelId),
})
export type RetryDeliveries = typeof RetryDeliveries.Type

export const RetryResult = Schema.Struct({ retried: Schema.Int })
export type RetryResult = typeof RetryResult.Type

/** Send a published report's current revision again, as `report.corrected`. */
export const Redeliver = Schema.Struct({
  note: Schema.Trim.pipe(
    Schema.minLength(3, { message: () => "Say what changed, in at least 3 characters" }),
    Schema.maxLength(1000),
    multiLineText("A change note"),
  ),
})
export type Redeliver = typeof Redeliver.Type

/** The JSON a webhook receives (and an email or feed entry is written from); `version` is its schema's. */
export const DeliveryPayload = Schema.Struct({
  type: DeliveryEvent,
  version: Schema.Literal(1),
  deliveryId: Schema.String,
  occurredAt: Schema.String,
  report: Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      externalId: Schema.NullOr(Schema.String),
      title: Schema.String,
      summary: Schema.String,
      type: Schema.String,
      sector: Schema.String,
      tickers: Schema.Array(Schema.String),
      publishedAt: Schema.NullOr(Schema.String),
      url: Schema.String,
      tier: Schema.Struct({
        embargoHours: Schema.Int,
        audience: Schema.Array(
          Schema.Struct({ company: Schema.NullOr(Schema.String), team: Schema.NullOr(Schema.String) }),
        ),
      }),
    }),
  ),
  changeNote: Schema.optional(Schema.String),
})
export type DeliveryPayload = typeof DeliveryPayload.Type

/** A private feed's address, shown once when made (the token is stored hashed). */
export const FeedToken = Schema.Struct({
  active: Schema.Boolean,
  createdAt: Schema.NullOr(Schema.Date),
  lastUsedAt: Schema.NullOr(Schema.Date),
})
export type FeedToken = typeof FeedToken.Type

/**
 * A private podcast feed's address for one show (made with the feed token, shown once). Here, not
 * in podcast.ts, so the console's first load (which has the feed token) does not hold podcasts.
 */
export const PodcastFeedAddress = Schema.Struct({
  showId: ShowId,
  title: Schema.String,
  url: Schema.String,
})
export type PodcastFeedAddress = typeof PodcastFeedAddress.Type

export const NewFeedToken = Schema.Struct({
  /** The feed's URL (Atom), token included. */
  url: Schema.String,
  rssUrl: Schema.String,
  /** One podcast feed (RSS) per show the user may hear episodes of, with the same token. */
  podcastFeeds: Schema.Array(PodcastFeedAddress),
  createdAt: Schema.Date,
})
export type NewFeedToken = typeof NewFeedToken.Type
