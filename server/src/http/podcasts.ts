import { HttpApiBuilder } from "@effect/platform"
import { FolioApi } from "@folio/core"
import { Effect } from "effect"
import { authorize } from "../auth/authorize.js"
import { Podcasts } from "../podcasts/service.js"

/** Shows, episodes and playback positions; the rules are the Podcasts service's. */
export const PodcastsLive = HttpApiBuilder.group(FolioApi, "podcasts", (handlers) =>
  Effect.gen(function* () {
    const podcasts = yield* Podcasts
    const listen = (need: "read" | "write") => authorize("podcasts.listen", need)
    const manage = (need: "read" | "write") => authorize("podcasts.manage", need)
    return handlers
      .handle("shows", () => listen("read").pipe(Effect.flatMap(({ actor }) => podcasts.shows(actor))))
      .handle("createShow", ({ payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.createShow(actor, payload))),
      )
      .handle("updateShow", ({ path, payload }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.updateShow(actor, path.showId, payload))),
      )
      .handle("deleteShow", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.deleteShow(actor, path.showId))),
      )
      .handle("episodes", ({ urlParams }) =>
        (urlParams.scope === "manage" ? manage("read") : listen("read")).pipe(
          Effect.flatMap(({ actor }) => podcasts.episodes(actor, urlParams)),
        ),
      )
      .handle("episode", ({ path }) =>
        listen("read").pipe(Effect.flatMap(({ actor }) => podcasts.episode(actor, path.episodeId))),
      )
      .handle("createEpisode", ({ path, payload }) =>
        manage("write").pipe(
          Effect.flatMap(({ actor }) => podcasts.createEpisode(actor, path.showId, payload)),
        ),
      )
      .handle("updateEpisode", ({ path, payload }) =>
        manage("write").pipe(
          Effect.flatMap(({ actor }) => podcasts.updateEpisode(actor, path.episodeId, payload)),
        ),
      )
      .handle("publishEpisode", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.publishEpisode(actor, path.episodeId))),
      )
      .handle("unpublishEpisode", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.unpublishEpisode(actor, path.episodeId))),
      )
      .handle("deleteEpisode", ({ path }) =>
        manage("write").pipe(Effect.flatMap(({ actor }) => podcasts.deleteEpisode(actor, path.episodeId))),
      )
      .handle("position", ({ path, payload }) =>
        listen("read").pipe(Effect.flatMap(({ actor }) => podcasts.position(actor, path.episodeId, payload))),
      )
  }),
)
