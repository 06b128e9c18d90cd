import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { Channels } from "../channels/service.js"
import { FeedTokens } from "../feeds/tokens.js"

export const ChannelsLive = HttpApiBuilder.group(FolioApi, "channels", (handlers) =>
  Effect.gen(function* () {
    const channels = yield* Channels
    const feeds = yield* FeedTokens
    const manage = (need: "read" | "write") => authorize("channels.manage", need)
    return handlers
      .handle("list", () => manage("read").pipe(Effect.zipRight(channels.list)))
      .handle("create", ({ payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => channels.create(actor, payload))),
      )
      .handle("update", ({ path, payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => channels.update(actor, path.channelId, payload))),
      )
      .handle("rotateSecret", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => channels.rotateSecret(actor, path.channelId))),
      )
      .handle("test", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => channels.test(actor, path.channelId))),
      )
      .handle("deliveries", ({ urlParams }) =>
        manage("read").pipe(Effect.zipRight(channels.deliveries(urlParams))),
      )
      .handle("retry", ({ payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => channels.retry(actor, payload))),
      )
      .handle("redeliver", ({ path, payload }) =>
        authorize("reports.publish", "write").pipe(
          Effect.flatMap(({ actor }) => channels.redeliver(actor, path.reportId, payload.note)),
        ),
      )
      .handle("feedToken", () =>
        authorize("profile.manage", "read").pipe(Effect.flatMap(({ actor }) => feeds.status(actor.user.id))),
      )
      .handle("newFeedToken", () =>
        authorize("profile.manage", "write").pipe(Effect.flatMap(({ actor }) => feeds.issue(actor.user.id))),
      )
      .handle("revokeFeedToken", () =>
        authorize("profile.manage", "write").pipe(Effect.flatMap(({ actor }) => feeds.revoke(actor.user.id))),
      )
  }),
)
