import { SqlClient } from "@effect/sql"
import {
  type Actor,
  Conflict,
  type CreateEpisode,
  type CreateShow,
  type EpisodeListParams,
  type FieldIssue,
  grantFor,
  NotFound,
  type PlaybackPosition,
  type UpdateEpisode,
  type UpdateShow,
  ValidationError,
} from "@folio/core"
import { Effect, Option } from "effect"
import { Audit } from "../audit/audit.js"
import { defaultPageSize } from "../db/keyset.js"
import { timeCursor, timePage } from "../db/timeCursor.js"
import { enqueue } from "../jobs/worker.js"
import { reportReachOf } from "../reports/reach.js"
import { ReportReferences } from "../reports/references.js"
import type { AudienceWrite } from "../reports/repo.js"
import { episodeNotFound, savePosition } from "./plays.js"
import { episodeReachOf } from "./reach.js"
import { type EpisodeScope, type EpisodeWrite, PodcastsRepo, type Reader } from "./repo.js"
import { PodcastShowsRepo } from "./showsRepo.js"

/** The background task (the media store's) that removes stored files no longer used. */
export const mediaDeleteTask = "podcast_media_delete"

const showNotFound = () => new NotFound({ message: "No such show." })

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`

/**
 * Podcast shows and episodes: listening (everyone, to what their audience allows) and managing
 * (editors and admins, `podcasts.manage`). Every change is audited in its own transaction; files
 * a change leaves unused are removed by a `podcast_media_delete` job queued in that transaction.
 */
export class Podcasts extends Effect.Service<Podcasts>()("@folio/server/Podcasts", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* PodcastsRepo
    const showsRepo = yield* PodcastShowsRepo
    const refs = yield* ReportReferences
    const audit = yield* Audit

    const manages = (actor: Actor) => grantFor(actor.user.role, "podcasts.manage") === "all"

    const readerOf = (actor: Actor) =>
      Effect.map(
        reportReachOf(actor, grantFor(actor.user.role, "reports.read")),
        (reportReach): Reader => ({ userId: actor.user.id, reportReach }),
      )

    /** Managers see every episode; everyone else the published ones their audience allows. */
    const scopeOf = (actor: Actor) =>
      manages(actor)
        ? Effect.succeed<EpisodeScope>({ kind: "all" })
        : Effect.map(episodeReachOf(actor), (reach): EpisodeScope => ({ kind: "hear", reach }))

    // -- shows ------------------------------------------------------------------------------

    const shows = (actor: Actor) => Effect.flatMap(scopeOf(actor), (scope) => showsRepo.shows(scope))

    const getShow = (id: string) =>
      showsRepo
        .findShow(id)
        .pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(showNotFound()), onSome: Effect.succeed })),
        )

    const createShow = (actor: Actor, input: CreateShow) =>
      Effect.gen(function* () {
        const id = yield* showsRepo.insertShow(input, actor.user.id)
        yield* audit.record({
          action: "podcast.show.create",
          actor: actor.user,
          target: { type: "podcast_show", id },
          after: input,
        })
        return yield* getShow(id).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const updateShow = (actor: Actor, id: string, patch: UpdateShow) =>
      Effect.gen(function* () {
        const before = yield* getShow(id)
        const after = {
          title: patch.title ?? before.title,
          description: patch.description ?? before.description,
          language: patch.language ?? before.language,
          category: patch.category ?? before.category,
          explicit: patch.explicit ?? before.explicit,
        }
        yield* showsRepo.updateShow(id, after)
        yield* audit.record({
          action: "podcast.show.update",
          actor: actor.user,
          target: { type: "podcast_show", id },
          before: {
            title: before.title,
            description: before.description,
            language: before.language,
            category: before.category,
            explicit: before.explicit,
          },
          after: patch,
        })
        return yield* getShow(id)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const deleteShow = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const locked = yield* showsRepo.lockShow(id)
        if (Option.isNone(locked)) return yield* showNotFound()
        const show = locked.value
        if (show.episodes > 0)
          return yield* new Conflict({
            message: `The show "${show.title}" has ${plural(show.episodes, "episode")}; delete them first.`,
          })
        yield* showsRepo.deleteShow(id)
        if (show.artworkKey !== null) yield* enqueue(mediaDeleteTask, { keys: [show.artworkKey] })
        yield* audit.record({
          action: "podcast.show.delete",
          actor: actor.user,
          target: { type: "podcast_show", id },
          before: { title: show.title },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    // -- episodes ---------------------------------------------------------------------------

    const episodes = (actor: Actor, params: EpisodeListParams) =>
      Effect.gen(function* () {
        const manage = params.scope === "manage"
        const limit = params.limit ?? defaultPageSize
        const after = yield* timeCursor(params.cursor, "uuid")
        const reader = yield* readerOf(actor)
        const scope: EpisodeScope = manage
          ? { kind: "all" }
          : { kind: "hear", reach: yield* episodeReachOf(actor) }
        const rows = yield* repo.listEpisodes(
          reader,
          {
            order: manage ? "updated" : "published",
            scope,
            showId: params.showId,
            status: manage ? params.status : undefined,
          },
          after,
          limit + 1,
        )
        const page = timePage(rows, limit, (row) => row.key)
        return { items: page.items.map((row) => row.episode), nextCursor: page.nextCursor }
      })

    /** One episode: any for managers, otherwise only one the caller may hear (404, never 403). */
    const episode = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const found = yield* repo.findEpisode(id, yield* readerOf(actor), yield* scopeOf(actor))
        if (Option.isNone(found)) return yield* episodeNotFound()
        const transcript = found.value.hasTranscript ? yield* repo.transcriptOf(id) : null
        return { ...found.value, transcript }
      })

    /** For a manager's answer after a change. */
    const managed = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const found = yield* repo.findEpisode(id, yield* readerOf(actor), { kind: "all" })
        if (Option.isNone(found)) return yield* episodeNotFound()
        const transcript = found.value.hasTranscript ? yield* repo.transcriptOf(id) : null
        return { ...found.value, transcript }
      })

    /** The linked report exists, followReport has one, the audience names client companies and their teams. */
    const checkEpisode = (write: EpisodeWrite, audience: ReadonlyArray<AudienceWrite> | undefined) =>
      Effect.gen(function* () {
        const issues: Array<FieldIssue> = []
        if (write.reportId !== null && Option.isNone(yield* repo.reportStatus(write.reportId)))
          issues.push({ path: ["reportId"], message: "reportId: no such report" })
        if (write.followReport && write.reportId === null)
          issues.push({ path: ["followReport"], message: "followReport needs a linked report (reportId)" })
        if (audience) issues.push(...(yield* refs.checkAudience(audience)))
        if (issues.length > 0)
          return yield* new ValidationError({ message: issues.map((i) => i.message).join("; "), issues })
      })

    const audienceOf = (entries: CreateEpisode["audience"]): ReadonlyArray<AudienceWrite> =>
      entries.map((e) => ({ companyId: e.companyId, teamId: e.teamId, embargoHours: e.embargoHours }))

    const createEpisode = (actor: Actor, showId: string, input: CreateEpisode) =>
      Effect.gen(function* () {
        if (!(yield* repo.showExists(showId))) return yield* showNotFound()
        const write: EpisodeWrite = {
          title: input.title,
          notes: input.notes,
          transcript: input.transcript,
          season: input.season,
          number: input.number,
          reportId: input.reportId,
          followReport: input.followReport,
        }
        const audience = audienceOf(input.audience)
        yield* checkEpisode(write, audience)
        const id = yield* repo.insertEpisode(showId, write, actor.user.id)
        yield* repo.replaceAudience(id, audience)
        yield* audit.record({
          action: "podcast.episode.create",
          actor: actor.user,
          target: { type: "podcast_episode", id },
          after: {
            showId,
            title: write.title,
            reportId: write.reportId,
            followReport: write.followReport,
            audience: audience.length,
          },
        })
        return yield* managed(actor, id).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const updateEpisode = (actor: Actor, id: string, patch: UpdateEpisode) =>
      Effect.gen(function* () {
        const locked = yield* repo.lockEpisode(id)
        if (Option.isNone(locked)) return yield* episodeNotFound()
        const before = locked.value
        const write: EpisodeWrite = {
          title: patch.title ?? before.title,
          notes: patch.notes ?? before.notes,
          transcript: patch.transcript !== undefined ? patch.transcript : before.transcript,
          season: patch.season !== undefined ? patch.season : before.season,
          number: patch.number !== undefined ? patch.number : before.number,
          reportId: patch.reportId !== undefined ? patch.reportId : before.reportId,
          followReport: patch.followReport ?? before.followReport,
        }
        const audience = patch.audience ? audienceOf(patch.audience) : undefined
        yield* checkEpisode(write, audience)
        yield* repo.updateEpisode(id, write)
        if (audience) yield* repo.replaceAudience(id, audience)
        const { transcript: _transcript, ...changed } = patch
        yield* audit.record({
          action: "podcast.episode.update",
          actor: actor.user,
          target: { type: "podcast_episode", id },
          before: { title: before.title, reportId: before.reportId, followReport: before.followReport },
          after: {
            ...changed,
            ...(patch.audience ? { audience: patch.audience.length } : {}),
            ...(patch.transcript !== undefined
              ? { transcript: patch.transcript === null ? null : "changed" }
              : {}),
          },
        })
        return yield* managed(actor, id).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const publishEpisode = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const locked = yield* repo.lockEpisode(id)
        if (Option.isNone(locked)) return yield* episodeNotFound()
        const episode = locked.value
        if (episode.status === "published") return yield* managed(actor, id).pipe(Effect.orDie)
        if (episode.audioKey === null)
          return yield* new Conflict({ message: "Upload the audio before publishing this episode." })
        if (episode.followReport && episode.reportStatus !== "published")
          return yield* new Conflict({
            message:
              "This episode is published with its report: it goes out, to the report's audience, when the report is released. Turn off “follow the report” to publish it now.",
          })
        yield* repo.publishEpisode(id, episode.followReport)
        yield* audit.record({
          action: "podcast.episode.publish",
          actor: actor.user,
          target: { type: "podcast_episode", id },
          after: { title: episode.title, followReport: episode.followReport },
        })
        return yield* managed(actor, id).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const unpublishEpisode = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const locked = yield* repo.lockEpisode(id)
        if (Option.isNone(locked)) return yield* episodeNotFound()
        if (locked.value.status === "published") {
          yield* repo.unpublishEpisode(id)
          yield* audit.record({
            action: "podcast.episode.unpublish",
            actor: actor.user,
            target: { type: "podcast_episode", id },
            before: { title: locked.value.title },
          })
        }
        return yield* managed(actor, id).pipe(Effect.orDie)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const deleteEpisode = (actor: Actor, id: string) =>
      Effect.gen(function* () {
        const locked = yield* repo.lockEpisode(id)
        if (Option.isNone(locked)) return yield* episodeNotFound()
        const episode = locked.value
        const uploads = yield* repo.deleteEpisode(id)
        const keys = episode.audioKey === null ? [] : [episode.audioKey]
        if (keys.length > 0 || uploads.length > 0) yield* enqueue(mediaDeleteTask, { keys, uploads })
        yield* audit.record({
          action: "podcast.episode.delete",
          actor: actor.user,
          target: { type: "podcast_episode", id },
          before: { showId: episode.showId, title: episode.title, status: episode.status },
        })
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))

    const position = (actor: Actor, id: string, input: PlaybackPosition) =>
      savePosition(actor, id, input).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.provideService(PodcastsRepo, repo),
      )

    return {
      shows,
      createShow,
      updateShow,
      deleteShow,
      episodes,
      episode,
      createEpisode,
      updateEpisode,
      publishEpisode,
      unpublishEpisode,
      deleteEpisode,
      position,
    } as const
  }),
  dependencies: [PodcastsRepo.Default, PodcastShowsRepo.Default, ReportReferences.Default, Audit.Default],
}) {}
