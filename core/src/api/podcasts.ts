import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  CreateEpisode,
  CreateShow,
  Episode,
  EpisodeListParams,
  EpisodePage,
  PlaybackPosition,
  PlaybackResult,
  Show,
  UpdateEpisode,
  UpdateShow,
} from "../domain/podcast.js"
import { Conflict, Forbidden, NotFound, ValidationError } from "../errors.js"
import { EpisodeId, ShowId } from "../ids.js"
import { Authentication } from "./security.js"

const showIdParam = HttpApiSchema.param("showId", ShowId)
const episodeIdParam = HttpApiSchema.param("episodeId", EpisodeId)

/**
 * Podcast shows and episodes. Listening (`podcasts.listen`) is everyone's, limited to the
 * published episodes whose audience names the caller; managing (`podcasts.manage`) is editors'
 * and admins'. The audio itself is not JSON: it is uploaded with the tus protocol at
 * `/api/podcasts/uploads` and served with range requests at `/api/podcasts/episodes/{id}/audio`.
 */
export class PodcastsGroup extends HttpApiGroup.make("podcasts")
  .add(
    HttpApiEndpoint.get("shows", "/podcasts/shows")
      .addSuccess(Schema.Array(Show))
      .annotate(OpenApi.Summary, "List shows")
      .annotate(
        OpenApi.Description,
        "Editors and admins get every show, with all its episodes counted; everyone else the shows with an episode they may hear, counting those.",
      ),
  )
  .add(
    HttpApiEndpoint.post("createShow", "/podcasts/shows")
      .setPayload(CreateShow)
      .addSuccess(Show, { status: 201 })
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Create a show"),
  )
  .add(
    HttpApiEndpoint.patch("updateShow")`/podcasts/shows/${showIdParam}`
      .setPayload(UpdateShow)
      .addSuccess(Show)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Change a show"),
  )
  .add(
    HttpApiEndpoint.del("deleteShow")`/podcasts/shows/${showIdParam}`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Delete a show that has no episodes left"),
  )
  .add(
    HttpApiEndpoint.get("episodes", "/podcasts/episodes")
      .setUrlParams(EpisodeListParams)
      .addSuccess(EpisodePage)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "List episodes, newest first")
      .annotate(
        OpenApi.Description,
        "By default the published episodes the caller may hear, newest release first. `scope=manage` (editors and admins) lists drafts too, newest change first.",
      ),
  )
  .add(
    HttpApiEndpoint.get("episode")`/podcasts/episodes/${episodeIdParam}`
      .addSuccess(Episode)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "One episode"),
  )
  .add(
    HttpApiEndpoint.post("createEpisode")`/podcasts/shows/${showIdParam}/episodes`
      .setPayload(CreateEpisode)
      .addSuccess(Episode, { status: 201 })
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Create a draft episode (upload its audio next)"),
  )
  .add(
    HttpApiEndpoint.patch("updateEpisode")`/podcasts/episodes/${episodeIdParam}`
      .setPayload(UpdateEpisode)
      .addSuccess(Episode)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Change an episode"),
  )
  .add(
    HttpApiEndpoint.post("publishEpisode")`/podcasts/episodes/${episodeIdParam}/publish`
      .addSuccess(Episode)
      .addError(NotFound)
      .addError(Conflict)
      .annotate(OpenApi.Summary, "Publish an episode now")
      .annotate(
        OpenApi.Description,
        "Needs its audio. An episode that follows its linked report is published by the report's release instead (409 until then).",
      ),
  )
  .add(
    HttpApiEndpoint.post("unpublishEpisode")`/podcasts/episodes/${episodeIdParam}/unpublish`
      .addSuccess(Episode)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Take an episode back to draft: it leaves feeds and the listening page"),
  )
  .add(
    HttpApiEndpoint.del("deleteEpisode")`/podcasts/episodes/${episodeIdParam}`
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Delete an episode and its audio"),
  )
  .add(
    HttpApiEndpoint.put("position")`/podcasts/episodes/${episodeIdParam}/position`
      .setPayload(PlaybackPosition)
      .addSuccess(PlaybackResult)
      .addError(NotFound)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Remember where I am in an episode")
      .annotate(
        OpenApi.Description,
        "Sent by the player while it plays. Heard time adds up; once 60 s of an episode were heard a `podcast_play` is recorded for the readership analytics (at most one per listener and episode a day).",
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Podcasts") {}
