import {
  CreateEpisode,
  type Episode,
  EpisodeId,
  ReportId,
  type Show,
  ShowId,
  UpdateEpisode,
} from "@folio/core"
import { Effect, Schema } from "effect"
import { call, signedInTarget, type Target } from "../api.js"
import { CliError } from "../cliError.js"
import { collectPages, decodeId, defined, type Paging } from "./lookup.js"
import { decodeInput } from "./validate.js"

interface Flags {
  readonly url?: string | undefined
}

export interface ShowList {
  readonly url: string
  readonly shows: ReadonlyArray<Show>
}

/** Editors and admins see every show; everyone else the shows with an episode they may hear. */
export const listShows = (flags: Flags): Effect.Effect<ShowList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(flags)
    const shows = yield* call(target, (client) => client.podcasts.shows())
    return { url: target.url, shows }
  })

/**
 * A show by id, or by its exact title (as `folio podcasts shows` prints it). A title that matches
 * only when case is ignored is named in the error, never acted on.
 */
export const resolveShow = (target: Target, flag: string, ref: string): Effect.Effect<Show, CliError> =>
  Effect.gen(function* () {
    const text = ref.trim()
    const shows = yield* call(target, (client) => client.podcasts.shows())
    const byId = Schema.is(ShowId)(text) ? shows.find((show) => show.id === text) : undefined
    if (byId !== undefined) return byId
    const exact = shows.filter((show) => show.title === text)
    if (exact.length === 1) return exact[0]!
    if (exact.length > 1)
      return yield* Effect.fail(
        new CliError({
          code: "Ambiguous",
          message: `${exact.length} shows are titled "${text}": ${exact.map((show) => show.id).join(", ")}.`,
          hint: `Pass ${flag} with the id of the one you mean.`,
        }),
      )
    const near = shows.filter((show) => show.title.toLowerCase() === text.toLowerCase())
    return yield* Effect.fail(
      new CliError({
        code: "NotFound",
        message: `No show ${Schema.is(ShowId)(text) ? "with the id" : "titled"} ${JSON.stringify(text)}${near.length > 0 ? ` (did you mean "${near[0]!.title}"?)` : ""}.`,
        hint: "`folio podcasts shows` lists the shows you can see, with their ids.",
      }),
    )
  })

export const parseEpisodeId = decodeId(EpisodeId, "an episode")
export const parseReportId = decodeId(ReportId, "a report")

export interface EpisodeList {
  readonly url: string
  readonly scope: "listen" | "manage"
  readonly show: Pick<Show, "id" | "title"> | null
  readonly episodes: ReadonlyArray<Episode>
  readonly nextCursor: string | null
}

/** The episodes the caller may hear, newest first; with `drafts`, every episode (editors and admins). */
export const listEpisodes = (
  input: Flags & Paging & { readonly show?: string | undefined; readonly drafts: boolean },
): Effect.Effect<EpisodeList, CliError> =>
  Effect.gen(function* () {
    const target = yield* signedInTarget(input)
    const show = input.show === undefined ? null : yield* resolveShow(target, "--show", input.show)
    const scope = input.drafts ? "manage" : "listen"
    const page = yield* collectPages(input, (params) =>
      call(target, (client) =>
        client.podcasts.episodes({ urlParams: defined({ showId: show?.id, scope, ...params }) }),
      ),
    )
    return {
      url: target.url,
      scope,
      show: show === null ? null : { id: show.id, title: show.title },
      episodes: page.items,
      nextCursor: page.nextCursor,
    }
  })

export const getEpisode = (target: Target, id: EpisodeId): Effect.Effect<Episode, CliError> =>
  call(target, (client) => client.podcasts.episode({ path: { episodeId: id } }))

export interface PublishedEpisode {
  readonly url: string
  readonly episode: Episode
}

/** Publishes an episode now; the server's 409 (no audio yet, follows its report) is shown as it wrote it. */
export const publishEpisode = (
  input: Flags & { readonly id: string },
): Effect.Effect<PublishedEpisode, CliError> =>
  Effect.gen(function* () {
    const id = yield* parseEpisodeId("<episode-id>", input.id)
    const target = yield* signedInTarget(input)
    const episode = yield* call(target, (client) =>
      client.podcasts.publishEpisode({ path: { episodeId: id } }),
    )
    return { url: target.url, episode }
  })

/** What `folio podcasts upload` sends before the audio: a new draft, or changes to an episode. */
export interface EpisodeFields {
  readonly title?: string | undefined
  readonly notes?: string | undefined
  readonly reportId?: string | undefined
  readonly followReport: boolean
}

/** Creates the draft episode the audio goes to (its title defaults to the file's name). */
export const createDraft = (
  target: Target,
  show: Show,
  fields: EpisodeFields & { readonly title: string },
): Effect.Effect<Episode, CliError> =>
  Effect.gen(function* () {
    const payload = yield* decodeInput(
      CreateEpisode,
      {
        title: fields.title,
        ...(fields.notes === undefined ? {} : { notes: fields.notes }),
        ...(fields.reportId === undefined ? {} : { reportId: fields.reportId }),
        followReport: fields.followReport,
      },
      { title: "--title", notes: "--notes", reportId: "--report", followReport: "--follow-report" },
    )
    return yield* call(target, (client) =>
      client.podcasts.createEpisode({ path: { showId: show.id }, payload }),
    )
  })

/** Changes an existing episode before its audio is replaced, when flags ask for it. */
export const updateEpisode = (
  target: Target,
  episode: Episode,
  fields: EpisodeFields,
): Effect.Effect<Episode, CliError> =>
  Effect.gen(function* () {
    const changes = {
      ...(fields.title === undefined ? {} : { title: fields.title }),
      ...(fields.notes === undefined ? {} : { notes: fields.notes }),
      ...(fields.reportId === undefined ? {} : { reportId: fields.reportId }),
      ...(fields.followReport ? { followReport: true } : {}),
    }
    if (Object.keys(changes).length === 0) return episode
    const payload = yield* decodeInput(UpdateEpisode, changes, {
      title: "--title",
      notes: "--notes",
      reportId: "--report",
      followReport: "--follow-report",
    })
    return yield* call(target, (client) =>
      client.podcasts.updateEpisode({ path: { episodeId: episode.id }, payload }),
    )
  })

/** Deletes a draft this command made when the server refused its audio, so no empty draft is left. */
export const deleteDraft = (target: Target, id: EpisodeId): Effect.Effect<void, CliError> =>
  call(target, (client) => client.podcasts.deleteEpisode({ path: { episodeId: id } }))
