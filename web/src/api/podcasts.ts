import type {
  CreateEpisode,
  CreateShow,
  Episode,
  EpisodeId,
  EpisodePage,
  PlaybackPosition,
  PlaybackResult,
  Show,
  ShowId,
  UpdateEpisode,
  UpdateShow,
} from "@folio/core"
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query"
import { noteServerDeployment } from "./deployment"
import { lazyApi } from "./lazy"
import { errorTextOf, folioHeaders } from "./requestHeaders"

/** Which episodes a list asks for: what I may hear, or (editors and admins) every one of a show. */
export interface EpisodeFilters {
  readonly scope: "listen" | "manage"
  readonly showId?: ShowId | undefined
}

export const podcastKeys = {
  all: ["podcasts"] as const,
  shows: () => [...podcastKeys.all, "shows"] as const,
  episodeLists: () => [...podcastKeys.all, "episodes"] as const,
  episodes: (filters: EpisodeFilters) => [...podcastKeys.episodeLists(), filters] as const,
  episode: (id: EpisodeId) => [...podcastKeys.all, "episode", id] as const,
}

export const episodePageSize = 20

/** The shows: every one for editors and admins, the ones with an episode I may hear otherwise. */
export const showsQueryOptions = () =>
  queryOptions({
    queryKey: podcastKeys.shows(),
    queryFn: (): Promise<ReadonlyArray<Show>> => lazyApi((client) => client.podcasts.shows()),
    staleTime: 30_000,
  })

/** Episodes newest first, one keyset page after another ("Load more"). */
export const episodesInfiniteQueryOptions = (filters: EpisodeFilters) =>
  infiniteQueryOptions({
    queryKey: podcastKeys.episodes(filters),
    queryFn: ({ pageParam }): Promise<EpisodePage> =>
      lazyApi((client) =>
        client.podcasts.episodes({
          urlParams: {
            limit: episodePageSize,
            scope: filters.scope,
            ...(pageParam === null ? {} : { cursor: pageParam }),
            ...(filters.showId === undefined ? {} : { showId: filters.showId }),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  })

export const episodeQueryOptions = (id: EpisodeId) =>
  queryOptions({
    queryKey: podcastKeys.episode(id),
    queryFn: (): Promise<Episode> =>
      lazyApi((client) => client.podcasts.episode({ path: { episodeId: id } })),
  })

export const createShow = (payload: CreateShow): Promise<Show> =>
  lazyApi((client) => client.podcasts.createShow({ payload }))

export const updateShow = (showId: ShowId, payload: UpdateShow): Promise<Show> =>
  lazyApi((client) => client.podcasts.updateShow({ path: { showId }, payload }))

export const deleteShow = (showId: ShowId): Promise<void> =>
  lazyApi((client) => client.podcasts.deleteShow({ path: { showId } }))

export const createEpisode = (showId: ShowId, payload: CreateEpisode): Promise<Episode> =>
  lazyApi((client) => client.podcasts.createEpisode({ path: { showId }, payload }))

export const updateEpisode = (episodeId: EpisodeId, payload: UpdateEpisode): Promise<Episode> =>
  lazyApi((client) => client.podcasts.updateEpisode({ path: { episodeId }, payload }))

export const publishEpisode = (episodeId: EpisodeId): Promise<Episode> =>
  lazyApi((client) => client.podcasts.publishEpisode({ path: { episodeId } }))

export const unpublishEpisode = (episodeId: EpisodeId): Promise<Episode> =>
  lazyApi((client) => client.podcasts.unpublishEpisode({ path: { episodeId } }))

export const deleteEpisode = (episodeId: EpisodeId): Promise<void> =>
  lazyApi((client) => client.podcasts.deleteEpisode({ path: { episodeId } }))

/** Where I am in an episode, and how much I heard since the last report. */
export const savePosition = (episodeId: EpisodeId, payload: PlaybackPosition): Promise<PlaybackResult> =>
  lazyApi((client) => client.podcasts.position({ path: { episodeId }, payload }))

/** The audio, served with range requests (seeking asks for the bytes it needs). */
export const episodeAudioUrl = (id: EpisodeId): string => `/api/podcasts/episodes/${id}/audio`

/** The show's artwork; `version` (its `artworkUpdatedAt`) makes a new upload a new address. */
export const showArtworkUrl = (show: Pick<Show, "id" | "artworkUpdatedAt">): string | null =>
  show.artworkUpdatedAt === null
    ? null
    : `/api/podcasts/shows/${show.id}/artwork?v=${show.artworkUpdatedAt.getTime()}`

/** A refusal of a request outside the typed client, with the server's own words. */
export class PodcastRequestError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = "PodcastRequestError"
    this.status = status
  }
}

/** Uploads a show's artwork (the PNG or JPEG itself as the body). */
export const uploadArtwork = async (showId: ShowId, file: File): Promise<void> => {
  const response = await fetch(`/api/podcasts/shows/${showId}/artwork`, {
    method: "PUT",
    credentials: "same-origin",
    headers: { ...folioHeaders(true), "content-type": file.type || "application/octet-stream" },
    body: file,
  })
  noteServerDeployment(response.headers)
  if (!response.ok) throw new PodcastRequestError(response.status, await errorTextOf(response))
}
